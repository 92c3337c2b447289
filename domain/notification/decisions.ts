/**
 * What an admin decided about a seller's things (a product, a change to it, the seller's
 * standing), told to the seller in the app and by e-mail with the reason. Each decision is one
 * event of the log and makes one notification, named after that event.
 */
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

const reasonLine = (reason: string | null, label = 'Reason') => (reason ? [`${label}: ${reason}`] : []);

/** The notice's title and body, one line of the body per fact. */
export function decisionNotice({ type, product, reason }: Decision): { title: string; body: string } {
  const name = product?.name ?? '';
  const notice = (title: string, ...lines: string[]) => ({ title, body: lines.join('\n') });
  switch (type) {
    case 'ProductVerified':
      return notice(`Product verified: ${name}`, `${name} passed review and is now live on the marketplace.`);
    case 'ProductRejected':
      return notice(
        `Product rejected: ${name}`,
        ...reasonLine(reason),
        'Edit the product to send it for review again.',
      );
    case 'ProductRevisionApproved':
      return notice(`Changes approved: ${name}`, `Your changes to ${name} are now live on the marketplace.`);
    case 'ProductRevisionRejected':
      return notice(
        `Changes rejected: ${name}`,
        ...reasonLine(reason),
        'Buyers keep seeing the approved version. Edit the product to send other changes.',
      );
    case 'ProductFeatured':
      return notice(`Product featured: ${name}`, `${name} now comes first in the catalog.`);
    case 'ProductUnfeatured':
      return notice(`No longer featured: ${name}`, `${name} stays on sale, no longer among the featured products.`);
    case 'SellerVerified':
      return notice(
        'Your seller account is verified',
        'Your products now show the Verified Seller badge.',
        ...reasonLine(reason, /*i18n*/ 'Note'),
      );
    case 'SellerSuspended':
      return notice(
        'Your seller account is suspended',
        ...reasonLine(reason),
        'Your products are out of the catalog and you cannot list new ones until an admin reinstates you.',
      );
    case 'SellerReinstated':
      return notice(
        'Your seller account is reinstated',
        ...reasonLine(reason),
        'Your products are back in the catalog and you can list new ones.',
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
