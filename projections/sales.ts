/**
 * Sales analytics: revenue (paise), units and orders per day, per category and per seller.
 *
 * What counts: the lines of orders placed, at the price the buyer paid (price x quantity;
 * delivery charges are not a seller's revenue), on the UTC day the order was placed. A
 * cancelled order does not count: its cancellation takes its lines back off the day it was
 * placed, so a day's figures are always those of its orders not cancelled.
 */
import { type Paise, multiply, sum } from '../domain/money.ts';
import type { OrderEvent, OrderLine } from '../domain/order/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import type { Projection } from '../platform/projection/projection.ts';

export interface Tally {
  revenuePaise: Paise;
  units: number;
  /** Orders with at least one line counted here. */
  orders: number;
}

/** A day's sales (of one seller, or of everyone), with the categories they came from. */
export interface SalesDoc extends Doc, Tally {
  /** YYYY-MM-DD, UTC. */
  day: string;
  categories: Record<string, Tally>;
}

/** One seller's sales of one day. Id `${day}:${sellerId}`. */
export interface SellerDayDoc extends SalesDoc {
  sellerId: string;
}

/** Everyone's sales of one day. Id: the day. Per seller, see SellerDayDoc: a day holds any number of sellers. */
export type DayDoc = SalesDoc;

export const SALES_BY_SELLER = 'sales_daily';
export const SALES_BY_DAY = 'sales_days';
/** Orders that may still be cancelled (id: the order id): what to take back if they are. */
const OPEN_ORDERS = 'sales_open_orders';

interface OpenOrderDoc extends Doc {
  day: string;
  lines: SaleLine[];
}

type SaleLine = Pick<OrderLine, 'sellerId' | 'categoryId'> & { revenuePaise: Paise; units: number };

export const sellerDayId = (day: string, sellerId: string): string => `${day}:${sellerId}`;

export const NO_SALES: Tally = { revenuePaise: 0, units: 0, orders: 0 };

export function addTally(a: Tally, b: Tally, sign: 1 | -1 = 1): Tally {
  return {
    revenuePaise: sum([a.revenuePaise, sign * b.revenuePaise]),
    units: a.units + sign * b.units,
    orders: a.orders + sign * b.orders,
  };
}

/** One order's lines as one sale: every order counts once per day, seller and category it touches. */
function saleOf(lines: readonly SaleLine[]): Tally {
  return { revenuePaise: sum(lines.map((line) => line.revenuePaise)), units: sum(lines.map((line) => line.units)), orders: 1 };
}

function groupBy(lines: readonly SaleLine[], key: 'sellerId' | 'categoryId'): Map<string, SaleLine[]> {
  const groups = new Map<string, SaleLine[]>();
  for (const line of lines) groups.set(line[key], [...(groups.get(line[key]) ?? []), line]);
  return groups;
}

/** Adds (or takes back) each group's sale; a key left with no orders is dropped. */
function addGroups(tallies: Record<string, Tally>, groups: Map<string, SaleLine[]>, sign: 1 | -1): Record<string, Tally> {
  const result = { ...tallies };
  for (const [key, lines] of groups) {
    const tally = addTally(result[key] ?? NO_SALES, saleOf(lines), sign);
    if (tally.orders === 0) delete result[key];
    else result[key] = tally;
  }
  return result;
}

function withSale<T extends SalesDoc>(doc: T, lines: readonly SaleLine[], sign: 1 | -1): T {
  return { ...doc, ...addTally(doc, saleOf(lines), sign), categories: addGroups(doc.categories, groupBy(lines, 'categoryId'), sign) };
}

/** Adds an order's lines to its day, or takes them back; documents left with no orders are deleted. */
async function count(work: UnitOfWork, day: string, lines: readonly SaleLine[], sign: 1 | -1): Promise<void> {
  const bySeller = groupBy(lines, 'sellerId');
  const dayDoc = (await work.get<DayDoc>(SALES_BY_DAY, day)) ?? { id: day, day, ...NO_SALES, categories: {} };
  const newDay = withSale(dayDoc, lines, sign);
  if (newDay.orders === 0) work.delete(SALES_BY_DAY, day);
  else work.put<DayDoc>(SALES_BY_DAY, newDay);

  for (const [sellerId, sellerLines] of bySeller) {
    const id = sellerDayId(day, sellerId);
    const sellerDoc = (await work.get<SellerDayDoc>(SALES_BY_SELLER, id)) ?? { id, day, sellerId, ...NO_SALES, categories: {} };
    const newSellerDay = withSale(sellerDoc, sellerLines, sign);
    if (newSellerDay.orders === 0) work.delete(SALES_BY_SELLER, id);
    else work.put<SellerDayDoc>(SALES_BY_SELLER, newSellerDay);
  }
}

type SalesEvent = Extract<OrderEvent, { type: 'OrderPlaced' | 'OrderShipped' | 'OrderCancelled' }>;

export const sales: Projection = {
  name: 'sales',
  // Queries read documents by id (a day, or a day and a seller) for each day of a range.
  collections: [{ name: SALES_BY_SELLER, indexes: [['day']] }, { name: SALES_BY_DAY }, { name: OPEN_ORDERS }],
  eventTypes: new Set<SalesEvent['type']>(['OrderPlaced', 'OrderShipped', 'OrderCancelled']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as SalesEvent & RecordedEvent;
    switch (event.type) {
      case 'OrderPlaced': {
        const { orderId, placedAt } = event.data;
        const day = placedAt.slice(0, 10);
        const lines = event.data.lines.map(({ sellerId, categoryId, pricePaise, quantity }) => ({
          sellerId,
          categoryId,
          revenuePaise: multiply(pricePaise, quantity),
          units: quantity,
        }));
        work.put<OpenOrderDoc>(OPEN_ORDERS, { id: orderId, day, lines });
        return count(work, day, lines, 1);
      }
      case 'OrderShipped':
        // Shipped orders can no longer be cancelled: nothing left to take back.
        work.delete(OPEN_ORDERS, event.data.orderId);
        return;
      case 'OrderCancelled': {
        const open = await work.get<OpenOrderDoc>(OPEN_ORDERS, event.data.orderId);
        if (!open) return;
        work.delete(OPEN_ORDERS, open.id);
        return count(work, open.day, open.lines, -1);
      }
    }
  },
};
