/**
 * Sales analytics: revenue (paise), units and orders per day, per category and per seller.
 *
 * What counts: the lines of purchases placed, at the price the buyer paid (price x quantity;
 * delivery charges are not a seller's revenue), on the UTC day the purchase was placed. A
 * cancelled seller order does not count: its cancellation takes its lines back off the day
 * the purchase was placed. An accepted return takes the units returned, and what was paid for
 * them, back off that same day. So a day's figures are always those of its seller orders not
 * cancelled, less what was returned.
 *
 * `orders` counts purchases in everyone's figures and seller orders in a seller's (a purchase
 * has one seller order per seller); each counts once per category it has a line in. A return
 * takes back units and revenue, not orders: a seller order returned whole still happened.
 *
 * Order streams written before seller orders existed are read as current events (see
 * ../legacy-orders.ts): an old cancellation of the whole purchase cancels each seller order.
 */
import { type Paise, multiply, sum } from '../../domain/money.ts';
import type { LineSettlement, OrderEvent, OrderLine } from '../../domain/order/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import { legacyOrders } from '../legacy-orders.ts';
import type { DayDoc, SalesDoc, SellerDayDoc, SellerVariantsDoc, Tally, VariantTally } from './documents.ts';
import { lineKey } from '../../domain/order/line-key.ts';
import { type VariantLine, purchaseOf } from '../../domain/order/upcast.ts';

export const SALES_BY_SELLER = 'sales_daily';
export const SALES_BY_DAY = 'sales_days';
/**
 * Purchases with sales still counted (id: the order id): what to take back if a seller order
 * is cancelled or a return accepted. Kept while any seller order counts, as a delivered one
 * may still be returned.
 */
const OPEN_ORDERS = 'sales_open_orders';
/** A seller's sales of each variant, per day (documents.ts `SellerVariantsDoc`). */
export const SALES_OF_VARIANTS = 'sales_variants';

interface OpenOrderDoc extends Doc {
  day: string;
  /** The seller orders not cancelled, their lines less what was returned. */
  sellerOrders: Array<{ sellerOrderId: string; lines: SaleLine[] }>;
}

/** A line counted: `key` names it among its purchase's lines (lineKey), `variantKey` its variant among the seller's. */
type SaleLine = Pick<OrderLine, 'productId' | 'sellerId' | 'categoryId' | 'name'> & {
  key: string;
  variantId: string;
  variantLabel: string;
  revenuePaise: Paise;
  units: number;
};

/** A variant's key among a seller's sales: the product id for a product sold as one thing. */
const variantKey = ({ productId, variantId }: Pick<SaleLine, 'productId' | 'variantId'>): string =>
  lineKey({ productId, variantId });

const legacy = legacyOrders('sales_legacy_orders');

export const sellerDayId = (day: string, sellerId: string): string => `${day}:${sellerId}`;

export const NO_SALES: Tally = { revenuePaise: 0, units: 0, orders: 0 };

export function addTally(a: Tally, b: Tally, sign: 1 | -1 = 1): Tally {
  return {
    revenuePaise: sum([a.revenuePaise, sign * b.revenuePaise]),
    units: a.units + sign * b.units,
    orders: a.orders + sign * b.orders,
  };
}

/** One purchase's lines as one sale: it counts once per day, seller and category it touches. */
function saleOf(lines: readonly SaleLine[]): Tally {
  return {
    revenuePaise: sum(lines.map((line) => line.revenuePaise)),
    units: sum(lines.map((line) => line.units)),
    orders: 1,
  };
}

function groupBy(lines: readonly SaleLine[], key: 'sellerId' | 'categoryId'): Map<string, SaleLine[]> {
  const groups = new Map<string, SaleLine[]>();
  for (const line of lines) groups.set(line[key], [...(groups.get(line[key]) ?? []), line]);
  return groups;
}

/** Adds (or takes back) each group's sale; a key left with no orders is dropped. */
function addGroups(
  tallies: Record<string, Tally>,
  groups: Map<string, SaleLine[]>,
  sign: 1 | -1,
): Record<string, Tally> {
  const result = { ...tallies };
  for (const [key, lines] of groups) {
    const tally = addTally(result[key] ?? NO_SALES, saleOf(lines), sign);
    if (tally.orders === 0) delete result[key];
    else result[key] = tally;
  }
  return result;
}

function withSale<T extends SalesDoc>(doc: T, lines: readonly SaleLine[], sign: 1 | -1): T {
  return {
    ...doc,
    ...addTally(doc, saleOf(lines), sign),
    categories: addGroups(doc.categories, groupBy(lines, 'categoryId'), sign),
  };
}

/** Adds a purchase's lines to its day, or takes them back; documents left with no orders are deleted. */
/** Adds (or takes back) each variant's sale of a seller's lines; a variant left with no orders is dropped. */
function addVariants(
  tallies: Record<string, VariantTally>,
  lines: readonly SaleLine[],
  sign: 1 | -1,
): Record<string, VariantTally> {
  const result = { ...tallies };
  const groups = new Map<string, SaleLine[]>();
  for (const line of lines) groups.set(variantKey(line), [...(groups.get(variantKey(line)) ?? []), line]);
  for (const [key, own] of groups) {
    const { productId, variantId, name, variantLabel } = own[0]!;
    const tally = addTally(result[key] ?? NO_SALES, saleOf(own), sign);
    if (tally.orders === 0) delete result[key];
    else result[key] = { productId, variantId, name, variantLabel, ...tally };
  }
  return result;
}

async function count(work: UnitOfWork, day: string, lines: readonly SaleLine[], sign: 1 | -1): Promise<void> {
  // A purchase with no lines counted (every seller order cancelled) is no order of the day.
  if (lines.length === 0) return;
  const bySeller = groupBy(lines, 'sellerId');
  const dayDoc = (await work.get<DayDoc>(SALES_BY_DAY, day)) ?? { id: day, day, ...NO_SALES, categories: {} };
  const newDay = withSale(dayDoc, lines, sign);
  if (newDay.orders === 0) work.delete(SALES_BY_DAY, day);
  else work.put<DayDoc>(SALES_BY_DAY, newDay);

  for (const [sellerId, sellerLines] of bySeller) {
    const id = sellerDayId(day, sellerId);
    const sellerDoc = (await work.get<SellerDayDoc>(SALES_BY_SELLER, id)) ?? {
      id,
      day,
      sellerId,
      ...NO_SALES,
      categories: {},
    };
    const newSellerDay = withSale(sellerDoc, sellerLines, sign);
    if (newSellerDay.orders === 0) work.delete(SALES_BY_SELLER, id);
    else work.put<SellerDayDoc>(SALES_BY_SELLER, newSellerDay);
    const kept = await work.get<SellerVariantsDoc>(SALES_OF_VARIANTS, id);
    const variants = addVariants(kept?.variants ?? {}, sellerLines, sign);
    if (Object.keys(variants).length === 0) work.delete(SALES_OF_VARIANTS, id);
    else work.put<SellerVariantsDoc>(SALES_OF_VARIANTS, { id, day, sellerId, variants });
  }
}

const countedLines = (open: OpenOrderDoc): SaleLine[] => open.sellerOrders.flatMap(({ lines }) => lines);

/**
 * Replaces what a purchase counts on its day by what it counts once `change` is made to its
 * seller orders. Taking back the whole purchase and counting what is left, rather than only
 * the lines gone, keeps the purchase counted once in everyone's figures and in each category
 * while any of its lines are.
 */
async function recount(
  work: UnitOfWork,
  orderId: string,
  change: (sellerOrders: OpenOrderDoc['sellerOrders']) => OpenOrderDoc['sellerOrders'],
): Promise<void> {
  const open = await work.get<OpenOrderDoc>(OPEN_ORDERS, orderId);
  if (!open) return;
  const changed = { ...open, sellerOrders: change(open.sellerOrders) };
  await count(work, open.day, countedLines(open), -1);
  await count(work, open.day, countedLines(changed), 1);
  if (changed.sellerOrders.length === 0) work.delete(OPEN_ORDERS, orderId);
  else work.put<OpenOrderDoc>(OPEN_ORDERS, changed);
}

/** The lines less the units returned and what was paid for them (a purchase has each line key once). */
function lessReturned(lines: readonly SaleLine[], returned: readonly LineSettlement[]): SaleLine[] {
  return lines.map((line) => {
    const back = returned.filter((settled) => lineKey(settled) === line.key);
    return {
      ...line,
      revenuePaise: sum([line.revenuePaise, ...back.map((settled) => -settled.amountPaise)]),
      units: line.units - sum(back.map((settled) => settled.quantity)),
    };
  });
}

type SalesEvent = Extract<OrderEvent, { type: 'OrderPlaced' | 'SellerOrderCancelled' | 'ReturnAccepted' }>;

export const sales: Projection = {
  name: 'sales',
  // 2: open orders kept per seller order, for cancellations of one seller order and returns.
  // 3: a seller's sales of each variant.
  version: 3,
  // Queries read documents by id (a day, or a day and a seller) for each day of a range.
  collections: [
    { name: SALES_BY_SELLER, indexes: [['day']] },
    { name: SALES_BY_DAY },
    { name: SALES_OF_VARIANTS },
    { name: OPEN_ORDERS },
    legacy.collection,
  ],
  eventTypes: new Set<string>([
    ...(['OrderPlaced', 'SellerOrderCancelled', 'ReturnAccepted'] satisfies SalesEvent['type'][]),
    ...legacy.eventTypes,
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    for (const event of await legacy.current(recorded, work)) {
      switch (event.type) {
        case 'OrderPlaced': {
          const { orderId, placedAt, lines, sellerOrders } = purchaseOf(event);
          const day = placedAt.slice(0, 10);
          const toSale = (line: VariantLine): SaleLine => ({
            key: lineKey(line),
            productId: line.productId,
            variantId: line.variantId,
            name: line.name,
            variantLabel: line.variantLabel,
            sellerId: line.sellerId,
            categoryId: line.categoryId,
            revenuePaise: multiply(line.pricePaise, line.quantity),
            units: line.quantity,
          });
          const parts = sellerOrders.map(({ sellerOrderId, sellerId }) => ({
            sellerOrderId,
            lines: lines.filter((line) => line.sellerId === sellerId).map(toSale),
          }));
          const open: OpenOrderDoc = { id: orderId, day, sellerOrders: parts };
          work.put<OpenOrderDoc>(OPEN_ORDERS, open);
          await count(work, day, countedLines(open), 1);
          break;
        }
        case 'SellerOrderCancelled': {
          const { orderId, sellerOrderId } = event.data;
          await recount(work, orderId, (parts) => parts.filter((part) => part.sellerOrderId !== sellerOrderId));
          break;
        }
        case 'ReturnAccepted': {
          const { orderId, sellerOrderId, settlement } = event.data;
          await recount(work, orderId, (parts) =>
            parts.map((part) =>
              part.sellerOrderId === sellerOrderId ? { ...part, lines: lessReturned(part.lines, settlement) } : part,
            ),
          );
          break;
        }
      }
    }
  },
};
