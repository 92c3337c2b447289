import type { Actor } from '../actor.ts';
import { english } from '../i18n/message.ts';
import { type Decider, DomainError } from '../decider.ts';
import { formatInr } from '../money.ts';
import type { OrderLine } from '../order/events.ts';
import { subtotal } from '../order/pricing.ts';
import { shortSellerOrderId } from '../order/status.ts';
import type { WishlistAlert } from '../wishlist/alerts.ts';
import { type Decision, decisionNotified } from './decisions.ts';
import { type NotificationEvent, notificationId } from './events.ts';
import type { Notice } from './notices.ts';

/**
 * Sent to stream `notification-{notificationId(sellerId, orderId)}`. NotifySeller comes from
 * the notify-seller job, not from a user, so it carries no actor; `lines` are those of the
 * seller order `sellerOrderId` of purchase `orderId`.
 */
export type NotificationCommand =
  | { type: 'NotifySeller'; sellerId: string; orderId: string; sellerOrderId: string; lines: OrderLine[]; at: string }
  /** From the wishlist reactor, for one buyer and the product event that called for it. */
  | {
      type: 'NotifyBuyer';
      notificationId: string;
      buyerId: string;
      productId: string;
      alert: WishlistAlert;
      at: string;
    }
  /** From the notify-decision job: an admin's decision about the seller's products or standing. */
  | { type: 'NotifyDecision'; decision: Decision }
  /** From the notify-parties job: a buyer's or seller's notice of the other's move. */
  | { type: 'RecordNotice'; notice: Notice }
  | { type: 'MarkNotificationRead'; actor: Actor; at: string }
  | { type: 'RecordNotificationMailed'; to: string; at: string }
  | { type: 'RecordMailDeclined'; at: string };

export interface Notification {
  notificationId: string;
  /** Who is told, and the only one who may mark it read: a seller of a new order, a buyer of a wishlist alert. */
  recipientId: string;
  title: string;
  body: string;
  read: boolean;
  /** Its e-mail went out. */
  mailed: boolean;
  /** Its recipient did not want it mailed: no e-mail goes out. */
  declined: boolean;
}

export type NotificationState = Notification | null;

/** What a seller is told of a new seller order: its short id, its lines and their total. */
export function newOrderNotice(sellerOrderId: string, lines: readonly OrderLine[]): { title: string; body: string } {
  const items = lines.map(({ quantity, name, pricePaise }) =>
    english(/*i18n*/ '{quantity} × {name} at {price}', { quantity, name, price: formatInr(pricePaise) }),
  );
  return {
    title: english(/*i18n*/ 'New order #{number}', { number: shortSellerOrderId(sellerOrderId) }),
    body: [...items, english(/*i18n*/ 'Total: {amount}', { amount: formatInr(subtotal(lines)) })].join('\n'),
  };
}

const told = (notificationId: string, recipientId: string, title: string, body: string): Notification => ({
  notificationId,
  recipientId,
  title,
  body,
  read: false,
  mailed: false,
  declined: false,
});

export const notificationDecider: Decider<NotificationCommand, NotificationState, NotificationEvent> = {
  initialState: null,

  evolve(state, event) {
    switch (event.type) {
      case 'SellerNotified': {
        const { notificationId, sellerId, title, body } = event.data;
        return told(notificationId, sellerId, title, body);
      }
      case 'BuyerNotified': {
        const { notificationId, buyerId, title, body } = event.data;
        return told(notificationId, buyerId, title, body);
      }
      case 'SellerDecisionNotified': {
        const { notificationId, sellerId, title, body } = event.data;
        return told(notificationId, sellerId, title, body);
      }
      case 'NoticeRecorded': {
        const { notificationId, recipientId, title, body } = event.data;
        return told(notificationId, recipientId, title, body);
      }
      case 'NotificationRead':
        return state && { ...state, read: true };
      case 'NotificationMailed':
        return state && { ...state, mailed: true };
      case 'NotificationMailDeclined':
        return state && { ...state, declined: true };
    }
  },

  decide(command, state) {
    if (command.type === 'NotifySeller') {
      // A retried job finds its notification recorded and records nothing more.
      if (state !== null) return [];
      const { sellerId, orderId, sellerOrderId, lines, at } = command;
      const id = notificationId(sellerId, orderId);
      return [
        {
          type: 'SellerNotified',
          data: { notificationId: id, sellerId, orderId, sellerOrderId, ...newOrderNotice(sellerOrderId, lines), at },
        },
      ];
    }
    if (command.type === 'NotifyBuyer') {
      // The reactor passing the same product event again (a replay) finds it recorded.
      if (state !== null) return [];
      const { notificationId, buyerId, productId, alert, at } = command;
      return [{ type: 'BuyerNotified', data: { notificationId, buyerId, productId, ...alert, at } }];
    }
    if (command.type === 'NotifyDecision') {
      // A retried job finds the decision told and records nothing more.
      return state === null ? [decisionNotified(command.decision)] : [];
    }
    if (command.type === 'RecordNotice') {
      // A retried job finds the notice recorded and records nothing more.
      return state === null ? [{ type: 'NoticeRecorded', data: command.notice }] : [];
    }
    if (command.type === 'RecordMailDeclined') {
      if (state === null) throw new DomainError('not_found', /*i18n*/ 'Notification not found', 'not_found');
      if (state.mailed || state.declined) return [];
      return [{ type: 'NotificationMailDeclined', data: { notificationId: state.notificationId, at: command.at } }];
    }
    if (command.type === 'RecordNotificationMailed') {
      if (state === null) throw new DomainError('not_found', /*i18n*/ 'Notification not found', 'not_found');
      if (state.mailed) return [];
      return [
        { type: 'NotificationMailed', data: { notificationId: state.notificationId, to: command.to, at: command.at } },
      ];
    }
    // Another user's notification answers like a missing one: its existence is not theirs to learn.
    if (state === null || state.recipientId !== command.actor.userId) {
      throw new DomainError('not_found', /*i18n*/ 'Notification not found', 'not_found');
    }
    if (state.read) return [];
    return [
      {
        type: 'NotificationRead',
        data: { notificationId: state.notificationId, by: command.actor.userId, at: command.at },
      },
    ];
  },
};
