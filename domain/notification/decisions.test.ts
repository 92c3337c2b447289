import { describe, expect, it } from 'vitest';
import { AT, actors, given } from '../testing.ts';
import { notificationDecider } from './decider.ts';
import { type Decision, decisionNotice, decisionNotified } from './decisions.ts';
import type { NotificationEvent } from './events.ts';

const seller = actors.seller;
const product = { productId: 'p-1', name: 'Dhokra Elephant' };
const rejected: Decision = {
  eventId: 'e-1',
  type: 'ProductRejected',
  sellerId: seller.userId,
  product,
  reason: 'Please add a photo of the maker',
  at: AT,
};

describe('decisionNotice', () => {
  it('tells a rejection with its reason and what to do next', () => {
    expect(decisionNotice(rejected)).toEqual({
      title: 'Product rejected: Dhokra Elephant',
      body: 'Reason: Please add a photo of the maker\nEdit the product to send it for review again.',
    });
  });

  it('tells a verification without a reason, and a suspension of the seller with one', () => {
    expect(decisionNotice({ ...rejected, type: 'ProductVerified', reason: null })).toEqual({
      title: 'Product verified: Dhokra Elephant',
      body: 'Dhokra Elephant passed review and is now live on the marketplace.',
    });
    expect(
      decisionNotice({ ...rejected, type: 'SellerSuspended', product: null, reason: 'Counterfeit silk reported' }),
    ).toEqual({
      title: 'Your seller account is suspended',
      body: 'Reason: Counterfeit silk reported\nYour products are out of the catalog and you cannot list new ones until an admin reinstates you.',
    });
    expect(decisionNotice({ ...rejected, type: 'SellerVerified', product: null, reason: null }).body).toBe(
      'Your products now show the Verified Seller badge.',
    );
  });

  it('keeps a rejected change apart from a rejected product', () => {
    expect(decisionNotice({ ...rejected, type: 'ProductRevisionRejected' })).toEqual({
      title: 'Changes rejected: Dhokra Elephant',
      body: 'Reason: Please add a photo of the maker\nBuyers keep seeing the approved version. Edit the product to send other changes.',
    });
  });
});

describe('NotifyDecision', () => {
  const notified: NotificationEvent = {
    type: 'SellerDecisionNotified',
    data: {
      notificationId: 'decision-e-1',
      sellerId: seller.userId,
      decision: 'ProductRejected',
      productId: 'p-1',
      reason: 'Please add a photo of the maker',
      title: 'Product rejected: Dhokra Elephant',
      body: 'Reason: Please add a photo of the maker\nEdit the product to send it for review again.',
      at: AT,
    },
  };

  it('records the notice once, named after the decision', () => {
    expect(decisionNotified(rejected)).toEqual(notified);
    given(notificationDecider).when({ type: 'NotifyDecision', decision: rejected }).then([notified]);
    given(notificationDecider, [notified]).when({ type: 'NotifyDecision', decision: rejected }).then([]);
  });

  it('is the seller’s to mark read, and no one else’s', () => {
    const read: NotificationEvent = {
      type: 'NotificationRead',
      data: { notificationId: 'decision-e-1', by: seller.userId, at: AT },
    };
    given(notificationDecider, [notified]).when({ type: 'MarkNotificationRead', actor: seller, at: AT }).then([read]);
    given(notificationDecider, [notified])
      .when({ type: 'MarkNotificationRead', actor: actors.otherSeller, at: AT })
      .then({ code: 'not_found', kind: 'not_found' });
  });

  it('is mailed once', () => {
    const mailed: NotificationEvent = {
      type: 'NotificationMailed',
      data: { notificationId: 'decision-e-1', to: 'meera@mibi.test', at: AT },
    };
    given(notificationDecider, [notified])
      .when({ type: 'RecordNotificationMailed', to: 'meera@mibi.test', at: AT })
      .then([mailed]);
    given(notificationDecider, [notified, mailed])
      .when({ type: 'RecordNotificationMailed', to: 'meera@mibi.test', at: AT })
      .then([]);
  });
});
