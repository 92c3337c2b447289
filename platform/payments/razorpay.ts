/**
 * The PaymentGateway over Razorpay's REST API (orders, payments, refunds, Route), pointed at
 * api.razorpay.com or at the local test gateway, which speaks the same protocol. Every creating
 * call looks for what its receipt already made before it creates (port.ts).
 */
import { z } from 'zod';
import {
  toLinkedAccount,
  toOrder,
  toPayment,
  toRefund,
  toReversal,
  toTransfer,
  toWebhook,
  receiptInNotes,
} from './from-wire.ts';
import {
  type Currency,
  type GatewayWebhook,
  GatewayRefusal,
  type HostedCheckout,
  type LinkedAccountInput,
  type PaymentGateway,
} from './port.ts';
import { RestClient } from './rest-client.ts';
import { paymentSignature, sameSignature, webhookSignature } from './signatures.ts';
import {
  wireAccount,
  wireCollection,
  wireEvent,
  wireOrder,
  wirePayment,
  wireProduct,
  wireRefund,
  wireReversal,
  wireTransfer,
} from './wire.ts';

export const RAZORPAY_API = 'https://api.razorpay.com';

export interface RazorpayOptions {
  kind: PaymentGateway['kind'];
  /** RAZORPAY_API, or the test gateway's address (asked at each call when a function). */
  baseUrl: string | (() => string);
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs?: number;
}

const path = (id: string) => encodeURIComponent(id);
const unixOf = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export class RazorpayGateway implements PaymentGateway {
  readonly kind: PaymentGateway['kind'];
  private readonly rest: RestClient;
  private readonly base: () => string;
  private readonly keyId: string;
  private readonly keySecret: string;
  private readonly webhookSecret: string;

  constructor(options: RazorpayOptions) {
    this.kind = options.kind;
    const { baseUrl } = options;
    this.base = typeof baseUrl === 'string' ? () => baseUrl : baseUrl;
    this.keyId = options.keyId;
    this.rest = new RestClient(options);
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
  }

  get checkout(): HostedCheckout {
    return { url: `${this.base().replace(/\/+$/, '')}/v1/checkout/embedded`, keyId: this.keyId };
  }

  async createOrder(input: { amountPaise: number; currency: Currency; receipt: string }) {
    const found = await this.every(`/v1/orders?receipt=${encodeURIComponent(input.receipt)}`, wireOrder);
    const existing = found.find((order) => order.receipt === input.receipt);
    if (existing) return toOrder(existing);
    const body = { amount: input.amountPaise, currency: input.currency, receipt: input.receipt };
    return toOrder(await this.rest.call('POST', '/v1/orders', wireOrder, body));
  }

  async fetchOrder(orderId: string) {
    return toOrder(await this.rest.call('GET', `/v1/orders/${path(orderId)}`, wireOrder));
  }

  async paymentsOf(orderId: string) {
    const { items } = await this.rest.call('GET', `/v1/orders/${path(orderId)}/payments`, wireCollection(wirePayment));
    return items.map(toPayment).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async fetchPayment(paymentId: string) {
    return toPayment(await this.rest.call('GET', `/v1/payments/${path(paymentId)}`, wirePayment));
  }

  async capture(paymentId: string, amountPaise: number, currency: Currency) {
    const before = await this.fetchPayment(paymentId);
    if (before.status !== 'authorized') return before;
    try {
      const body = { amount: amountPaise, currency };
      return toPayment(await this.rest.call('POST', `/v1/payments/${path(paymentId)}/capture`, wirePayment, body));
    } catch (error) {
      // Captured meanwhile (by another worker, or a retry whose answer was lost): that is the outcome asked for.
      if (!(error instanceof GatewayRefusal)) throw error;
      const after = await this.fetchPayment(paymentId);
      if (after.status === 'captured' || after.status === 'refunded') return after;
      throw error;
    }
  }

  async refund(paymentId: string, input: { amountPaise: number; receipt: string }) {
    const existing = (await this.refundsOf(paymentId)).find((refund) => refund.receipt === input.receipt);
    if (existing) return existing;
    const body = { amount: input.amountPaise, receipt: input.receipt, speed: 'normal' };
    return toRefund(await this.rest.call('POST', `/v1/payments/${path(paymentId)}/refund`, wireRefund, body));
  }

  async refundsOf(paymentId: string) {
    return (await this.every(`/v1/payments/${path(paymentId)}/refunds`, wireRefund)).map(toRefund);
  }

  /** Every item of a list Razorpay pages (10 unless asked, at most 100 a page), so a receipt is never missed. */
  private async every<S extends z.ZodType>(list: string, item: S): Promise<z.output<S>[]> {
    const items: z.output<S>[] = [];
    for (;;) {
      const sep = list.includes('?') ? '&' : '?';
      const page = await this.rest.call('GET', `${list}${sep}count=100&skip=${items.length}`, wireCollection(item));
      items.push(...page.items);
      if (page.items.length < 100) return items;
    }
  }

  /**
   * Route's onboarding in its four documented steps: the account, a stakeholder, the route
   * product, then the product's settlement bank account. Setting up again with the same
   * reference (after a crash between steps) finds the account by the refusal naming it and
   * completes the steps.
   */
  async createLinkedAccount(input: LinkedAccountInput) {
    const account = await this.findOrCreateAccount(input);
    const id = path(account.id);
    await this.rest.call('POST', `/v2/accounts/${id}/stakeholders`, z.object({ id: z.string() }), {
      name: input.contactName,
      email: input.email,
    });
    const product = await this.rest.call('POST', `/v2/accounts/${id}/products`, wireProduct, {
      product_name: 'route',
      tnc_accepted: true,
    });
    await this.rest.call('PATCH', `/v2/accounts/${id}/products/${path(product.id)}`, wireProduct, {
      settlements: {
        account_number: input.bank.accountNumber,
        ifsc_code: input.bank.ifsc,
        beneficiary_name: input.bank.beneficiaryName,
      },
      tnc_accepted: true,
    });
    return toLinkedAccount(await this.rest.call('GET', `/v2/accounts/${id}`, wireAccount));
  }

  private async findOrCreateAccount(input: LinkedAccountInput) {
    try {
      return await this.rest.call('POST', '/v2/accounts', wireAccount, {
        email: input.email,
        ...(input.phone && { phone: input.phone }),
        type: 'route',
        reference_id: input.reference,
        legal_business_name: input.businessName,
        business_type: 'individual',
        contact_name: input.contactName,
        profile: { category: 'ecommerce', subcategory: 'ecommerce_marketplace' },
      });
    } catch (error) {
      // "Merchant email already exists for account - acc_...": ours if its reference is.
      const named = error instanceof GatewayRefusal && /\bacc_[A-Za-z0-9]+/.exec(error.description)?.[0];
      if (!named) throw error;
      const account = await this.rest.call('GET', `/v2/accounts/${path(named)}`, wireAccount);
      if (account.reference_id !== input.reference) throw error;
      return account;
    }
  }

  async transfer(
    paymentId: string,
    input: { account: string; amountPaise: number; receipt: string; onHoldUntil: string | null },
  ) {
    const existing = (await this.transfersOf(paymentId)).find((transfer) => transfer.receipt === input.receipt);
    if (existing) return existing;
    const body = {
      transfers: [
        {
          account: input.account,
          amount: input.amountPaise,
          currency: 'INR',
          notes: { receipt: input.receipt },
          on_hold: true,
          ...(input.onHoldUntil && { on_hold_until: unixOf(input.onHoldUntil) }),
        },
      ],
    };
    const { items } = await this.rest.call(
      'POST',
      `/v1/payments/${path(paymentId)}/transfers`,
      wireCollection(wireTransfer),
      body,
    );
    const made = items.find((transfer) => receiptInNotes(transfer.notes) === input.receipt);
    if (!made) throw new GatewayRefusal(400, 'BAD_REQUEST_ERROR', 'the transfer was not in the answer');
    return toTransfer(made);
  }

  async transfersOf(paymentId: string) {
    const { items } = await this.rest.call(
      'GET',
      `/v1/payments/${path(paymentId)}/transfers`,
      wireCollection(wireTransfer),
    );
    return items.map(toTransfer);
  }

  async release(transferId: string) {
    const body = { on_hold: false };
    return toTransfer(await this.rest.call('PATCH', `/v1/transfers/${path(transferId)}`, wireTransfer, body));
  }

  async reverse(transferId: string, input: { amountPaise: number; receipt: string }) {
    const id = path(transferId);
    const { items } = await this.rest.call('GET', `/v1/transfers/${id}/reversals`, wireCollection(wireReversal));
    const existing = items.find((reversal) => receiptInNotes(reversal.notes) === input.receipt);
    if (existing) return toReversal(existing);
    const body = { amount: input.amountPaise, notes: { receipt: input.receipt } };
    return toReversal(await this.rest.call('POST', `/v1/transfers/${id}/reversals`, wireReversal, body));
  }

  verifyPayment(orderId: string, paymentId: string, signature: string): boolean {
    return sameSignature(paymentSignature(this.keySecret, orderId, paymentId), signature);
  }

  readWebhook(rawBody: Uint8Array, signature: string | undefined, eventId: string | undefined): GatewayWebhook | null {
    if (!eventId || !sameSignature(webhookSignature(this.webhookSecret, rawBody), signature)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(rawBody).toString('utf8'));
    } catch {
      return null;
    }
    const parsed = wireEvent.safeParse(json);
    return parsed.success ? toWebhook(eventId, parsed.data) : null;
  }
}
