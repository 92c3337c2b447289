/**
 * A seller order's shipment (domain/shipment; its events on the purchase's stream): tracking given
 * or corrected and updates added by its seller, updates told by the courier tracking service's
 * signed webhook ("delivered" delivers the order, as its seller's move does), and a buyer's order
 * found by its number and e-mail on /track.
 */
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { type OrderCommand, orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import { parseSellerOrderId } from '../../domain/order/status.ts';
import type { TrackingUpdate } from '../../domain/shipment/events.ts';
import type { ShipmentUpdateInput, TrackingInput } from '../../domain/shipment/schemas.ts';
import type { ParcelStep } from '../../platform/couriers/port.ts';
import type { Platform } from '../../platform/platform.ts';
import type { OrderDoc } from '../../projections/orders/documents.ts';
import { buyerOrders } from '../../projections/orders/queries.ts';
import { ApiError } from '../http/errors.ts';
import { findAccount } from './accounts.ts';
import { commissionRates } from './category-policy.ts';
import {
  type OrderCommandContext,
  type SellerOrderResult,
  decideOnSellerOrder,
  purchaseOf,
  sellerOrderLines,
} from './orders.ts';

/** What the shipment commands read beyond the orders': the courier tracker, and the orders read model for /track. */
export interface ShipmentCommandContext extends OrderCommandContext {
  platform: Pick<Platform, 'couriers' | 'read'>;
}

/** The commission of each category of the seller order: a delivery settles at it. */
async function ratesOf(cx: OrderCommandContext, sellerOrderId: string) {
  const lines = await sellerOrderLines(cx, sellerOrderId);
  return commissionRates(
    cx,
    lines.map((line) => line.categoryId),
    cx.policy,
  );
}

/** Its seller (or an admin) gives the tracking of a shipped order, or corrects it. */
export async function setTracking(
  cx: OrderCommandContext,
  actor: Actor,
  sellerOrderId: string,
  tracking: TrackingInput,
): Promise<SellerOrderResult> {
  const command: OrderCommand = { type: 'SetTracking', actor, sellerOrderId, tracking, at: cx.now() };
  const { sellerOrder, position } = await decideOnSellerOrder(cx, actor, sellerOrderId, command);
  return { sellerOrder, position };
}

/** Its seller (or an admin) adds an update by hand; "delivered" delivers the order. */
export async function addShipmentUpdate(
  cx: OrderCommandContext,
  actor: Actor,
  sellerOrderId: string,
  { update, location }: ShipmentUpdateInput,
): Promise<SellerOrderResult> {
  const commission = update === 'delivered' ? await ratesOf(cx, sellerOrderId) : {};
  const command: OrderCommand = {
    type: 'RecordShipmentUpdate',
    actor,
    sellerOrderId,
    update,
    location,
    commission,
    at: cx.now(),
  };
  const { sellerOrder, position } = await decideOnSellerOrder(cx, actor, sellerOrderId, command);
  return { sellerOrder, position };
}

/** What the webhook answers: whether it recorded anything (a repeat, a step MIBI does not record, or another parcel's does not). */
export interface CourierReceipt {
  received: true;
  recorded: boolean;
  position: number | null;
}

const NOTHING: CourierReceipt = { received: true, recorded: false, position: null };

/** The tracking service's steps are the domain's updates, by the same names. */
const updateOf = (step: ParcelStep): TrackingUpdate => step satisfies TrackingUpdate;

/**
 * A courier's webhook: refused unless signed with the webhook secret (401) and sent lately (400:
 * a replay of an old one); then the step it tells is recorded on the seller order it names, once
 * per event id, which delivers the order when it says delivered.
 */
export async function receiveCourierWebhook(
  cx: ShipmentCommandContext,
  raw: Uint8Array,
  signature: string | undefined,
): Promise<CourierReceipt> {
  const read = cx.platform.couriers.readWebhook(raw, signature, Date.parse(cx.now()));
  if (read === 'signature')
    throw new ApiError(401, 'invalid_signature', /*i18n*/ 'The webhook signature does not hold');
  if (read === 'stale') throw new ApiError(400, 'stale_webhook', /*i18n*/ 'The webhook was sent too long ago');
  if (read === 'malformed') throw new ApiError(400, 'invalid_webhook', /*i18n*/ 'The webhook is not a tracking update');
  const { step, orderId: sellerOrderId, eventId, trackingNumber, location, happenedAt } = read;
  if (step === null || sellerOrderId === null || !parseSellerOrderId(sellerOrderId)) return NOTHING;
  const orderId = purchaseOf(sellerOrderId);
  try {
    const update = updateOf(step);
    const commission = update === 'delivered' ? await ratesOf(cx, sellerOrderId) : {};
    const command: OrderCommand = {
      type: 'RecordCourierUpdate',
      sellerOrderId,
      courier: { eventId, awb: trackingNumber, update, location, happenedAt },
      commission,
      at: cx.now(),
    };
    const decided = await cx.streams.handle(orderStream(orderId), orderDecider, command, {
      actor: null,
      correlationId: orderId,
    });
    return decided.events.length > 0 ? { received: true, recorded: true, position: decided.position } : NOTHING;
  } catch (error) {
    // A seller order MIBI does not have: nothing to record, and nothing a retry would change.
    if ((error instanceof DomainError || error instanceof ApiError) && error.code === 'not_found') return NOTHING;
    throw error;
  }
}

/** One answer for an unknown number and a wrong e-mail: a lookup tells nothing of who ordered what. */
export const TRACK_NOT_FOUND = 'No order matches this order number and e-mail';

/**
 * The purchase of a buyer named by its e-mail, by its order number as the buyer is shown it (the
 * first eight characters of its id) or whole.
 */
export async function findTrackedOrder(
  cx: ShipmentCommandContext,
  orderNumber: string,
  email: string,
): Promise<OrderDoc> {
  const account = await findAccount(cx, email);
  const number = orderNumber.trim().toLowerCase().replace(/^#/, '');
  const orders = account ? await buyerOrders(cx.platform.read, account.userId) : [];
  const order = orders.find((doc) => doc.id === number || (number.length === 8 && doc.id.startsWith(number)));
  if (!order) throw new ApiError(404, 'not_found', TRACK_NOT_FOUND);
  return order;
}
