/**
 * The buyer's order confirmation e-mail, the promise of the checkout's "You will receive a
 * confirmation email shortly": one per purchase, listing its seller orders. The job sends it
 * and then records it on the purchase's confirmation stream; a retry after the record does
 * nothing, and one between the mail server's acceptance and the record sends the same message
 * again (its Message-ID derives from the purchase), which mail clients show once.
 */
import { accountDecider } from '../domain/account/decider.ts';
import { accountStream } from '../domain/account/events.ts';
import { fold } from '../domain/decider.ts';
import {
  type OrderConfirmationEvent,
  confirmationStream,
  orderConfirmationMail,
} from '../domain/order/confirmation.ts';
import { type OrderEvent, type OrderPlacedEvent, orderStream } from '../domain/order/events.ts';
import { type LegacyOrderEvent, upcast } from '../domain/order/upcast.ts';
import { type EventStore, type RecordedEvent, WrongExpectedRevisionError } from '../platform/eventstore/port.ts';
import type { Effect } from './effect.ts';
import type { Worker } from './worker.ts';

export const CONFIRM_ORDER = 'confirm-order';

export interface ConfirmOrderJob {
  orderId: string;
  /** The OrderPlaced event, recorded as the cause of the mail. */
  cause: { eventId: string; correlationId: string };
}

const confirmed = async (events: EventStore, orderId: string): Promise<boolean> =>
  (await events.readStream(confirmationStream(orderId), { limit: 1 })).length > 0;

/** One confirmation per purchase placed from the effect's first start on (earlier buyers are not mailed now). */
export const confirmOrderEffect: Effect<ConfirmOrderJob> = {
  job: CONFIRM_ORDER,
  reactor: 'reactor:confirm-order',
  reconciler: 'reconcile:confirm-order',
  eventTypes: new Set<OrderEvent['type']>(['OrderPlaced']),
  jobsOf(placed: RecordedEvent) {
    const { orderId } = placed.data as { orderId: string };
    const cause = { eventId: placed.id, correlationId: placed.metadata.correlationId };
    return [{ job: { orderId, cause }, options: { jobId: `${CONFIRM_ORDER}:${orderId}` } }];
  },
  done: (events, { orderId }) => confirmed(events, orderId),
  from: 'now',
};

export const confirmOrder: Worker<ConfirmOrderJob> = {
  name: CONFIRM_ORDER,
  async handle({ data: { orderId, cause } }, { events, mail }) {
    if (await confirmed(events, orderId)) return;
    const [placed] = await events.readStream(orderStream(orderId), { limit: 1 });
    if (!placed) throw new Error(`No purchase ${orderId}`);
    const [{ data: purchase }] = upcast(placed as unknown as OrderEvent | LegacyOrderEvent, []) as [OrderPlacedEvent];
    const buyer = fold(accountDecider, (await events.readStream(accountStream(purchase.buyerId))) as never[]);
    if (!buyer) throw new Error(`No account for buyer ${purchase.buyerId}`);
    await mail.send({
      to: buyer.email,
      ...orderConfirmationMail(buyer.fullName, purchase),
      key: `order-confirmation:${orderId}`,
    });
    const mailed: OrderConfirmationEvent = {
      type: 'OrderConfirmationMailed',
      data: { orderId, buyerId: purchase.buyerId, to: buyer.email, at: new Date().toISOString() },
    };
    const metadata = { actor: null, correlationId: cause.correlationId, causationId: cause.eventId };
    try {
      await events.append(confirmationStream(orderId), [{ ...mailed, metadata }], 'no_stream');
    } catch (error) {
      // Of two attempts racing, the other recorded it first.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  },
};
