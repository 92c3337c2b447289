import type { Paise } from '../money.ts';

/**
 * One stream per seller holds every payout the marketplace made to them, so the payouts of a
 * seller are decided one at a time: two admins paying the same balance at once cannot both pass.
 */
export const payoutStream = (sellerId: string): string => `payouts-${sellerId}`;

export interface Payout {
  payoutId: string;
  sellerId: string;
  amountPaise: Paise;
  /** The day the money left the marketplace's account (YYYY-MM-DD), as the bank tells it. */
  paidOn: string;
  /** The bank's reference of the transfer (a UTR, a cheque number): one payout per reference and seller. */
  reference: string;
  /** The admin who recorded it, and when (ISO-8601 UTC). */
  by: string;
  at: string;
}

export type PayoutEvent = { type: 'PayoutRecorded'; data: Payout };
