/**
 * What the test gateway does, in Razorpay's terms and with its refusals: orders, payment attempts
 * (authorized or failed, from the checkout page or the control API), capture, refunds, Route
 * linked accounts and transfers. Each change and the webhooks it owes commit together.
 */
import { paymentSignature } from '../signatures.ts';
import type { WireOrder, WirePayment, WireRefund, WireTransfer } from '../wire.ts';
import { type GatewayStore, type Kind, newId } from './store.ts';
import type { WebhookOutbox } from './webhooks.ts';

/** A 4xx in Razorpay's words: `{ error: { code, description, ... } }`. */
export class Refused extends Error {
  constructor(
    readonly description: string,
    readonly status = 400,
    readonly field: string | null = null,
  ) {
    super(description);
  }
}

export const METHODS = ['upi', 'card', 'netbanking'] as const;
export type Method = (typeof METHODS)[number];

/** Razorpay's smallest order: ₹1. */
const MIN_AMOUNT = 100;

export class Operations {
  constructor(
    private readonly store: GatewayStore,
    private readonly webhooks: WebhookOutbox,
    private readonly keySecret: string,
    private readonly now: () => number,
  ) {}

  private unix(): number {
    return Math.floor(this.now() / 1000);
  }

  /** The entity, or Razorpay's refusal of an id it does not know. */
  find<K extends Kind>(kind: K, id: string) {
    const found = this.store.get(kind, id);
    if (!found) throw new Refused('The id provided does not exist');
    return found;
  }

  /** Every order, newest first as Razorpay lists them, or those with `receipt`. */
  orders(receipt: string | undefined): WireOrder[] {
    return receipt === undefined ? this.store.all('order').reverse() : this.store.withReceipt('order', receipt);
  }

  paymentsOf(orderId: string): WirePayment[] {
    return this.store.children('payment', this.find('order', orderId).id);
  }

  refundsOf(paymentId: string): WireRefund[] {
    return this.store.children('refund', this.find('payment', paymentId).id);
  }

  reversalsOf(transferId: string) {
    return this.store.children('reversal', this.find('transfer', transferId).id);
  }

  private change<T>(work: () => T): T {
    const result = this.store.atomically(work);
    this.webhooks.kick();
    return result;
  }

  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: WireOrder['notes'];
  }): WireOrder {
    if (input.currency !== 'INR') throw new Refused('Currency is not supported', 400, 'currency');
    if (input.amount < MIN_AMOUNT) throw new Refused('The amount must be atleast INR 1.00', 400, 'amount');
    if (input.receipt !== null && input.receipt.length > 40) {
      throw new Refused('The receipt may not be greater than 40 characters.', 400, 'receipt');
    }
    const order: WireOrder = {
      id: newId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: 'INR',
      receipt: input.receipt,
      status: 'created',
      attempts: 0,
      notes: input.notes,
      created_at: this.unix(),
    };
    return this.store.put('order', order, { receipt: input.receipt });
  }

  /** A payment attempt on `orderId` that the buyer authorized (Pay) or that failed (Fail). */
  attempt(
    orderId: string,
    outcome: { method: Method; email?: string; contact?: string } & (
      | { authorized: true }
      | { authorized: false; code: string; description: string }
    ),
  ): WirePayment {
    return this.change(() => {
      const order = this.find('order', orderId);
      if (order.status === 'paid') throw new Refused('Order has already been paid');
      const payment: WirePayment = {
        id: newId('pay'),
        entity: 'payment',
        amount: order.amount_due,
        currency: 'INR',
        status: outcome.authorized ? 'authorized' : 'failed',
        order_id: order.id,
        method: outcome.method,
        amount_refunded: 0,
        refund_status: null,
        captured: false,
        description: null,
        email: outcome.email ?? null,
        contact: outcome.contact ?? null,
        notes: [],
        error_code: outcome.authorized ? null : outcome.code,
        error_description: outcome.authorized ? null : outcome.description,
        created_at: this.unix(),
      };
      this.store.put('payment', payment, { parent: order.id });
      this.store.put('order', { ...order, status: 'attempted', attempts: order.attempts + 1 });
      this.webhooks.enqueue(outcome.authorized ? 'payment.authorized' : 'payment.failed', {
        payment: { entity: payment },
      });
      return payment;
    });
  }

  /** What checkout hands the callback for an authorized payment. */
  signatureOf(payment: WirePayment): string {
    return paymentSignature(this.keySecret, payment.order_id ?? '', payment.id);
  }

  capture(paymentId: string, amount: number, currency: string): WirePayment {
    return this.change(() => {
      const payment = this.find('payment', paymentId);
      if (payment.captured) throw new Refused('This payment has already been captured');
      if (payment.status !== 'authorized') {
        throw new Refused('Only payments which have been authorized and not yet captured can be captured');
      }
      if (currency !== payment.currency)
        throw new Refused('Currency should be same as payment currency', 400, 'currency');
      if (amount !== payment.amount) {
        throw new Refused('Capture amount must be equal to the amount authorized', 400, 'amount');
      }
      const captured = this.store.put('payment', { ...payment, status: 'captured', captured: true });
      const order = this.find('order', payment.order_id ?? '');
      const paid = this.store.put('order', { ...order, status: 'paid', amount_paid: payment.amount, amount_due: 0 });
      this.webhooks.enqueue('payment.captured', { payment: { entity: captured } });
      this.webhooks.enqueue('order.paid', { payment: { entity: captured }, order: { entity: paid } });
      return captured;
    });
  }

  refund(paymentId: string, input: { amount?: number | undefined; receipt: string | null; speed: string }): WireRefund {
    return this.change(() => {
      const payment = this.find('payment', paymentId);
      if (!payment.captured) throw new Refused('The payment has not been captured yet');
      const left = payment.amount - payment.amount_refunded;
      const amount = input.amount ?? left;
      if (amount <= 0 || amount > left) {
        throw new Refused('The refund amount provided is greater than amount captured', 400, 'amount');
      }
      const refund: WireRefund = {
        id: newId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        receipt: input.receipt,
        notes: [],
        status: 'pending',
        speed_requested: input.speed,
        created_at: this.unix(),
      };
      this.store.put('refund', refund, { parent: payment.id, receipt: input.receipt });
      const refunded = this.withRefunded(payment, payment.amount_refunded + amount);
      this.webhooks.enqueue('refund.created', { refund: { entity: refund }, payment: { entity: refunded } });
      return refund;
    });
  }

  /** Ends a pending refund: the bank paid it back (processed) or could not (failed: the amount is no longer refunded). */
  settleRefund(refundId: string, outcome: 'processed' | 'failed'): WireRefund {
    return this.change(() => {
      const refund = this.find('refund', refundId);
      if (refund.status !== 'pending') throw new Refused(`The refund is already ${refund.status}`);
      const settled = this.store.put('refund', { ...refund, status: outcome });
      let payment = this.find('payment', refund.payment_id);
      if (outcome === 'failed') payment = this.withRefunded(payment, payment.amount_refunded - refund.amount);
      this.webhooks.enqueue(`refund.${outcome}`, { refund: { entity: settled }, payment: { entity: payment } });
      return settled;
    });
  }

  pendingRefunds(): WireRefund[] {
    return this.store.all('refund').filter((refund) => refund.status === 'pending');
  }

  private withRefunded(payment: WirePayment, refunded: number): WirePayment {
    const full = refunded === payment.amount;
    return this.store.put('payment', {
      ...payment,
      amount_refunded: refunded,
      refund_status: refunded === 0 ? null : full ? 'full' : 'partial',
      status: full ? 'refunded' : 'captured',
    });
  }

  transfers(
    paymentId: string,
    requested: Array<{
      account: string;
      amount: number;
      currency: string;
      notes: WireTransfer['notes'];
      on_hold: boolean;
      on_hold_until: number | null;
    }>,
  ): WireTransfer[] {
    return this.change(() => {
      const payment = this.find('payment', paymentId);
      if (!payment.captured) throw new Refused('Transfers can only be created on captured payments');
      const already = this.store.children('transfer', payment.id).reduce((sum, t) => sum + t.amount, 0);
      const total = requested.reduce((sum, t) => sum + t.amount, 0);
      if (already + total > payment.amount) {
        throw new Refused(
          'The sum of amount requested for transfer is greater than the captured amount',
          400,
          'amount',
        );
      }
      return requested.map((input) => {
        const account = this.store.get('account', input.account);
        if (!account) throw new Refused(`${input.account} is not a valid id`, 400, 'account');
        if (account.status !== 'activated') throw new Refused('The linked account is not activated', 400, 'account');
        if (input.currency !== 'INR') throw new Refused('Currency is not supported', 400, 'currency');
        const transfer: WireTransfer = {
          id: newId('trf'),
          entity: 'transfer',
          status: 'processed',
          source: payment.id,
          recipient: account.id,
          amount: input.amount,
          currency: 'INR',
          amount_reversed: 0,
          notes: input.notes,
          on_hold: input.on_hold,
          on_hold_until: input.on_hold ? input.on_hold_until : null,
          settlement_status: input.on_hold ? 'on_hold' : 'pending',
          created_at: this.unix(),
        };
        this.store.put('transfer', transfer, { parent: payment.id });
        this.webhooks.enqueue('transfer.processed', { transfer: { entity: transfer } });
        return transfer;
      });
    });
  }

  /** The transfer as it stands now: a hold whose time has come is over. */
  transfer(id: string): WireTransfer {
    const transfer = this.find('transfer', id);
    const until = transfer.on_hold_until;
    if (!transfer.on_hold || until === null || until > this.unix()) return transfer;
    return this.store.put('transfer', {
      ...transfer,
      on_hold: false,
      on_hold_until: null,
      settlement_status: 'pending',
    });
  }

  transfersOf(paymentId: string): WireTransfer[] {
    this.find('payment', paymentId);
    return this.store.children('transfer', paymentId).map((t) => this.transfer(t.id));
  }

  holdTransfer(id: string, change: { on_hold: boolean; on_hold_until: number | null }): WireTransfer {
    const transfer = this.transfer(id);
    if (transfer.settlement_status === 'settled') throw new Refused('The transfer has already been settled');
    return this.store.put('transfer', {
      ...transfer,
      on_hold: change.on_hold,
      on_hold_until: change.on_hold ? change.on_hold_until : null,
      settlement_status: change.on_hold ? 'on_hold' : 'pending',
    });
  }

  reverse(transferId: string, input: { amount?: number | undefined; notes: WireTransfer['notes'] }) {
    return this.change(() => {
      const transfer = this.transfer(transferId);
      const left = transfer.amount - transfer.amount_reversed;
      const amount = input.amount ?? left;
      if (amount <= 0 || amount > left) {
        throw new Refused('The reversal amount provided is greater than the unreversed amount', 400, 'amount');
      }
      const reversal = this.store.put(
        'reversal',
        {
          id: newId('rvrsl'),
          entity: 'reversal',
          transfer_id: transfer.id,
          amount,
          currency: 'INR',
          notes: input.notes,
          created_at: this.unix(),
        },
        { parent: transfer.id },
      );
      const reversed = transfer.amount_reversed + amount;
      const updated = this.store.put('transfer', {
        ...transfer,
        amount_reversed: reversed,
        status: reversed === transfer.amount ? 'reversed' : 'partially_reversed',
      });
      this.webhooks.enqueue('transfer.reversed', { transfer: { entity: updated } });
      return reversal;
    });
  }

  createAccount(input: {
    email: string;
    reference_id: string | null;
    legal_business_name: string;
    contact_name: string;
  }) {
    const taken = this.store.withReceipt('account', input.email.toLowerCase())[0];
    if (taken) throw new Refused(`Merchant email already exists for account - ${taken.id}`, 400, 'email');
    return this.store.put(
      'account',
      {
        id: newId('acc'),
        type: 'route',
        status: 'created',
        email: input.email,
        reference_id: input.reference_id,
        legal_business_name: input.legal_business_name,
        contact_name: input.contact_name,
        created_at: this.unix(),
      },
      { receipt: input.email.toLowerCase() },
    );
  }

  addStakeholder(accountId: string, input: { name: string; email: string }) {
    this.find('account', accountId);
    return this.store.put('stakeholder', { id: newId('sth'), entity: 'stakeholder', ...input }, { parent: accountId });
  }

  /** The account's route product, made on the first request and answered as it is after. */
  requestRoute(accountId: string) {
    this.find('account', accountId);
    const existing = this.store.children('product', accountId)[0];
    if (existing) return existing;
    return this.store.put(
      'product',
      { id: newId('acc_prd'), product_name: 'route', activation_status: 'needs_clarification', account_id: accountId },
      { parent: accountId },
    );
  }

  /** Settlement bank details activate the product and the account (no KYC here). */
  configureRoute(accountId: string, productId: string) {
    const account = this.find('account', accountId);
    const product = this.find('product', productId);
    if (product.account_id !== accountId) throw new Refused('The id provided does not exist');
    this.store.put('account', { ...account, status: 'activated' });
    return this.store.put('product', { ...product, activation_status: 'activated' });
  }
}
