/**
 * What-if replays: the ledger replayed from the log with another policy in force
 * (what-if-ledger.ts) beside the ledger as it happened, both into scratch stores, and what each
 * seller's figures would have been. Payouts, transfers and help requests' refunds stay as they
 * were paid: a balance carries the difference.
 */
import { categoryStream } from '../domain/catalog/events.ts';
import type { EventStore } from '../platform/eventstore/port.ts';
import type { Platform } from '../platform/platform.ts';
import type { ReadStore } from '../platform/readstore/port.ts';
import type { LedgerEntryDoc, SellerBalanceDoc } from '../projections/ledger/documents.ts';
import { LEDGER_ENTRIES, SELLER_BALANCES } from '../projections/ledger/projection.ts';
import { pagesOf } from '../projections/rebuild.ts';
import { readModelsAsOf, replayInto, scratchStore } from './as-of.ts';
import { WHAT_IF_PARTS, type WhatIfPartDoc, type WhatIfPolicy, whatIfLedger } from './what-if-ledger.ts';

export type { WhatIfPolicy } from './what-if-ledger.ts';

export interface WhatIfLedgers {
  /** The ledger as it happened and as it would have been, both replayed up to `position`. */
  real: ReadStore;
  whatIf: ReadStore;
  position: number;
  close(): Promise<void>;
}

/** Replays the ledger twice up to the log's last position: as recorded, and with `policy` in force. */
export async function whatIfLedgers(source: Pick<Platform, 'events'>, policy: WhatIfPolicy): Promise<WhatIfLedgers> {
  const position = await source.events.lastPosition();
  const real = await readModelsAsOf(source, { position }, ['ledger']);
  const store = scratchStore();
  try {
    await replayInto(source, store, [{ projection: whatIfLedger(policy), toPosition: position }], {});
  } catch (error) {
    await Promise.all([real.close(), store.dispose()]);
    throw error;
  }
  return {
    real: real.store,
    whatIf: store.open(),
    position,
    close: async () => {
      await Promise.all([real.close(), store.dispose()]);
    },
  };
}

/** Categories of `ids` never created (no stream of theirs in the log). */
export async function unknownCategories(events: EventStore, ids: readonly string[]): Promise<string[]> {
  const unknown = [];
  for (const id of ids) if ((await events.streamRevision(categoryStream(id))) < 0) unknown.push(id);
  return unknown;
}

/** A seller's ledger in sums: sales less returns less refunds is commission plus earning, to the paisa. */
export interface SellerFigures {
  /** Delivered sales. */
  salesPaise: number;
  /** Of them, taken back by accepted returns. */
  returnsPaise: number;
  /** Of them, given back by help requests' refunds. */
  refundsPaise: number;
  /** The marketplace's commission, net of what returns and refunds gave back. */
  commissionPaise: number;
  /** The seller's earning, net likewise. */
  earningPaise: number;
  /** Due to the seller now: earned less TCS less what was paid. */
  balancePaise: number;
}

export interface SellerComparison {
  sellerId: string;
  sellerName: string;
  real: SellerFigures;
  whatIf: SellerFigures;
}

export interface WhatIfReport {
  position: number;
  sellers: SellerComparison[];
  /** Seller orders settled again at a new rate. */
  repriced: number;
  /** Returns dropped by a shorter window, by id. */
  droppedReturns: string[];
}

const NO_FIGURES: SellerFigures = {
  salesPaise: 0,
  returnsPaise: 0,
  refundsPaise: 0,
  commissionPaise: 0,
  earningPaise: 0,
  balancePaise: 0,
};

/** Each seller's figures in a ledger store, with their name. */
async function figuresOf(read: ReadStore): Promise<Map<string, { sellerName: string; figures: SellerFigures }>> {
  const sellers = new Map<string, { sellerName: string; figures: SellerFigures }>();
  for await (const page of pagesOf<SellerBalanceDoc>(read, SELLER_BALANCES))
    for (const balance of page)
      sellers.set(balance.id, {
        sellerName: balance.sellerName,
        figures: { ...NO_FIGURES, balancePaise: balance.balancePaise },
      });
  for await (const page of pagesOf<LedgerEntryDoc>(read, LEDGER_ENTRIES)) {
    for (const entry of page) {
      const seller = sellers.get(entry.sellerId);
      if (!seller || !['earning', 'return', 'refund'].includes(entry.kind)) continue;
      const f = seller.figures;
      if (entry.kind === 'earning') f.salesPaise += entry.salesPaise;
      else if (entry.kind === 'return') f.returnsPaise -= entry.salesPaise;
      else f.refundsPaise -= entry.salesPaise;
      f.commissionPaise += entry.commissionPaise;
      f.earningPaise += entry.amountPaise;
    }
  }
  return sellers;
}

/** Every seller of either ledger, by id, with their figures in each. */
export async function compareSellers(real: ReadStore, whatIf: ReadStore): Promise<SellerComparison[]> {
  const [before, after] = await Promise.all([figuresOf(real), figuresOf(whatIf)]);
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort();
  return ids.map((sellerId) => ({
    sellerId,
    sellerName: before.get(sellerId)?.sellerName ?? after.get(sellerId)?.sellerName ?? '',
    real: before.get(sellerId)?.figures ?? NO_FIGURES,
    whatIf: after.get(sellerId)?.figures ?? NO_FIGURES,
  }));
}

/** The what-if as a report: each seller's figures as they were and as they would have been. */
export async function whatIf(source: Pick<Platform, 'events'>, policy: WhatIfPolicy): Promise<WhatIfReport> {
  const ledgers = await whatIfLedgers(source, policy);
  try {
    let repriced = 0;
    const droppedReturns: string[] = [];
    for await (const page of pagesOf<WhatIfPartDoc>(ledgers.whatIf, WHAT_IF_PARTS)) {
      for (const part of page) {
        if (Object.keys(part.rates).length > 0) repriced++;
        droppedReturns.push(...part.dropped);
      }
    }
    return {
      position: ledgers.position,
      sellers: await compareSellers(ledgers.real, ledgers.whatIf),
      repriced,
      droppedReturns,
    };
  } finally {
    await ledgers.close();
  }
}
