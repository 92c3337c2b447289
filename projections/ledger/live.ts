/** The ledger read model's live event: a seller's balance, to that seller. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { SellerBalanceDoc } from './documents.ts';
import { SELLER_BALANCES } from './projection.ts';

/** The balance after an earning, a reversal or a payout, to its seller: they refetch their ledger lines. */
export const ledgerLive = liveSlice({
  collection: SELLER_BALANCES,
  events: { 'ledger.changed': liveEvent<SellerBalanceDoc>('seller', 'the balance') },
  messages: ({ doc }: LiveChange<SellerBalanceDoc>) =>
    doc ? [{ event: 'ledger.changed', data: doc, audience: doc.id }] : [],
});
