/**
 * Payment gateway port: what MIBI asks of a payment provider, in Razorpay's terms (its Orders,
 * Payments, Refunds, Route transfers and linked accounts), since Razorpay is the provider an
 * Indian marketplace uses. Two adapters speak the same REST protocol: the Razorpay client
 * pointed at api.razorpay.com when RAZORPAY_KEY_ID is set, and the same client pointed at the
 * local test gateway (a separate process, no money moves) otherwise. Amounts are integer paise.
 *
 * Every call that creates something takes a `receipt`, MIBI's own stable key for it: calling
 * again with the same receipt answers what the first call created (the adapter looks it up
 * before creating), so a retry after a crash never makes a second order, refund or transfer.
 */

export type Currency = 'INR';

/** A gateway order: what the buyer is asked to pay for one purchase. */
export interface GatewayOrder {
  id: string;
  amountPaise: number;
  currency: Currency;
  /** MIBI's purchase id. */
  receipt: string;
  /** created: no attempt yet; attempted: an attempt failed or is pending; paid: a payment captured. */
  status: 'created' | 'attempted' | 'paid';
  createdAt: string;
}

export interface GatewayPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  currency: Currency;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** upi, card, netbanking, wallet. */
  method: string;
  /** Set when failed: the provider's code and words, e.g. BAD_REQUEST_ERROR, "Payment was declined". */
  error: { code: string; description: string } | null;
  /** Refunded so far. */
  refundedPaise: number;
  createdAt: string;
}

export interface GatewayRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  receipt: string;
  status: 'pending' | 'processed' | 'failed';
  createdAt: string;
}

/** A Route transfer of part of a captured payment to a seller's linked account. */
export interface GatewayTransfer {
  id: string;
  paymentId: string;
  /** The linked account (acc_...). */
  account: string;
  amountPaise: number;
  /** Reversed so far. */
  reversedPaise: number;
  receipt: string;
  onHold: boolean;
  /** When the provider releases it by itself (ISO-8601 UTC), or null: held until released. */
  onHoldUntil: string | null;
  status: 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  createdAt: string;
}

export interface GatewayReversal {
  id: string;
  transferId: string;
  amountPaise: number;
  receipt: string;
  createdAt: string;
}

/** The bank account a seller's earnings settle to, as the seller gives it (never stored whole by MIBI). */
export interface SettlementBankAccount {
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
}

export interface LinkedAccountInput {
  /** MIBI's seller id: the linked account's reference_id, so setting up again finds it. */
  reference: string;
  email: string;
  /** The seller's phone number, which Razorpay asks of a linked account (the test gateway does not). */
  phone?: string;
  /** The legal or trading name of the seller's business. */
  businessName: string;
  contactName: string;
  bank: SettlementBankAccount;
}

export interface LinkedAccount {
  /** acc_... */
  id: string;
  reference: string;
  status: 'created' | 'activated' | 'needs_clarification' | 'suspended';
}

/** Where and with what the buyer's browser pays (the provider's hosted checkout). */
export interface HostedCheckout {
  /** The form's action: the buyer's browser POSTs the fields there. */
  url: string;
  /** The public key the page needs (never the secret). */
  keyId: string;
}

/**
 * An event the provider sent to the webhook, after its signature was verified on the raw
 * bytes. `id` is the provider's event id (header `x-razorpay-event-id`): the same event
 * delivered twice has the same id.
 */
export interface GatewayWebhook {
  id: string;
  /** payment.authorized, payment.captured, payment.failed, order.paid, refund.processed, refund.failed, transfer.processed, ... */
  event: string;
  createdAt: string;
  payment: GatewayPayment | null;
  order: GatewayOrder | null;
  refund: GatewayRefund | null;
  transfer: GatewayTransfer | null;
}

/** A request the provider refused (4xx): `code` and `description` are its words. */
export class GatewayRefusal extends Error {
  override readonly name = 'GatewayRefusal';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${status} ${code}: ${description}`);
  }
}

/** The provider could not be reached or failed (network, 5xx, timeout): try again later. */
export class GatewayUnavailable extends Error {
  override readonly name = 'GatewayUnavailable';
}

export interface PaymentGateway {
  /** 'razorpay' (real money) or 'test' (the local test gateway: no money moves). */
  readonly kind: 'razorpay' | 'test';
  readonly checkout: HostedCheckout;

  createOrder(input: { amountPaise: number; currency: Currency; receipt: string }): Promise<GatewayOrder>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  /** Every payment attempted on the order, oldest first. */
  paymentsOf(orderId: string): Promise<GatewayPayment[]>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Captures an authorized payment for its whole amount; a captured one is answered as it is. */
  capture(paymentId: string, amountPaise: number, currency: Currency): Promise<GatewayPayment>;

  refund(paymentId: string, input: { amountPaise: number; receipt: string }): Promise<GatewayRefund>;
  refundsOf(paymentId: string): Promise<GatewayRefund[]>;

  createLinkedAccount(input: LinkedAccountInput): Promise<LinkedAccount>;
  /** A transfer from a captured payment, held until `onHoldUntil` (or until released when null). */
  transfer(
    paymentId: string,
    input: { account: string; amountPaise: number; receipt: string; onHoldUntil: string | null },
  ): Promise<GatewayTransfer>;
  transfersOf(paymentId: string): Promise<GatewayTransfer[]>;
  release(transferId: string): Promise<GatewayTransfer>;
  reverse(transferId: string, input: { amountPaise: number; receipt: string }): Promise<GatewayReversal>;

  /** Whether `signature` is HMAC-SHA256 of `orderId|paymentId` with the key secret (constant time). */
  verifyPayment(orderId: string, paymentId: string, signature: string): boolean;
  /** Verifies the `X-Razorpay-Signature` of a webhook's raw body and parses it; null when forged or malformed. */
  readWebhook(rawBody: Uint8Array, signature: string | undefined, eventId: string | undefined): GatewayWebhook | null;
}
