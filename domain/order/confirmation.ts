/**
 * The buyer's order confirmation e-mail: the purchase with each of its seller orders. Its
 * sending is recorded on a stream of its own per purchase (the purchase's stream is the
 * buyer's and sellers' business; this one only says the mail went out), appended once.
 */
import { type RateE4, toMinorUnits } from '../currency/convert.ts';
import type { ForeignCurrency } from '../currency/currencies.ts';
import { formatApprox } from '../currency/format.ts';
import type { Decider } from '../decider.ts';
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
function totalLine(totalPaise: number, approx: ApproxCurrency | null): string {
  const total = `Total: ${formatInr(totalPaise)}`;
  if (!approx) return total;
  const minor = toMinorUnits(totalPaise, approx.rate, approx.currency);
  return `${total} (${formatApprox(minor, approx.currency)}; you are charged in rupees)`;
}

/**
 * The subject and text of the confirmation of `purchase` to its buyer; with `approx`, the total
 * also in the buyer's display currency at the rate of the moment they ordered.
 */
export function orderConfirmationMail(
  buyerName: string,
  purchase: Purchase,
  approx: ApproxCurrency | null = null,
): { subject: string; text: string } {
  const { orderId, lines, sellerOrders, shippingAddress: to, delivery, payment } = purchase;
  const parts = sellerOrders.flatMap(({ sellerOrderId, sellerId, sellerName, subtotalPaise }) => [
    `Order #${shortSellerOrderId(sellerOrderId)}, sold by ${sellerName}`,
    ...lines
      .filter((line) => line.sellerId === sellerId)
      .map(({ quantity, name, pricePaise }) => `  ${quantity} × ${name} at ${formatInr(pricePaise)}`),
    `  Subtotal: ${formatInr(subtotalPaise)}`,
    '',
  ]);
  const { label, estimate } = DELIVERY_OPTIONS[delivery];
  const text = [
    `Hello ${buyerName},`,
    '',
    `Thank you for shopping on MIBI. Your order #${shortOrderId(orderId)} is confirmed.`,
    sellerOrders.length > 1
      ? `It comes from ${sellerOrders.length} sellers, each shipping their own part:`
      : 'Your order:',
    '',
    ...parts,
    `${label} (${estimate}): ${formatInr(purchase.deliveryChargePaise)}`,
    totalLine(purchase.totalPaise, approx),
    `Payment: ${PAYMENT_METHODS[payment].label}`,
    '',
    'Delivering to:',
    `${to.firstName} ${to.lastName}`,
    to.address,
    `${to.city}, ${to.state} ${to.pincode}`,
    `Phone: ${to.phone}`,
    '',
    'Follow each part of your order under My Account on MIBI.',
    '',
  ].join('\n');
  return { subject: `Your MIBI order #${shortOrderId(orderId)} is confirmed`, text };
}
