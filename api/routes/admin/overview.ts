import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/order/status.ts';
import { ADMIN_SELLERS, type AdminSellerDoc } from '../../../projections/admin.ts';
import { COLLECTIONS, type OrderDoc, type ProductDoc, type UserDoc } from '../../../projections/models.ts';
import { type DayDoc, NO_SALES, SALES_BY_DAY, type Tally, addTally } from '../../../projections/sales.ts';
import { requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../context.ts';
import { errors, jsonResponse, router } from '../../http.ts';

/** The sales figures cover this many days, today included; the analytics page has any range. */
const SALES_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const TallySchema = z.object({
  revenuePaise: z.number().int().openapi({ description: 'Price x quantity of the lines, in paise; delivery charges excluded' }),
  units: z.number().int(),
  orders: z.number().int(),
});

const count = (description: string) => z.number().int().openapi({ description });

const OverviewSchema = z
  .object({
    users: count('Accounts'),
    sellersAwaitingVerification: count('Sellers neither verified nor suspended'),
    productsAwaitingReview: count('Products pending review'),
    ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()).openapi({ description: 'Orders per status, every status named' }),
    sales: z
      .object({ today: TallySchema, last30Days: TallySchema })
      .openapi({ description: 'Orders placed (UTC days), cancelled ones not counted, as in the sales analytics' }),
  })
  .openapi('AdminOverview');

/** The last `count` UTC days up to the day of `now`, newest first. */
const lastDays = (count: number, now: number): string[] =>
  Array.from({ length: count }, (_, i) => new Date(now - i * DAY_MS).toISOString().slice(0, 10));

const tallyOf = ({ revenuePaise, units, orders }: Tally): Tally => ({ revenuePaise, units, orders });

export function adminOverviewRoutes(ctx: AppContext) {
  const app = router();
  const users = ctx.platform.read.collection<UserDoc>(COLLECTIONS.users);
  const sellers = ctx.platform.read.collection<AdminSellerDoc>(ADMIN_SELLERS);
  const products = ctx.platform.read.collection<ProductDoc>(COLLECTIONS.products);
  const orders = ctx.platform.read.collection<OrderDoc>(COLLECTIONS.orders);
  const salesByDay = ctx.platform.read.collection<DayDoc>(SALES_BY_DAY);

  async function ordersByStatus(): Promise<Record<OrderStatus, number>> {
    const counts = await Promise.all(ORDER_STATUSES.map((status) => orders.count({ status })));
    return Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, counts[i]!])) as Record<OrderStatus, number>;
  }

  async function sales() {
    const days = lastDays(SALES_DAYS, Date.now());
    const docs = await salesByDay.getMany(days);
    const today = docs.find((doc) => doc.day === days[0]);
    return { today: tallyOf(today ?? NO_SALES), last30Days: docs.reduce<Tally>((total, doc) => addTally(total, doc), NO_SALES) };
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/overview',
      tags: ['Admin'],
      summary: 'What awaits the admins, orders by status, and the sales of today and the last 30 days',
      responses: { 200: jsonResponse(OverviewSchema, 'Counts and sales figures'), ...errors(401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const [userCount, sellersAwaitingVerification, productsAwaitingReview, byStatus, salesFigures] = await Promise.all([
        users.count(),
        sellers.count({ isSeller: true, status: 'unverified' }),
        products.count({ verification: 'pending', delisted: false }),
        ordersByStatus(),
        sales(),
      ]);
      return c.json(
        { users: userCount, sellersAwaitingVerification, productsAwaitingReview, ordersByStatus: byStatus, sales: salesFigures },
        200,
      );
    },
  );

  return app;
}
