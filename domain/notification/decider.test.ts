import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../order/events.ts';
import type { Actor } from '../actor.ts';
import { AT, actors, given } from '../testing.ts';
import { type NotificationCommand, newOrderNotice, notificationDecider } from './decider.ts';
import type { NotificationEvent } from './events.ts';

const seller = actors.seller;
const orderId = '8d3f1c2a-5b6e-4f70-9a81-0c2d3e4f5a6b';
const sellerOrderId = `${orderId}-2`;
const line = (name: string, pricePaise: number, quantity: number): OrderLine => ({
  productId: `p-${name}`,
  name,
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId: seller.userId,
  sellerName: 'Meera Weaves',
  categoryId: 'textiles',
});
const lines = [line('Banarasi Silk Saree', 450_000, 2), line('Brass Diya', 35_050, 1)];

const notify: NotificationCommand = {
  type: 'NotifySeller',
  sellerId: seller.userId,
  orderId,
  sellerOrderId,
  lines,
  at: AT,
};
const notified: NotificationEvent = {
  type: 'SellerNotified',
  data: {
    notificationId: `${seller.userId}-${orderId}`,
    sellerId: seller.userId,
    orderId,
    sellerOrderId,
    title: 'New order #8d3f1c2a-2',
    body: '2 × Banarasi Silk Saree at ₹4,500.00\n1 × Brass Diya at ₹350.50\nTotal: ₹9,350.50',
    at: AT,
  },
};
const read: NotificationEvent = {
  type: 'NotificationRead',
  data: { notificationId: notified.data.notificationId, by: seller.userId, at: AT },
};
const markRead = (actor: Actor = seller): NotificationCommand => ({ type: 'MarkNotificationRead', actor, at: AT });

describe('NotifySeller', () => {
  it("tells the seller of their seller order's short id, its lines and their total", () => {
    given(notificationDecider).when(notify).then([notified]);
  });

  it('keeps its id per seller and purchase, as before seller orders, so a notification recorded then is not doubled', () => {
    const { sellerOrderId: _, ...recordedBefore } = notified.data;
    const legacy: NotificationEvent = {
      type: 'SellerNotified',
      data: { ...recordedBefore, title: 'New order #8d3f1c2a' },
    };
    given(notificationDecider, [legacy]).when(notify).then([]);
    given(notificationDecider, [legacy]).when(markRead()).then([read]);
  });

  it('records nothing when the notification is already recorded (a retried job)', () => {
    given(notificationDecider, [notified]).when(notify).then([]);
    given(notificationDecider, [notified, read]).when(notify).then([]);
  });
});

describe('MarkNotificationRead', () => {
  it("marks the seller's own notification read", () => {
    given(notificationDecider, [notified]).when(markRead()).then([read]);
  });

  it('records nothing the second time', () => {
    given(notificationDecider, [notified, read]).when(markRead()).then([]);
  });

  it("answers not found for another seller's notification and for a missing one", () => {
    const notFound = { code: 'not_found', kind: 'not_found', message: 'Notification not found' } as const;
    given(notificationDecider, [notified]).when(markRead(actors.otherSeller)).then(notFound);
    given(notificationDecider, [notified]).when(markRead(actors.admin)).then(notFound);
    given(notificationDecider).when(markRead()).then(notFound);
  });
});

describe('RecordNotificationMailed', () => {
  const record: NotificationCommand = { type: 'RecordNotificationMailed', to: 'meera@mibi.test', at: AT };
  const mailed: NotificationEvent = {
    type: 'NotificationMailed',
    data: { notificationId: notified.data.notificationId, to: 'meera@mibi.test', at: AT },
  };

  it('records that the e-mail went out, once', () => {
    given(notificationDecider, [notified]).when(record).then([mailed]);
    given(notificationDecider, [notified, mailed]).when(record).then([]);
    given(notificationDecider, [notified, read, mailed]).when(record).then([]);
  });

  it('answers not found before the notification is recorded', () => {
    given(notificationDecider)
      .when(record)
      .then({ code: 'not_found', kind: 'not_found', message: 'Notification not found' });
  });

  it('keeps the notification unread and re-notifying a no-op', () => {
    given(notificationDecider, [notified, mailed]).when(markRead()).then([read]);
    given(notificationDecider, [notified, mailed]).when(notify).then([]);
  });
});

it('lists only the lines it is given', () => {
  expect(newOrderNotice(`${orderId}-1`, [line('Pashmina Shawl', 1_250_000, 1)])).toEqual({
    title: 'New order #8d3f1c2a-1',
    body: '1 × Pashmina Shawl at ₹12,500.00\nTotal: ₹12,500.00',
  });
});

describe('RecordNotice', () => {
  const notice: NotificationEvent = {
    type: 'NoticeRecorded',
    data: {
      notificationId: 'notice-e-1',
      recipientId: actors.buyer.userId,
      role: 'buyer',
      kind: 'order_shipped',
      orderId,
      sellerOrderId,
      productId: null,
      title: 'Order #8d3f1c2a-2 is shipped',
      body: 'Meera Weaves has shipped 1 × Brass Diya.',
      at: AT,
    },
  };
  const declined: NotificationEvent = {
    type: 'NotificationMailDeclined',
    data: { notificationId: 'notice-e-1', at: AT },
  };
  const mailed: NotificationEvent = {
    type: 'NotificationMailed',
    data: { notificationId: 'notice-e-1', to: 'asha@mibi.test', at: AT },
  };

  it('records the notice once, for its recipient alone to mark read', () => {
    given(notificationDecider).when({ type: 'RecordNotice', notice: notice.data }).then([notice]);
    given(notificationDecider, [notice]).when({ type: 'RecordNotice', notice: notice.data }).then([]);
    given(notificationDecider, [notice])
      .when(markRead(actors.buyer))
      .then([{ type: 'NotificationRead', data: { notificationId: 'notice-e-1', by: actors.buyer.userId, at: AT } }]);
    given(notificationDecider, [notice]).when(markRead(seller)).then({ code: 'not_found', kind: 'not_found' });
  });

  it('records a declined mail once, and none once the mail went out', () => {
    const decline: NotificationCommand = { type: 'RecordMailDeclined', at: AT };
    given(notificationDecider, [notice]).when(decline).then([declined]);
    given(notificationDecider, [notice, declined]).when(decline).then([]);
    given(notificationDecider, [notice, mailed]).when(decline).then([]);
    given(notificationDecider).when(decline).then({ code: 'not_found', kind: 'not_found' });
  });
});
