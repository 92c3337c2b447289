import { createRoute, z } from '@hono/zod-openapi';
import { COLLECTIONS, type UserDoc } from '../../projections/models.ts';
import {
  type DayDoc,
  NO_SALES,
  SALES_BY_DAY,
  SALES_BY_SELLER,
  type SalesDoc,
  type SellerDayDoc,
  type Tally,
  addTally,
  sellerDayId,
} from '../../projections/sales.ts';
import { requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { errors, jsonResponse, router } from '../http.ts';

/** The range shown when none is asked for: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

const RANGE_MESSAGES = {
  from: 'From must be a date like 2024-05-01',
  to: 'To must be a date like 2024-05-01',
  order: 'From must be on or before To',
  span: `A range can span at most ${MAX_DAYS} days`,
} as const;

const RangeQuerySchema = z.object({
  from: z.iso.date({ error: RANGE_MESSAGES.from }).optional().openapi({ description: `First day (UTC), included; ${DEFAULT_DAYS} days before To when absent` }),
  to: z.iso.date({ error: RANGE_MESSAGES.to }).optional().openapi({ description: 'Last day (UTC), included; today when absent' }),
});

const tallyFields = {
  revenuePaise: z.number().int().openapi({ description: 'Price x quantity of the lines, in paise; delivery charges excluded' }),
  units: z.number().int(),
  orders: z.number().int().openapi({ description: 'Orders with a line counted here' }),
};

const SellerAnalyticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    totals: z.object(tallyFields),
    days: z.array(z.object({ day: z.string(), ...tallyFields })).openapi({ description: 'Every day of the range, oldest first' }),
    categories: z.array(z.object({ categoryId: z.string(), ...tallyFields })).openapi({ description: 'Highest revenue first' }),
  })
  .openapi('SellerAnalytics');

const AdminAnalyticsSchema = SellerAnalyticsSchema.extend({
  sellers: z.array(z.object({ sellerId: z.string(), sellerName: z.string(), ...tallyFields })).openapi({ description: 'Highest revenue first' }),
}).openapi('AdminAnalytics');

const invalidRange = (message: string) => new ApiError(400, 'validation_failed', message, { from: message });

const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** Every day from `from` to `to` (defaults: the last 30 days to today), or a 400 for a range backwards or too long. */
function daysOf(query: { from?: string; to?: string }, today: string): { from: string; to: string; days: string[] } {
  const to = query.to ?? today;
  const from = query.from ?? dayOf(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span < 1) throw invalidRange(RANGE_MESSAGES.order);
  if (span > MAX_DAYS) throw invalidRange(RANGE_MESSAGES.span);
  return { from, to, days: Array.from({ length: span }, (_, i) => dayOf(Date.parse(from) + i * DAY_MS)) };
}

const tallyOf = ({ revenuePaise, units, orders }: Tally): Tally => ({ revenuePaise, units, orders });

/** Tallies of the same keys added up, highest revenue first (ties by key). */
function ranked(maps: ReadonlyArray<Record<string, Tally>>): Array<[string, Tally]> {
  const totals = new Map<string, Tally>();
  for (const map of maps) for (const [key, tally] of Object.entries(map)) totals.set(key, addTally(totals.get(key) ?? NO_SALES, tally));
  return [...totals].sort(([a, x], [b, y]) => y.revenuePaise - x.revenuePaise || (a < b ? -1 : 1));
}

/** Totals, the series of every day of the range and the categories, from the documents of the days that had sales. */
function report(range: { from: string; to: string; days: string[] }, docs: readonly SalesDoc[]) {
  const byDay = new Map(docs.map((doc) => [doc.day, doc]));
  return {
    from: range.from,
    to: range.to,
    totals: docs.reduce<Tally>((total, doc) => addTally(total, doc), NO_SALES),
    days: range.days.map((day) => ({ day, ...tallyOf(byDay.get(day) ?? NO_SALES) })),
    categories: ranked(docs.map((doc) => doc.categories)).map(([categoryId, tally]) => ({ categoryId, ...tally })),
  };
}

const tags = ['Analytics'];

export function analyticsRoutes(ctx: AppContext) {
  const app = router();
  const bySeller = ctx.platform.read.collection<SellerDayDoc>(SALES_BY_SELLER);
  const byDay = ctx.platform.read.collection<DayDoc>(SALES_BY_DAY);
  const users = ctx.platform.read.collection<UserDoc>(COLLECTIONS.users);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/seller',
      tags,
      summary: "The signed-in seller's sales: revenue, units and orders per day and per category (cancelled orders not counted)",
      request: { query: RangeQuerySchema },
      responses: { 200: jsonResponse(SellerAnalyticsSchema, 'Sales of the range'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      const user = requireRole(c, 'seller');
      const range = daysOf(c.req.valid('query'), dayOf(Date.now()));
      const docs = await bySeller.getMany(range.days.map((day) => sellerDayId(day, user.id)));
      return c.json(report(range, docs), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin',
      tags,
      summary: 'The whole marketplace’s sales: per day, per category and per seller (cancelled orders not counted)',
      request: { query: RangeQuerySchema },
      responses: { 200: jsonResponse(AdminAnalyticsSchema, 'Sales of the range'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const range = daysOf(c.req.valid('query'), dayOf(Date.now()));
      const docs = await byDay.getMany(range.days);
      const sellerDays = (await Promise.all(range.days.map((day) => bySeller.find({ where: { day } })))).flat();
      const sellers = ranked(sellerDays.map((doc) => ({ [doc.sellerId]: doc })));
      const names = new Map((await users.getMany(sellers.map(([sellerId]) => sellerId))).map((user) => [user.id, user.fullName]));
      // "Seller" is the spec's fallback for a seller without a name.
      const sellerTallies = sellers.map(([sellerId, tally]) => ({ sellerId, sellerName: names.get(sellerId) ?? 'Seller', ...tally }));
      return c.json({ ...report(range, docs), sellers: sellerTallies }, 200);
    },
  );

  return app;
}
