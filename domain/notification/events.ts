import type { WishlistAlertKind } from '../wishlist/alerts.ts';
import type { DecisionNotifiedEvent } from './decisions.ts';
import type { NoticeRecordedEvent } from './notices.ts';

/**
 * One notification per seller and purchase: the job, the stream and the read model share this id.
 * A purchase holds one seller order per seller, so it is also one per seller order; it is keyed
 * by the purchase, as before seller orders existed, so notifications recorded then are not doubled.
 */
export const notificationId = (sellerId: string, orderId: string): string => `${sellerId}-${orderId}`;

export const notificationStream = (notificationId: string): string => `notification-${notificationId}`;

export type NotificationEvent =
  | {
      type: 'SellerNotified';
      data: {
        notificationId: string;
        sellerId: string;
        orderId: string;
        /** The seller order told of. Absent from notifications recorded before seller orders existed. */
        sellerOrderId?: string;
        title: string;
        body: string;
        at: string;
      };
    }
  /** A buyer told of a product on their wishlist: a lower price, or stock again (domain/wishlist/alerts.ts). */
  | {
      type: 'BuyerNotified';
      data: {
        notificationId: string;
        buyerId: string;
        productId: string;
        kind: WishlistAlertKind;
        title: string;
        body: string;
        at: string;
      };
    }
  | { type: 'NotificationRead'; data: { notificationId: string; by: string; at: string } }
  /** The e-mail of the notification went out (so a retried job does not send it again). */
  | { type: 'NotificationMailed'; data: { notificationId: string; to: string; at: string } }
  /** Its recipient had turned this kind of mail off when it was to go out: none is sent, now or later. */
  | { type: 'NotificationMailDeclined'; data: { notificationId: string; at: string } }
  /** A buyer or seller told of the other's move on an order, a return or a review (notices.ts). */
  | NoticeRecordedEvent
  /** An admin's decision about the seller's products or standing (decisions.ts). */
  | DecisionNotifiedEvent;
