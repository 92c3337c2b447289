/**
 * The sellers' ledgers (see domain/ledger/entries.ts): one entry per money movement, each
 * seller's balance, and the category policies (commission and returns) with who changed
 * them and why. Entries are posted in log order and each is posted once (its id is stable),
 * so a rebuild gives the same documents; `balanceAfterPaise` is the balance in log order.
 * It also keeps the TCS collected on each tax document (`tcs_records`, domain/tcs/collected.ts),
 * at the TCS rate the tax policy had in force on the invoice's date when it was issued: rates
 * never change before the day they are recorded, so taking the policy in log order gives the
 * rate the invoice was issued under, on every rebuild.
 */
import type { CategoryEvent } from '../../domain/catalog/events.ts';
import type { SeriesEvent } from '../../domain/invoice/series.ts';
import {
  type LedgerEntry,
  NO_TOTALS,
  type TransferState,
  earningEntry,
  payoutEntry,
  post,
  refundEntry,
  returnEntry,
  reversalEntry,
  tcsEntry,
  transferEntry,
} from '../../domain/ledger/entries.ts';
import type { OrderEvent, TransferEvent } from '../../domain/order/events.ts';
import type { HelpEvent } from '../../domain/dispute/events.ts';
import type { PayoutEvent } from '../../domain/payout/events.ts';
import { INITIAL_TAX_POLICY } from '../../domain/tax/initial-policy.ts';
import type { TaxPolicyEvent } from '../../domain/tax/policy.ts';
import { rateOn } from '../../domain/tax/rates.ts';
import { tcsRecord } from '../../domain/tcs/collected.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import { legacyOrders } from '../legacy-orders.ts';
import type { CategoryPolicyDoc, LedgerEntryDoc, PolicyChange, SellerBalanceDoc, TcsRecordDoc } from './documents.ts';

export const LEDGER_ENTRIES = 'ledger_entries';
export const SELLER_BALANCES = 'seller_balances';
export const CATEGORY_POLICIES = 'category_policies';
export const TCS_RECORDS = 'tcs_records';
/** The TCS rates as the tax policy has them (one document, id `tcs`), the initial policy's first. */
const LEDGER_TCS_RATES = 'ledger_tcs_rates';

interface TcsRatesDoc extends Doc {
  tcsRate: typeof INITIAL_TAX_POLICY.tcsRate;
}
/** Each seller's name as their latest order part gave it: a delivery does not carry it. */
const LEDGER_SELLERS = 'ledger_sellers';
/** Each transfer (id: the seller order id): whose it is and how much of it was reversed, for its entry's state. */
const LEDGER_TRANSFERS = 'ledger_transfers';

interface LedgerSellerDoc extends Doc {
  sellerName: string;
}

/**
 * Each seller order's part of its seller's balance (id: the seller order id): its earning, less
 * returns, refunds and what transfers sent, and whether a dispute holds it. A held seller
 * order's part is its seller's `heldPaise`, which no payout may take.
 */
const LEDGER_SELLER_ORDERS = 'ledger_seller_orders';

interface LedgerSellerOrderDoc extends Doc {
  sellerId: string;
  netPaise: number;
  held: boolean;
}

const HELD_KINDS: ReadonlySet<LedgerEntry['kind']> = new Set(['earning', 'return', 'refund', 'transfer', 'reversal']);

interface LedgerTransferDoc extends Doc {
  sellerId: string;
  amountPaise: number;
  reversedPaise: number;
  released: boolean;
}

/** The purchases placed before seller orders, for upcasting their events (legacy-orders.ts). */
export const LEDGER_LEGACY_ORDERS = 'ledger_legacy_orders';
const legacy = legacyOrders(LEDGER_LEGACY_ORDERS);

async function postEntry(work: UnitOfWork, entry: LedgerEntry, position: number): Promise<void> {
  // Stable ids: an event seen again (a retried batch) moves no money twice.
  if (await work.get(LEDGER_ENTRIES, entry.id)) return;
  const balance = await work.get<SellerBalanceDoc>(SELLER_BALANCES, entry.sellerId);
  const sellerName =
    balance?.sellerName ?? (await work.get<LedgerSellerDoc>(LEDGER_SELLERS, entry.sellerId))?.sellerName ?? '';
  const totals = post(balance ?? NO_TOTALS, entry);
  let heldPaise = balance?.heldPaise ?? 0;
  if (entry.sellerOrderId !== null && HELD_KINDS.has(entry.kind)) {
    const part = await sellerOrderPart(work, entry.sellerOrderId, entry.sellerId);
    work.put<LedgerSellerOrderDoc>(LEDGER_SELLER_ORDERS, { ...part, netPaise: part.netPaise + entry.amountPaise });
    if (part.held) heldPaise += entry.amountPaise;
  }
  const updated = { id: entry.sellerId, sellerName, ...totals, heldPaise, updatedAt: entry.at };
  work.put<SellerBalanceDoc>(SELLER_BALANCES, updated);
  work.put<LedgerEntryDoc>(LEDGER_ENTRIES, { ...entry, position, balanceAfterPaise: totals.balancePaise });
}

const sellerOrderPart = async (work: UnitOfWork, id: string, sellerId: string): Promise<LedgerSellerOrderDoc> =>
  (await work.get<LedgerSellerOrderDoc>(LEDGER_SELLER_ORDERS, id)) ?? { id, sellerId, netPaise: 0, held: false };

/** A dispute opened (held) or decided (released): the seller order's part of the balance is held, or free again. */
async function hold(work: UnitOfWork, sellerOrderId: string, sellerId: string, held: boolean, at: string) {
  const part = await sellerOrderPart(work, sellerOrderId, sellerId);
  if (part.held === held) return;
  work.put<LedgerSellerOrderDoc>(LEDGER_SELLER_ORDERS, { ...part, held });
  const balance = await work.get<SellerBalanceDoc>(SELLER_BALANCES, sellerId);
  if (!balance) return;
  const heldPaise = balance.heldPaise + (held ? part.netPaise : 0 - part.netPaise);
  work.put<SellerBalanceDoc>(SELLER_BALANCES, { ...balance, heldPaise, updatedAt: at });
}

/** A help request's refund comes off the ledger when given; a dispute holds the seller order's part until decided. */
async function applyHelp(event: HelpEvent, position: number, work: UnitOfWork): Promise<void> {
  const { sellerOrderId, sellerId, at } = event.data;
  switch (event.type) {
    case 'HelpResolved':
      if (event.data.refund) await postEntry(work, refundEntry(event.data, event.data.refund), position);
      return;
    case 'HelpEscalated':
      return hold(work, sellerOrderId, sellerId, true, at);
    case 'DisputeDecided':
      // The refund is taken off while still held, then the rest is released: the hold returns to zero.
      if (event.data.refund) await postEntry(work, refundEntry(event.data, event.data.refund), position);
      return hold(work, sellerOrderId, sellerId, false, at);
  }
}

/** The transfer's entry shows where it stands; its seller's balance is told too (updatedAt), so their ledger is fetched again. */
async function showTransferState(work: UnitOfWork, transfer: LedgerTransferDoc, at: string): Promise<void> {
  const state: TransferState =
    transfer.reversedPaise >= transfer.amountPaise ? 'reversed' : transfer.released ? 'released' : 'on_hold';
  await work.patch<LedgerEntryDoc>(LEDGER_ENTRIES, `transfer:${transfer.id}`, { transferState: state });
  const balance = await work.get<SellerBalanceDoc>(SELLER_BALANCES, transfer.sellerId);
  if (balance) work.put<SellerBalanceDoc>(SELLER_BALANCES, { ...balance, updatedAt: at });
}

async function applyTransfer(event: TransferEvent, position: number, work: UnitOfWork): Promise<void> {
  const { sellerOrderId } = event.data;
  if (event.type === 'TransferCreated') {
    const { sellerId, amountPaise } = event.data;
    work.put<LedgerTransferDoc>(LEDGER_TRANSFERS, {
      id: sellerOrderId,
      sellerId,
      amountPaise,
      reversedPaise: 0,
      released: false,
    });
    return postEntry(work, transferEntry(event.data), position);
  }
  const transfer = await work.get<LedgerTransferDoc>(LEDGER_TRANSFERS, sellerOrderId);
  // The transfer decider refuses these before TransferCreated, so this is a damaged log.
  if (!transfer) throw new Error(`${event.type} at position ${position} before its transfer: ${sellerOrderId}`);
  if (event.type === 'TransferReleased') {
    const released = { ...transfer, released: true };
    work.put<LedgerTransferDoc>(LEDGER_TRANSFERS, released);
    return showTransferState(work, released, event.data.at);
  }
  const entry = reversalEntry(event.data, transfer.sellerId);
  if (await work.get(LEDGER_ENTRIES, entry.id)) return;
  await postEntry(work, entry, position);
  const reversed = { ...transfer, reversedPaise: transfer.reversedPaise + event.data.amountPaise };
  work.put<LedgerTransferDoc>(LEDGER_TRANSFERS, reversed);
  return showTransferState(work, reversed, event.data.at);
}

async function applyOrder(event: OrderEvent, position: number, work: UnitOfWork): Promise<void> {
  switch (event.type) {
    case 'OrderPlaced':
      for (const { sellerId, sellerName } of event.data.sellerOrders) {
        if ((await work.get<LedgerSellerDoc>(LEDGER_SELLERS, sellerId))?.sellerName === sellerName) continue;
        work.put<LedgerSellerDoc>(LEDGER_SELLERS, { id: sellerId, sellerName });
        // A seller who renamed themselves is shown under the new name from their next order on.
        const balance = await work.get<SellerBalanceDoc>(SELLER_BALANCES, sellerId);
        if (balance) work.put<SellerBalanceDoc>(SELLER_BALANCES, { ...balance, sellerName });
      }
      return;
    case 'SellerOrderDelivered':
      return postEntry(work, earningEntry(event.data), position);
    case 'ReturnAccepted':
      return postEntry(work, returnEntry(event.data), position);
    case 'TransferCreated':
    case 'TransferReleased':
    case 'TransferReversed':
      return applyTransfer(event, position, work);
    case 'HelpResolved':
    case 'HelpEscalated':
    case 'DisputeDecided':
      return applyHelp(event, position, work);
  }
}

async function tcsRates(work: UnitOfWork): Promise<TcsRatesDoc> {
  return (await work.get<TcsRatesDoc>(LEDGER_TCS_RATES, 'tcs')) ?? { id: 'tcs', tcsRate: INITIAL_TAX_POLICY.tcsRate };
}

/** An invoice collects TCS at the rate in force on its date; a credit note gives back its invoice's, at that rate. */
async function applyTaxDocument({ data: doc }: SeriesEvent, position: number, work: UnitOfWork): Promise<void> {
  if (await work.get(TCS_RECORDS, doc.id)) return;
  let invoice: Pick<TcsRecordDoc, 'id' | 'date' | 'rateBps'> | null;
  if (doc.kind === 'invoice') {
    const rateBps = rateOn((await tcsRates(work)).tcsRate, doc.date)?.rateBps;
    // The initial policy has a rate from 2024 on: an invoice before it is a damaged log.
    invoice = rateBps === undefined ? null : { id: doc.id, date: doc.date, rateBps };
  } else {
    // The series decider credits an issued invoice only.
    invoice = await work.get<TcsRecordDoc>(TCS_RECORDS, doc.invoiceId);
  }
  if (!invoice) throw new Error(`No TCS rate for ${doc.number} at position ${position}: a damaged log`);
  const record = tcsRecord(doc, invoice, invoice.rateBps);
  work.put<TcsRecordDoc>(TCS_RECORDS, record);
  return postEntry(work, tcsEntry(record), position);
}

async function applyCategory(event: CategoryEvent, work: UnitOfWork): Promise<void> {
  const { categoryId } = event.data;
  if (event.type === 'CategoryCreated') {
    work.put<CategoryPolicyDoc>(CATEGORY_POLICIES, {
      id: categoryId,
      name: event.data.name,
      commissionBps: null,
      returnable: null,
      history: [],
    });
    return;
  }
  const policy = await work.get<CategoryPolicyDoc>(CATEGORY_POLICIES, categoryId);
  // The policy decider refuses a category never created, so this is a damaged log.
  if (!policy) throw new Error(`${event.type} for a category never created: ${categoryId}`);
  const { reason, by, at } = event.data;
  if (event.type === 'CategoryCommissionSet') {
    const change: PolicyChange = { change: 'commission', value: event.data.rateBps, reason, by, at };
    work.put<CategoryPolicyDoc>(CATEGORY_POLICIES, {
      ...policy,
      commissionBps: event.data.rateBps,
      history: [...policy.history, change],
    });
  } else {
    const change: PolicyChange = { change: 'returns', value: event.data.returnable, reason, by, at };
    work.put<CategoryPolicyDoc>(CATEGORY_POLICIES, {
      ...policy,
      returnable: event.data.returnable,
      history: [...policy.history, change],
    });
  }
}

type LedgerEventType =
  | OrderEvent['type']
  | PayoutEvent['type']
  | CategoryEvent['type']
  | SeriesEvent['type']
  | TaxPolicyEvent['type'];
const OWN_TYPES: LedgerEventType[] = [
  'OrderPlaced',
  'SellerOrderDelivered',
  'ReturnAccepted',
  'TransferCreated',
  'TransferReleased',
  'TransferReversed',
  'HelpResolved',
  'HelpEscalated',
  'DisputeDecided',
  'PayoutRecorded',
  'CategoryCreated',
  'CategoryCommissionSet',
  'CategoryReturnsSet',
  'InvoiceIssued',
  'CreditNoteIssued',
  'TcsRateSet',
];

export const ledger: Projection = {
  name: 'ledger',
  // 2: transfers and their reversals, and the balances' transferredPaise. 3: TCS. 4: help refunds, disputes' holds.
  version: 4,
  collections: [
    { name: LEDGER_ENTRIES, indexes: [['sellerId', 'at']] },
    // Admins list balances due, highest first.
    { name: SELLER_BALANCES, indexes: [['balancePaise']] },
    { name: CATEGORY_POLICIES },
    { name: LEDGER_SELLERS },
    { name: LEDGER_TRANSFERS },
    { name: LEDGER_SELLER_ORDERS },
    // GSTR-8 reads a month's records, a seller's report its own.
    {
      name: TCS_RECORDS,
      indexes: [
        ['month', 'gstin'],
        ['sellerId', 'month'],
      ],
    },
    { name: LEDGER_TCS_RATES },
    legacy.collection,
  ],
  eventTypes: new Set<string>([...OWN_TYPES, ...legacy.eventTypes]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as unknown as PayoutEvent | CategoryEvent | SeriesEvent | TaxPolicyEvent | { type: string };
    switch (event.type) {
      case 'InvoiceIssued':
      case 'CreditNoteIssued':
        return applyTaxDocument(event as SeriesEvent, recorded.position, work);
      case 'TcsRateSet': {
        const rates = await tcsRates(work);
        const { data } = event as Extract<TaxPolicyEvent, { type: 'TcsRateSet' }>;
        work.put<TcsRatesDoc>(LEDGER_TCS_RATES, { ...rates, tcsRate: [...rates.tcsRate, data] });
        return;
      }
      case 'PayoutRecorded':
        return postEntry(work, payoutEntry((event as PayoutEvent).data), recorded.position);
      case 'CategoryCreated':
      case 'CategoryCommissionSet':
      case 'CategoryReturnsSet':
        return applyCategory(event as CategoryEvent, work);
      default:
        for (const current of await legacy.current(recorded, work)) await applyOrder(current, recorded.position, work);
    }
  },
};
