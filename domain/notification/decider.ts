import type { Actor } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { formatInr } from '../money.ts';
import type { OrderLine } from '../order/events.ts';
import { subtotal } from '../order/pricing.ts';
import { shortOrderId } from '../order/status.ts';
import { type NotificationEvent, notificationId } from './events.ts';

/**
 * Sent to stream `notification-{notificationId(sellerId, orderId)}`. NotifySeller comes from
 * the notify-seller job, not from a user, so it carries no actor.
 */
export type NotificationCommand =
  | { type: 'NotifySeller'; sellerId: string; orderId: string; lines: OrderLine[]; at: string }
  | { type: 'MarkNotificationRead'; actor: Actor; at: string };

export interface Notification {
  notificationId: string;
  sellerId: string;
  title: string;
  body: string;
  read: boolean;
}

export type NotificationState = Notification | null;

/** What a seller is told of a new order: only their own lines of it. */
export function newOrderNotice(orderId: string, lines: readonly OrderLine[]): { title: string; body: string } {
  const items = lines.map(({ quantity, name, pricePaise }) => `${quantity} × ${name} at ${formatInr(pricePaise)}`);
  return {
    title: `New order #${shortOrderId(orderId)}`,
    body: [...items, `Total: ${formatInr(subtotal(lines))}`].join('\n'),
  };
}

export const notificationDecider: Decider<NotificationCommand, NotificationState, NotificationEvent> = {
  initialState: null,

  evolve(state, { type, data }) {
    if (type === 'SellerNotified') {
      const { notificationId, sellerId, title, body } = data;
      return { notificationId, sellerId, title, body, read: false };
    }
    return state && { ...state, read: true };
  },

  decide(command, state) {
    if (command.type === 'NotifySeller') {
      // A retried job finds its notification recorded and records nothing more.
      if (state !== null) return [];
      const { sellerId, orderId, lines, at } = command;
      const id = notificationId(sellerId, orderId);
      return [{ type: 'SellerNotified', data: { notificationId: id, sellerId, orderId, ...newOrderNotice(orderId, lines), at } }];
    }
    // Another seller's notification answers like a missing one: its existence is not theirs to learn.
    if (state === null || state.sellerId !== command.actor.userId) {
      throw new DomainError('not_found', 'Notification not found', 404);
    }
    if (state.read) return [];
    return [{ type: 'NotificationRead', data: { notificationId: state.notificationId, by: command.actor.userId, at: command.at } }];
  },
};
