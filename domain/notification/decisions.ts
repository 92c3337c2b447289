/**
 * What an admin decided about a seller's things (a product, a change to it, the seller's
 * standing), told to the seller in the app and by e-mail with the reason. Each decision is one
 * event of the log and makes one notification, named after that event.
 */
import { english } from '../i18n/message.ts';
import type { ProductEvent } from '../product/events.ts';
import type { SellerEvent } from '../seller/events.ts';

/** The events that record an admin's decision about a seller's products or standing. */
export const PRODUCT_DECISIONS = [
  'ProductVerified',
  'ProductRejected',
  'ProductRevisionApproved',
  'ProductRevisionRejected',
  'ProductFeatured',
  'ProductUnfeatured',
] as const satisfies ReadonlyArray<ProductEvent['type']>;
export const STANDING_DECISIONS = [
  'SellerVerified',
  'SellerSuspended',
  'SellerReinstated',
] as const satisfies ReadonlyArray<SellerEvent['type']>;

export type DecisionType = (typeof PRODUCT_DECISIONS)[number] | (typeof STANDING_DECISIONS)[number];

/** The events of those decisions. */
export type DecisionEvent = Extract<ProductEvent | SellerEvent, { type: DecisionType }>;

export interface Decision {
  /** The id of the event that recorded it: it names the notification, so a decision is told once. */
  eventId: string;
  type: DecisionType;
  sellerId: string;
  /** The product decided on, named as it was then; null for a decision on the seller's standing. */
  product: { productId: string; name: string } | null;
  /** Why, as the admin wrote it; null when the decision needs none (verifying). */
  reason: string | null;
  at: string;
}

export const decisionNotificationId = (eventId: string): string => `decision-${eventId}`;

export interface DecisionNotifiedEvent {
  type: 'SellerDecisionNotified';
  data: {
    notificationId: string;
    sellerId: string;
    decision: DecisionType;
    productId: string | null;
    reason: string | null;
    title: string;
    body: string;
    at: string;
  };
}

/** The reason's line, when there is one: 'Reason: …', or 'Note: …' where the decision is good news. */
const reasonLine = (reason: string | null, note = false) =>
  reason === null || reason === ''
    ? []
    : [note ? english(/*i18n*/ 'Note: {reason}', { reason }) : english(/*i18n*/ 'Reason: {reason}', { reason })];

/** The notice's title and body, one line of the body per fact. */
export function decisionNotice({ type, product, reason }: Decision): { title: string; body: string } {
  const name = product?.name ?? '';
  const notice = (title: string, ...lines: string[]) => ({ title, body: lines.join('\n') });
  switch (type) {
    case 'ProductVerified':
      return notice(
        english(/*i18n*/ 'Product verified: {name}', { name }),
        english(/*i18n*/ '{name} passed review and is now live on the marketplace.', { name }),
      );
    case 'ProductRejected':
      return notice(
        english(/*i18n*/ 'Product rejected: {name}', { name }),
        ...reasonLine(reason),
        /*i18n*/ 'Edit the product to send it for review again.',
      );
    case 'ProductRevisionApproved':
      return notice(
        english(/*i18n*/ 'Changes approved: {name}', { name }),
        english(/*i18n*/ 'Your changes to {name} are now live on the marketplace.', { name }),
      );
    case 'ProductRevisionRejected':
      return notice(
        english(/*i18n*/ 'Changes rejected: {name}', { name }),
        ...reasonLine(reason),
        /*i18n*/ 'Buyers keep seeing the approved version. Edit the product to send other changes.',
      );
    case 'ProductFeatured':
      return notice(
        english(/*i18n*/ 'Product featured: {name}', { name }),
        english(/*i18n*/ '{name} now comes first in the catalog.', { name }),
      );
    case 'ProductUnfeatured':
      return notice(
        english(/*i18n*/ 'No longer featured: {name}', { name }),
        english(/*i18n*/ '{name} stays on sale, no longer among the featured products.', { name }),
      );
    case 'SellerVerified':
      return notice(
        /*i18n*/ 'Your seller account is verified',
        /*i18n*/ 'Your products now show the Verified Seller badge.',
        ...reasonLine(reason, true),
      );
    case 'SellerSuspended':
      return notice(
        /*i18n*/ 'Your seller account is suspended',
        ...reasonLine(reason),
        /*i18n*/ 'Your products are out of the catalog and you cannot list new ones until an admin reinstates you.',
      );
    case 'SellerReinstated':
      return notice(
        /*i18n*/ 'Your seller account is reinstated',
        ...reasonLine(reason),
        /*i18n*/ 'Your products are back in the catalog and you can list new ones.',
      );
  }
}

/** The event recording the notification of `decision`. */
export function decisionNotified(decision: Decision): DecisionNotifiedEvent {
  const { eventId, type, sellerId, product, reason, at } = decision;
  return {
    type: 'SellerDecisionNotified',
    data: {
      notificationId: decisionNotificationId(eventId),
      sellerId,
      decision: type,
      productId: product?.productId ?? null,
      reason,
      ...decisionNotice(decision),
      at,
    },
  };
}
