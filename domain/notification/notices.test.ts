import { describe, expect, it } from 'vitest';
import { placed } from '../order/events.fixtures.ts';
import type { OrderLine } from '../order/events.ts';
import { AT } from '../testing.ts';
import { type OrderNoticeEvent, orderNotices, reviewNotice } from './notices.ts';

const orderId = '8d3f1c2a-5b6e-4f70-9a81-0c2d3e4f5a6b';
const line = (sellerId: string, sellerName: string, name: string): OrderLine => ({
  productId: `p-${name}`,
  name,
  pricePaise: 35_050,
  quantity: 1,
  imageUrl: null,
  sellerId,
  sellerName,
  categoryId: 'handicrafts',
});
// Two sellers: each notice names only its own seller's part.
const purchase = placed(
  orderId,
  [line('meera', 'Meera Weaves', 'Brass Diya'), line('kashmir', 'Kashmir Looms', 'Pashmina Shawl')],
  AT,
).data;
const part = { orderId, sellerOrderId: `${orderId}-2`, sellerId: 'kashmir', at: AT };

describe('orderNotices', () => {
  const cancelled = (by: string) =>
    ({ type: 'SellerOrderCancelled', data: { ...part, by, reason: 'Out of stock' } }) as const;

  it("tells the buyer of the seller's cancel, with the seller's lines and the reason", () => {
    expect(orderNotices(cancelled('kashmir'), 'e-1', purchase)).toEqual([
      {
        notificationId: 'notice-e-1',
        recipientId: 'buyer-1',
        role: 'buyer',
        kind: 'order_cancelled',
        orderId,
        sellerOrderId: `${orderId}-2`,
        productId: null,
        title: 'Order #8d3f1c2a-2 cancelled by the seller',
        body: '1 × Pashmina Shawl.\nReason: Out of stock',
        at: AT,
      },
    ]);
  });

  it("tells the seller of the buyer's cancel", () => {
    expect(orderNotices(cancelled('buyer-1'), 'e-1', purchase)).toEqual([
      expect.objectContaining({
        notificationId: 'notice-e-1',
        recipientId: 'kashmir',
        role: 'seller',
        kind: 'buyer_cancelled',
        title: 'Order #8d3f1c2a-2 cancelled by the buyer',
        body: 'Asha Rao cancelled 1 × Pashmina Shawl.\nReason: Out of stock',
      }),
    ]);
  });

  it('tells both of a cancel by an admin (neither the buyer nor the seller): MIBI cancelled it, and why', () => {
    expect(orderNotices(cancelled('admin-1'), 'e-1', purchase)).toEqual([
      expect.objectContaining({
        notificationId: 'notice-e-1',
        recipientId: 'buyer-1',
        role: 'buyer',
        kind: 'order_cancelled',
        title: 'Order #8d3f1c2a-2 cancelled by MIBI',
        body: 'MIBI staff cancelled 1 × Pashmina Shawl from Kashmir Looms.\nReason: Out of stock',
      }),
      expect.objectContaining({
        notificationId: 'notice-e-1-seller',
        recipientId: 'kashmir',
        role: 'seller',
        kind: 'staff_cancelled',
        title: 'Order #8d3f1c2a-2 cancelled by MIBI',
        body: "MIBI staff cancelled your part of Asha Rao's order: 1 × Pashmina Shawl.\nReason: Out of stock",
      }),
    ]);
  });

  it('tells the other side of each step of a help request, and both of MIBI’s decision', () => {
    const help = { ...part, helpId: `${orderId}-2-H1` };
    const requested: OrderNoticeEvent = {
      type: 'HelpRequested',
      data: {
        ...help,
        by: 'buyer-1',
        buyerId: 'buyer-1',
        reason: 'damaged',
        text: 'Torn at the edge',
        images: [],
        answerBy: '2024-05-03T10:00:00.000Z',
      },
    };
    expect(orderNotices(requested, 'e-5', purchase)).toEqual([
      expect.objectContaining({
        recipientId: 'kashmir',
        kind: 'help_requested',
        title: 'Help requested: Order #8d3f1c2a-2',
        body: expect.stringContaining('Answer or resolve it by 2024-05-03 10:00 UTC'),
      }),
    ]);
    const answered = { type: 'HelpAnswered', data: { ...help, by: 'kashmir', text: 'Sorry!' } } as const;
    expect(orderNotices(answered, 'e-6', purchase)).toEqual([
      expect.objectContaining({ recipientId: 'buyer-1', kind: 'help_answered' }),
    ]);
    const refund = { refundId: `${help.helpId}-M`, amountPaise: 17_525, commissionPaise: 1_753, earningPaise: 15_772 };
    const decided = {
      type: 'DisputeDecided',
      data: { ...help, by: 'admin-1', outcome: 'refund', reason: 'Photo shows the tear', refund },
    } as const;
    expect(orderNotices(decided, 'e-7', purchase)).toEqual([
      expect.objectContaining({
        notificationId: 'notice-e-7',
        recipientId: 'buyer-1',
        kind: 'dispute_decided',
        body: 'MIBI refunds ₹175.25 to the buyer.\nReason: Photo shows the tear',
      }),
      expect.objectContaining({
        notificationId: 'notice-e-7-seller',
        recipientId: 'kashmir',
        kind: 'dispute_decided_seller',
      }),
    ]);
  });

  it('tells the buyer of a rejected return with the reason', () => {
    const rejected = {
      type: 'ReturnRejected',
      data: { ...part, returnId: `${orderId}-2-R1`, by: 'kashmir', reason: 'Worn after delivery' },
    } as const;
    expect(orderNotices(rejected, 'e-2', purchase)).toMatchObject([
      {
        recipientId: 'buyer-1',
        kind: 'return_rejected',
        title: 'Return rejected: #8d3f1c2a-2-R1',
        body: 'Kashmir Looms rejected your return.\nReason: Worn after delivery',
      },
    ]);
  });
});

describe('reviewNotice', () => {
  it('tells the seller of the product the rating and the comment', () => {
    const review = {
      type: 'ReviewSubmitted',
      data: { productId: 'p-1', buyerId: 'buyer-1', authorName: 'Asha Rao', rating: 5, comment: 'Lovely glow', at: AT },
    } as const;
    expect(reviewNotice(review, 'e-3', { sellerId: 'meera', name: 'Brass Diya' })).toEqual({
      notificationId: 'notice-e-3',
      recipientId: 'meera',
      role: 'seller',
      kind: 'review_submitted',
      orderId: null,
      sellerOrderId: null,
      productId: 'p-1',
      title: 'New review: Brass Diya',
      body: 'Asha Rao gave 5 of 5 stars.\n“Lovely glow”',
      at: AT,
    });
  });
});
