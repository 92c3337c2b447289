/** The ledger read model's live event: a seller's balance, to that seller. */
import { ADMINS, type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { SellerBalanceDoc } from './documents.ts';
import { SELLER_BALANCES } from './projection.ts';

/**
 * The balance after an earning, a reversal or a payout, to its seller: they refetch their ledger
 * lines; the seller's id to the admins, whose payouts list fetches again.
 */
export const ledgerLive = liveSlice({
  collection: SELLER_BALANCES,
  events: {
    'ledger.changed': liveEvent<SellerBalanceDoc>('seller', 'the balance'),
    'admin.balance.changed': liveEvent<{ id: string }>('admin', '`{ id }` of the seller whose balance changed'),
  },
  messages: ({ id, doc }: LiveChange<SellerBalanceDoc>) => [
    ...(doc ? [{ event: 'ledger.changed' as const, data: doc, audience: doc.id }] : []),
    { event: 'admin.balance.changed' as const, data: { id }, audience: ADMINS },
  ],
});
