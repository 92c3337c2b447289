/** Reads of the sales read model (`sales_daily` per seller and day, `sales_days` per day): the analytics and the admin overview. */
import { DAY_RANGE_MESSAGES } from '../../domain/days.ts';
import { DomainError } from '../../domain/decider.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { fullNames } from '../users/queries.ts';
import type {
  DayDoc,
  MarketplaceSalesReport,
  RecentSales,
  SalesDoc,
  SalesRange,
  SalesReport,
  SellerDayDoc,
  SellerVariantsDoc,
  Tally,
} from './documents.ts';
import { NO_SALES, SALES_BY_DAY, SALES_BY_SELLER, SALES_OF_VARIANTS, addTally, sellerDayId } from './projection.ts';

/** The range shown when none is asked for: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;

export const RANGE_MESSAGES = {
  ...DAY_RANGE_MESSAGES,
  span: `A range can span at most ${MAX_DAYS} days`,
} as const;

/** The days asked for (UTC, YYYY-MM-DD, both included); either may be left out. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

const bySeller = (read: ReadStore) => read.collection<SellerDayDoc>(SALES_BY_SELLER);
const byDay = (read: ReadStore) => read.collection<DayDoc>(SALES_BY_DAY);

const invalidRange = (message: string) => new DomainError('validation_failed', message, 'invalid', { from: message });

const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The last `count` UTC days up to the day of `now` (ISO-8601), newest first. */
const lastDays = (count: number, now: string): string[] =>
  Array.from({ length: count }, (_, i) => dayOf(Date.parse(now) - i * DAY_MS));

/** Every day from `from` to `to` (defaults: the last 30 days to the day of `now`), or an invalid DomainError for a range backwards or too long. */
function daysOf(query: DayRange, now: string): { from: string; to: string; days: string[] } {
  const to = query.to ?? dayOf(Date.parse(now));
  const from = query.from ?? dayOf(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span < 1) throw invalidRange(RANGE_MESSAGES.order);
  if (span > MAX_DAYS) throw invalidRange(RANGE_MESSAGES.span);
  return { from, to, days: Array.from({ length: span }, (_, i) => dayOf(Date.parse(from) + i * DAY_MS)) };
}

const tallyOf = ({ revenuePaise, units, orders }: Tally): Tally => ({ revenuePaise, units, orders });

const totalOf = (docs: readonly Tally[]): Tally => docs.reduce<Tally>((total, doc) => addTally(total, doc), NO_SALES);

/** Tallies of the same keys added up, highest revenue first (ties by key). */
function ranked(maps: ReadonlyArray<Record<string, Tally>>): Array<[string, Tally]> {
  const totals = new Map<string, Tally>();
  for (const map of maps)
    for (const [key, tally] of Object.entries(map)) totals.set(key, addTally(totals.get(key) ?? NO_SALES, tally));
  return [...totals].sort(([a, x], [b, y]) => y.revenuePaise - x.revenuePaise || (a < b ? -1 : 1));
}

/** Totals, the series of every day of the range and the categories, from the documents of the days that had sales. */
function report(range: { from: string; to: string; days: string[] }, docs: readonly SalesDoc[]): SalesRange {
  const dayDocs = new Map(docs.map((doc) => [doc.day, doc]));
  return {
    from: range.from,
    to: range.to,
    totals: totalOf(docs),
    days: range.days.map((day) => ({ day, ...tallyOf(dayDocs.get(day) ?? NO_SALES) })),
    categories: ranked(docs.map((doc) => doc.categories)).map(([categoryId, tally]) => ({ categoryId, ...tally })),
  };
}

/** One seller's sales of the days asked for (`now`, ISO-8601, names today); invalid for a bad range. */
export async function sellerSales(
  read: ReadStore,
  sellerId: string,
  query: DayRange,
  now: string,
): Promise<SalesReport> {
  const range = daysOf(query, now);
  const ids = range.days.map((day) => sellerDayId(day, sellerId));
  const docs = await bySeller(read).getMany(ids);
  const ofVariants = await read.collection<SellerVariantsDoc>(SALES_OF_VARIANTS).getMany(ids);
  const names = new Map(ofVariants.flatMap((doc) => Object.entries(doc.variants)));
  const variants = ranked(ofVariants.map((doc) => doc.variants)).map(([key, tally]) => {
    const { productId, variantId, name, variantLabel } = names.get(key)!;
    return { productId, variantId, name, variantLabel, ...tallyOf(tally) };
  });
  return { ...report(range, docs), variants };
}

/** The whole marketplace's sales of the days asked for, with every seller's; invalid for a bad range. */
export async function marketplaceSales(read: ReadStore, query: DayRange, now: string): Promise<MarketplaceSalesReport> {
  const range = daysOf(query, now);
  const docs = await byDay(read).getMany(range.days);
  const sellerDays = (await Promise.all(range.days.map((day) => bySeller(read).find({ where: { day } })))).flat();
  const sellers = ranked(sellerDays.map((doc) => ({ [doc.sellerId]: doc })));
  const names = await fullNames(
    read,
    sellers.map(([sellerId]) => sellerId),
  );
  // "Seller" is the spec's fallback for a seller without a name.
  const sellerTallies = sellers.map(([sellerId, tally]) => ({
    sellerId,
    sellerName: names.get(sellerId) ?? 'Seller',
    ...tally,
  }));
  return { ...report(range, docs), sellers: sellerTallies };
}

/** The sales of the day of `now` (ISO-8601) and of the last 30 days up to it. */
export async function recentSales(read: ReadStore, now: string): Promise<RecentSales> {
  const days = lastDays(DEFAULT_DAYS, now);
  const docs = await byDay(read).getMany(days);
  const today = docs.find((doc) => doc.day === days[0]);
  return { today: tallyOf(today ?? NO_SALES), last30Days: totalOf(docs) };
}
