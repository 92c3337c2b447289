/**
 * The buyer's order confirmation e-mail, the promise of the checkout's "You will receive a
 * confirmation email shortly": one per purchase, listing its seller orders. The job sends it
 * and then records it on the purchase's confirmation stream; a retry after the record does
 * nothing, and one between the mail server's acceptance and the record sends the same message
 * again (its Message-ID derives from the purchase), which mail clients show once.
 */
import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { type DisplayCurrency, isForeignCurrency } from '../domain/currency/currencies.ts';
import { REFERENCE_RATES_STREAM, rateE4At, referenceRatesDecider } from '../domain/currency/reference-rates.ts';
import {
  type ApproxCurrency,
  confirmationDecider,
  confirmationStream,
  orderConfirmationMail,
} from '../domain/order/confirmation.ts';
import { type OrderEvent, orderStream } from '../domain/order/events.ts';
import { type LegacyOrderEvent, purchaseOf } from '../domain/order/upcast.ts';
import type { SellersToldOf } from './order-reactor.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { mailTranslator } from './mail-language.ts';
import { type Cause, type Worker, causeOf, causedBy } from './worker.ts';

export const CONFIRM_ORDER = 'confirm-order';

export interface ConfirmOrderJob {
  orderId: string;
  /** The OrderPlaced (or PaymentCaptured) event, recorded as the cause of the mail. */
  cause: Cause;
}

/** The buyer's display currency and the rate in effect when they ordered; null for rupees alone, or no rate then. */
async function approxOf(
  streams: Streams,
  currency: DisplayCurrency | null,
  placedAt: string,
): Promise<ApproxCurrency | null> {
  if (currency === null || !isForeignCurrency(currency)) return null;
  const { state: rates } = await streams.load(REFERENCE_RATES_STREAM, referenceRatesDecider);
  const rate = rateE4At(rates, currency, placedAt);
  return rate === undefined ? null : { currency, rate };
}

const confirmed = async (streams: Streams, orderId: string): Promise<boolean> =>
  (await streams.load(confirmationStream(orderId), confirmationDecider)).state;

/**
 * One confirmation per purchase placed from the effect's first start on (earlier buyers are not
 * mailed now): when placed if paid on delivery, when its payment is captured if paid online (a
 * late payment, refunded whole, confirms nothing).
 */
export const confirmOrderEffect: Effect<ConfirmOrderJob, SellersToldOf> = {
  job: CONFIRM_ORDER,
  reactor: 'reactor:confirm-order',
  reconciler: 'reconcile:confirm-order',
  eventTypes: new Set(['OrderPlaced', 'PaymentCaptured'] as const),
  jobsOf(recorded) {
    const confirms = recorded.type === 'PaymentCaptured' ? !recorded.data.late : recorded.data.payment !== 'online';
    if (!confirms) return [];
    const { orderId } = recorded.data;
    const cause = causeOf(recorded);
    return [{ job: { orderId, cause }, options: { jobId: `${CONFIRM_ORDER}:${orderId}` } }];
  },
  done: (streams, { orderId }) => confirmed(streams, orderId),
  from: 'now',
};

export const confirmOrder: Worker<ConfirmOrderJob> = {
  name: CONFIRM_ORDER,
  async handle({ data: { orderId, cause } }, { platform, streams, now }) {
    if (await confirmed(streams, orderId)) return;
    const [placed] = await streams.read<OrderEvent | LegacyOrderEvent>(orderStream(orderId), { limit: 1 });
    if (placed?.type !== 'OrderPlaced') throw new Error(`No purchase ${orderId}`);
    const purchase = purchaseOf(placed);
    const buyer = (await streams.load(accountStream(purchase.buyerId), accountDecider)).state;
    if (!buyer) throw new Error(`No account for buyer ${purchase.buyerId}`);
    await platform.mail.send({
      to: buyer.email,
      ...orderConfirmationMail(
        buyer.fullName,
        purchase,
        await approxOf(streams, buyer.displayCurrency, purchase.placedAt),
        mailTranslator(buyer.language),
      ),
      key: `order-confirmation:${orderId}`,
    });
    const mailed = {
      type: 'RecordConfirmationMailed',
      orderId,
      buyerId: purchase.buyerId,
      to: buyer.email,
      at: now(),
    } as const;
    // Of two attempts racing, the one that records second finds it recorded and records nothing.
    await streams.handle(confirmationStream(orderId), confirmationDecider, mailed, causedBy(cause));
  },
};
