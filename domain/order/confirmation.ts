/**
 * The buyer's order confirmation e-mail: the purchase with each of its seller orders. Its
 * sending is recorded on a stream of its own per purchase (the purchase's stream is the
 * buyer's and sellers' business; this one only says the mail went out), appended once.
 */
import { type RateE4, toMinorUnits } from '../currency/convert.ts';
import type { ForeignCurrency } from '../currency/currencies.ts';
import { formatApprox } from '../currency/format.ts';
import type { Decider } from '../decider.ts';
import { english, type Translate } from '../i18n/message.ts';
import { formatInr } from '../money.ts';
import type { OrderPlacedEvent } from './events.ts';
import { DELIVERY_OPTIONS, PAYMENT_METHODS } from './options.ts';
import { shortOrderId, shortSellerOrderId } from './status.ts';

export const confirmationStream = (orderId: string): string => `order-confirmation-${orderId}`;

export type OrderConfirmationEvent = {
  type: 'OrderConfirmationMailed';
  data: { orderId: string; buyerId: string; to: string; at: string };
};

type Purchase = OrderPlacedEvent['data'];

export type RecordConfirmationMailed = { type: 'RecordConfirmationMailed' } & OrderConfirmationEvent['data'];

/** The confirmation stream's state is whether the mail went out: it is recorded once, however often the job runs. */
export const confirmationDecider: Decider<RecordConfirmationMailed, boolean, OrderConfirmationEvent> = {
  initialState: false,
  evolve: () => true,
  decide: ({ type: _, ...data }, mailed) => (mailed ? [] : [{ type: 'OrderConfirmationMailed', data }]),
};

/** A buyer's display currency and the reference rate in effect when they placed the order. */
export interface ApproxCurrency {
  currency: ForeignCurrency;
  rate: RateE4;
}

/** "Total: ₹1,227.00", and beside it the approximate amount in the buyer's currency when they chose one. */
function totalLine(totalPaise: number, approx: ApproxCurrency | null, t: Translate): string {
  const total = t(/*i18n*/ 'Total: {total}', { total: formatInr(totalPaise) });
  if (!approx) return total;
  const minor = toMinorUnits(totalPaise, approx.rate, approx.currency);
  return t(/*i18n*/ '{total} ({approx}; you are charged in rupees)', {
    total,
    approx: formatApprox(minor, approx.currency),
  });
}

/**
 * The subject and text of the confirmation of `purchase` to its buyer, in the language of `t`
 * (English unless given); with `approx`, the total also in the buyer's display currency at the
 * rate of the moment they ordered.
 */
export function orderConfirmationMail(
  buyerName: string,
  purchase: Purchase,
  approx: ApproxCurrency | null = null,
  t: Translate = english,
): { subject: string; text: string } {
  const { orderId, lines, sellerOrders, shippingAddress: to, delivery, payment } = purchase;
  const number = shortOrderId(orderId);
  const parts = sellerOrders.flatMap(({ sellerOrderId, sellerId, sellerName, subtotalPaise }) => [
    t(/*i18n*/ 'Order #{number}, sold by {seller}', { number: shortSellerOrderId(sellerOrderId), seller: sellerName }),
    ...lines
      .filter((line) => line.sellerId === sellerId)
      .map(
        ({ quantity, name, pricePaise }) =>
          `  ${t(/*i18n*/ '{quantity} × {name} at {price}', { quantity, name, price: formatInr(pricePaise) })}`,
      ),
    `  ${t(/*i18n*/ 'Subtotal: {amount}', { amount: formatInr(subtotalPaise) })}`,
    '',
  ]);
  const { label, estimate } = DELIVERY_OPTIONS[delivery];
  const text = [
    t(/*i18n*/ 'Hello {name},', { name: buyerName }),
    '',
    t(/*i18n*/ 'Thank you for shopping on MIBI. Your order #{number} is confirmed.', { number }),
    sellerOrders.length > 1
      ? t(/*i18n*/ 'It comes from {count} sellers, each shipping their own part:', { count: sellerOrders.length })
      : t(/*i18n*/ 'Your order:'),
    '',
    ...parts,
    t(/*i18n*/ '{delivery} ({estimate}): {charge}', {
      delivery: t(label),
      estimate: t(estimate),
      charge: formatInr(purchase.deliveryChargePaise),
    }),
    totalLine(purchase.totalPaise, approx, t),
    t(/*i18n*/ 'Payment: {method}', { method: t(PAYMENT_METHODS[payment].label) }),
    '',
    t(/*i18n*/ 'Delivering to:'),
    `${to.firstName} ${to.lastName}`,
    to.address,
    `${to.city}, ${to.state} ${to.pincode}`,
    t(/*i18n*/ 'Phone: {phone}', { phone: to.phone }),
    '',
    t(/*i18n*/ 'Follow each part of your order under My Account on MIBI.'),
    '',
  ].join('\n');
  return { subject: t(/*i18n*/ 'Your MIBI order #{number} is confirmed', { number }), text };
}
