/**
 * The ledger projection under another policy: each event goes to the real ledger projection
 * (projections/ledger) as it would have been recorded had the policy been in force. Deliveries
 * on or after `from` in a category given a new commission are settled again at that rate, and
 * their returns reversed at it, by the order decider's own settlement functions; returns asked
 * later after delivery than a shorter window allows are dropped with all they caused in the
 * ledger (their acceptance, the transfer reversal of their earning and their credit note's TCS).
 * A longer window cannot make returns that were never asked.
 */
import type { CategoryEvent } from '../domain/catalog/events.ts';
import type { SeriesEvent } from '../domain/invoice/series.ts';
import type { OrderEvent, OrderLine, TransferEvent } from '../domain/order/events.ts';
import { lineKey } from '../domain/order/line-key.ts';
import { returnWindowCloses } from '../domain/order/returns.ts';
import { settleLine, settleReturn } from '../domain/order/settlement.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import { LEDGER_LEGACY_ORDERS, ledger } from '../projections/ledger/projection.ts';
import { legacyOrders } from '../projections/legacy-orders.ts';

export interface WhatIfPolicy {
  /** The commission each category named would have charged, in basis points. */
  commission: ReadonlyMap<string, number>;
  /** Days after delivery a buyer could have asked for a return; none: as it happened. */
  returnWindowDays?: number;
  /** The policy applies to seller orders delivered at or after this time (ISO-8601); none: all. */
  from?: string;
}

/** The what-if's own notes on each seller order (id: the seller order id). */
export const WHAT_IF_PARTS = 'what_if_seller_orders';

export interface WhatIfPartDoc extends Doc {
  lines: Array<Pick<OrderLine, 'productId' | 'variantId' | 'personalisation' | 'pricePaise' | 'categoryId'>>;
  /** Delivered at or after `from`: the policy applies to it. */
  underPolicy: boolean;
  deliveredAt: string | null;
  /** The rate each line settled again was settled at, by line key (the others kept their own). */
  rates: Record<string, number>;
  /** Units of each line (by line key) the returns kept took back so far. */
  returned: Record<string, number>;
  /** Returns asked after the what-if's window closed. */
  dropped: string[];
  /** The ids of the dropped returns' ReturnAccepted events: their credit notes name them as cause. */
  droppedEvents: string[];
}

type Rewritten = OrderEvent | TransferEvent | SeriesEvent | CategoryEvent | { type: string; data: unknown };

const rateOf = (rates: Record<string, number>, key: string): number | undefined =>
  Object.hasOwn(rates, key) ? rates[key] : undefined;

/** The ledger projection with `policy` in force: same name and collections (and one of its own), so its documents compare with the real ones. */
export function whatIfLedger(policy: WhatIfPolicy): Projection {
  // The order streams' old events read as current ones, kept where the ledger keeps them, so the
  // ledger is handed current events only and its collections stay as a real replay leaves them.
  const legacy = legacyOrders(LEDGER_LEGACY_ORDERS);
  const from = policy.from === undefined ? Number.NEGATIVE_INFINITY : Date.parse(policy.from);
  const part = (work: UnitOfWork, id: string) => work.get<WhatIfPartDoc>(WHAT_IF_PARTS, id);

  async function rewrite(event: Rewritten, eventId: string, work: UnitOfWork): Promise<Rewritten | null> {
    const order = event as OrderEvent | TransferEvent;
    switch (order.type) {
      case 'OrderPlaced':
        for (const { sellerOrderId, sellerId } of order.data.sellerOrders) {
          const lines = order.data.lines
            .filter((line) => line.sellerId === sellerId)
            .map(({ productId, variantId, personalisation, pricePaise, categoryId }) => ({
              productId,
              ...(variantId !== undefined && { variantId }),
              ...(personalisation !== undefined && { personalisation }),
              pricePaise,
              categoryId,
            }));
          work.put<WhatIfPartDoc>(WHAT_IF_PARTS, {
            id: sellerOrderId,
            lines,
            underPolicy: false,
            deliveredAt: null,
            rates: {},
            returned: {},
            dropped: [],
            droppedEvents: [],
          });
        }
        return event;
      case 'SellerOrderDelivered': {
        const noted = await part(work, order.data.sellerOrderId);
        if (!noted) return event;
        const underPolicy = Date.parse(order.data.at) >= from;
        const rates: Record<string, number> = {};
        const settlement = order.data.settlement.map((settled) => {
          const key = lineKey(settled);
          const line = noted.lines.find((l) => lineKey(l) === key);
          const bps = line && underPolicy ? policy.commission.get(line.categoryId) : undefined;
          if (!line || bps === undefined) return settled;
          rates[key] = bps;
          return settleLine(line, settled.quantity, bps);
        });
        work.put<WhatIfPartDoc>(WHAT_IF_PARTS, { ...noted, underPolicy, deliveredAt: order.data.at, rates });
        return { type: order.type, data: { ...order.data, settlement } };
      }
      case 'ReturnRequested': {
        const noted = await part(work, order.data.sellerOrderId);
        const days = policy.returnWindowDays;
        if (!noted?.underPolicy || noted.deliveredAt === null || days === undefined) return null;
        if (Date.parse(order.data.at) > Date.parse(returnWindowCloses(noted.deliveredAt, days)))
          work.put<WhatIfPartDoc>(WHAT_IF_PARTS, { ...noted, dropped: [...noted.dropped, order.data.returnId] });
        // The ledger moves no money on a request.
        return null;
      }
      case 'ReturnAccepted': {
        const noted = await part(work, order.data.sellerOrderId);
        if (!noted) return event;
        if (noted.dropped.includes(order.data.returnId)) {
          work.put<WhatIfPartDoc>(WHAT_IF_PARTS, { ...noted, droppedEvents: [...noted.droppedEvents, eventId] });
          return null;
        }
        const returned = { ...noted.returned };
        const settlement = order.data.settlement.map((settled) => {
          const key = lineKey(settled);
          const before = rateOf(returned, key) ?? 0;
          returned[key] = before + settled.quantity;
          const line = noted.lines.find((l) => lineKey(l) === key);
          const bps = rateOf(noted.rates, key);
          // Settled again when its line was, or when a dropped return changed the units returned before it.
          if (!line || (bps === undefined && noted.dropped.length === 0)) return settled;
          return settleReturn(line, settled.quantity, before, bps ?? settled.commissionBps);
        });
        work.put<WhatIfPartDoc>(WHAT_IF_PARTS, { ...noted, returned });
        return { type: order.type, data: { ...order.data, settlement } };
      }
      case 'TransferReversed': {
        const noted = await part(work, order.data.sellerOrderId);
        return noted?.dropped.includes(order.data.returnId) ? null : event;
      }
    }
    if (event.type !== 'CreditNoteIssued') return event;
    const note = (event as Extract<SeriesEvent, { type: 'CreditNoteIssued' }>).data;
    const noted = note.reason === 'returned' ? await part(work, note.sellerOrderId) : null;
    return noted?.droppedEvents.includes(note.causeId) ? null : event;
  }

  return {
    ...ledger,
    collections: [...ledger.collections, { name: WHAT_IF_PARTS }],
    eventTypes: new Set([...(ledger.eventTypes === 'all' ? [] : ledger.eventTypes), 'ReturnRequested']),
    async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
      for (const current of await legacy.current(recorded, work)) {
        const kept = await rewrite(current as Rewritten, recorded.id, work);
        if (kept) await ledger.apply({ ...recorded, type: kept.type, data: kept.data }, work);
      }
    },
  };
}
