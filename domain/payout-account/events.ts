/**
 * One stream per seller holds where their online earnings settle: the bank account behind
 * their linked account at the payment gateway (Razorpay Route). The whole account number goes
 * to the gateway only; the log keeps its last four digits, enough for the seller to tell it.
 */
export const payoutAccountStream = (sellerId: string): string => `payout-account-${sellerId}`;

export interface PayoutAccount {
  sellerId: string;
  /** The gateway's linked account (acc_...) transfers go to. */
  linkedAccountId: string;
  /** The bank account holder's name, as the bank has it. */
  beneficiaryName: string;
  accountLast4: string;
  /** The bank branch's code: 4 letters, a 0, then 6 letters or digits. */
  ifsc: string;
  /** The seller who set it up, and when (ISO-8601 UTC). */
  by: string;
  at: string;
}

/** Set up, or changed: the latest one is where transfers go from then on. */
export type PayoutAccountEvent = { type: 'PayoutAccountSetUp'; data: PayoutAccount };
