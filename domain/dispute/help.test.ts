import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { later } from '../time.ts';
import { type OrderCommand, orderDecider } from '../order/decider.ts';
import type { OrderEvent, OrderLine } from '../order/events.ts';
import type { LegacyOrderEvent } from '../order/upcast.ts';
import { placed } from '../order/events.fixtures.ts';
import { settleLine } from '../order/settlement.ts';
import { type TransferState, releaseDue, reversalsDue, transferDecider, transferDue } from '../order/transfers.ts';
import type { HelpEvent } from './events.ts';
import { HELP_MESSAGES, disputeOpen } from './help.ts';
import { shares, splitRefund } from './refund-split.ts';
import { threadCopyOf } from './thread-copy.ts';
import { type ThreadCommand, threadDecider } from '../conversation/decider.ts';
import { mailDue } from '../conversation/away.ts';

const { buyer, otherBuyer, seller, otherSeller, admin } = actors;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const orderId = 'o-1';
const sellerOrderId = `${orderId}-1`;
const helpId = `${sellerOrderId}-H1`;

const line: OrderLine = {
  productId: 'p-1',
  variantId: 'default',
  variantLabel: '',
  sku: '',
  personalisation: [],
  name: 'Brass Diya',
  pricePaise: 33_333,
  quantity: 3,
  imageUrl: null,
  sellerId: seller.userId,
  sellerName: 'Crafts',
  categoryId: 'crafts',
};
const commission = { crafts: 1000 };
const stamp = { orderId, sellerOrderId, sellerId: seller.userId, by: seller.userId };
const settlement = [settleLine(line, 3, 1000)];

const onlinePlaced = (): OrderEvent => {
  const event = placed(orderId, [line], AT) as Extract<OrderEvent, { type: 'OrderPlaced' }>;
  return { ...event, data: { ...event.data, payment: 'online', paymentDueBy: later(AT, HOUR) } };
};
const captured: OrderEvent = {
  type: 'PaymentCaptured',
  data: {
    orderId,
    gatewayOrderId: 'order_1',
    paymentId: 'pay_1',
    method: 'upi',
    amountPaise: 104_999,
    via: 'webhook',
    late: false,
    at: AT,
  },
};
const shipped: OrderEvent = { type: 'SellerOrderShipped', data: { ...stamp, at: AT } };
const DELIVERED_AT = later(AT, 2 * DAY);
const delivered: OrderEvent = { type: 'SellerOrderDelivered', data: { ...stamp, at: DELIVERED_AT, settlement } };
const ASKED_AT = later(DELIVERED_AT, DAY);
const requested: HelpEvent = {
  type: 'HelpRequested',
  data: {
    ...stamp,
    by: buyer.userId,
    helpId,
    buyerId: buyer.userId,
    reason: 'damaged',
    text: 'The diya came bent',
    images: [],
    answerBy: later(ASKED_AT, 48 * HOUR),
    at: ASKED_AT,
  },
};
const escalated: HelpEvent = {
  type: 'HelpEscalated',
  data: { ...stamp, by: buyer.userId, helpId, text: 'No answer', at: later(ASKED_AT, 49 * HOUR) },
};
const paidAndDelivered = [onlinePlaced(), captured, shipped, delivered];

const ask = (changes: Partial<Extract<OrderCommand, { type: 'AskForHelp' }>> = {}): OrderCommand => ({
  type: 'AskForHelp',
  actor: buyer,
  sellerOrderId,
  reason: 'damaged',
  text: 'The diya came bent',
  images: [],
  at: ASKED_AT,
  ...changes,
});
const escalate = (at: string): OrderCommand => ({
  type: 'EscalateHelp',
  actor: buyer,
  sellerOrderId,
  helpId,
  text: 'No answer',
  at,
});
const decide = (changes: Partial<Extract<OrderCommand, { type: 'DecideDispute' }>> = {}): OrderCommand => ({
  type: 'DecideDispute',
  actor: admin,
  sellerOrderId,
  helpId,
  outcome: 'refund',
  amountPaise: 50_000,
  reason: 'The photos show the damage',
  commission,
  at: later(ASKED_AT, 50 * HOUR),
  ...changes,
});

describe('asking for help', () => {
  it('gives the seller 48 hours to answer', () => {
    given(orderDecider, paidAndDelivered).when(ask()).then([requested]);
  });

  it('is the buyer’s alone: the seller or an admin is forbidden, anyone else told it is not there', () => {
    given(orderDecider, paidAndDelivered)
      .when(ask({ actor: seller }))
      .then({ code: 'forbidden', kind: 'forbidden', message: HELP_MESSAGES.buyerOnly });
    given(orderDecider, paidAndDelivered)
      .when(ask({ actor: admin }))
      .then({ code: 'forbidden', kind: 'forbidden' });
    for (const actor of [otherBuyer, otherSeller])
      given(orderDecider, paidAndDelivered).when(ask({ actor })).then({ code: 'not_found', kind: 'not_found' });
  });

  it('waits for the parcel: not before shipping, "not received" a week after shipping, the rest once delivered', () => {
    given(orderDecider, [onlinePlaced(), captured]).when(ask()).then({ code: 'not_shipped', kind: 'conflict' });
    given(orderDecider, [onlinePlaced(), captured, shipped])
      .when(ask({ at: later(AT, DAY) }))
      .then({ code: 'not_delivered', kind: 'conflict' });
    given(orderDecider, [onlinePlaced(), captured, shipped])
      .when(ask({ reason: 'not_received', at: later(AT, 7 * DAY - 1) }))
      .then({ code: 'too_soon', kind: 'conflict' });
    const late = later(AT, 7 * DAY);
    given(orderDecider, [onlinePlaced(), captured, shipped])
      .when(ask({ reason: 'not_received', at: late }))
      .then([
        {
          ...requested,
          data: { ...requested.data, reason: 'not_received', at: late, answerBy: later(late, 48 * HOUR) },
        },
      ]);
    given(orderDecider, paidAndDelivered)
      .when(ask({ at: later(DELIVERED_AT, 30 * DAY + 1) }))
      .then({ code: 'help_window_closed', kind: 'conflict' });
  });

  it('"not received" once the promised window has passed, shipped or not', () => {
    const base = onlinePlaced() as Extract<OrderEvent, { type: 'OrderPlaced' }>;
    const promised: OrderEvent = {
      ...base,
      data: {
        ...base.data,
        sellerOrders: base.data.sellerOrders.map((part) => ({
          ...part,
          promise: { zone: 'same_state', from: '2024-05-03', to: '2024-05-06' },
        })),
      },
    };
    const notReceived = (at: string) => ask({ reason: 'not_received', at });
    given(orderDecider, [promised, captured])
      .when(notReceived('2024-05-06T23:59:59.999Z'))
      .then({ code: 'not_shipped', kind: 'conflict' });
    const late = '2024-05-07T00:00:00.000Z';
    const answerBy = later(late, 48 * HOUR);
    const expected = { ...requested, data: { ...requested.data, reason: 'not_received', at: late, answerBy } };
    given(orderDecider, [promised, captured])
      .when(notReceived(late))
      .then([expected as OrderEvent]);
    given(orderDecider, [promised, captured, shipped])
      .when(notReceived(late))
      .then([expected as OrderEvent]);
    given(orderDecider, [promised, captured])
      .when(ask({ at: late }))
      .then({ code: 'not_delivered', kind: 'conflict' });
  });

  it('one at a time', () => {
    given(orderDecider, [...paidAndDelivered, requested])
      .when(ask())
      .then({ code: 'help_open', kind: 'conflict' });
  });
});

describe('the seller’s answer and the buyer’s escalation', () => {
  it('lets the buyer take it to MIBI only once the 48 hours have passed without an answer', () => {
    given(orderDecider, [...paidAndDelivered, requested])
      .when(escalate(later(ASKED_AT, 48 * HOUR - 1)))
      .then({ code: 'seller_has_time', kind: 'conflict' });
    given(orderDecider, [...paidAndDelivered, requested])
      .when(escalate(later(ASKED_AT, 49 * HOUR)))
      .then([escalated]);
    // Retried: escalated already.
    given(orderDecider, [...paidAndDelivered, requested, escalated])
      .when(escalate(later(ASKED_AT, 49 * HOUR)))
      .then([]);
  });

  it('lets the buyer take it to MIBI at once when unhappy with an answer', () => {
    const answered: HelpEvent = { type: 'HelpAnswered', data: { ...stamp, helpId, text: 'Sorry!', at: ASKED_AT } };
    given(orderDecider, [...paidAndDelivered, requested])
      .when({ type: 'AnswerHelp', actor: seller, sellerOrderId, helpId, text: 'Sorry!', at: ASKED_AT })
      .then([answered]);
    given(orderDecider, [...paidAndDelivered, requested, answered])
      .when(escalate(ASKED_AT))
      .then([{ ...escalated, data: { ...escalated.data, at: ASKED_AT } }]);
    given(orderDecider, [...paidAndDelivered, requested])
      .when({ type: 'AnswerHelp', actor: buyer, sellerOrderId, helpId, text: 'x', at: ASKED_AT })
      .then({ code: 'forbidden', kind: 'forbidden', message: HELP_MESSAGES.sellerOnly });
  });

  it('a seller’s refund closes the request and is owed to the buyer paid online', () => {
    const resolve: OrderCommand = {
      type: 'ResolveHelp',
      actor: seller,
      sellerOrderId,
      helpId,
      resolution: 'refund',
      amountPaise: 33_333,
      text: 'Refunding one diya',
      commission,
      at: ASKED_AT,
    };
    const refund = { refundId: helpId, amountPaise: 33_333, commissionPaise: 3_333, earningPaise: 30_000 };
    given(orderDecider, [...paidAndDelivered, requested])
      .when(resolve)
      .then([
        {
          type: 'HelpResolved',
          data: { ...stamp, helpId, resolution: 'refund', text: 'Refunding one diya', refund, at: ASKED_AT },
        },
        {
          type: 'RefundRequested',
          data: {
            orderId,
            refundId: helpId,
            sellerOrderId,
            returnId: null,
            amountPaise: 33_333,
            reason: 'help',
            at: ASKED_AT,
          },
        },
      ]);
    given(orderDecider, [...paidAndDelivered, requested])
      .when({ ...resolve, amountPaise: 100_000 })
      .then({ code: 'validation_failed', kind: 'invalid', fields: { amountPaise: expect.any(String) } });
  });
});

describe('the dispute', () => {
  const history = [...paidAndDelivered, requested, escalated];

  it('is decided by an admin only, once escalated, with a refund split for the ledger', () => {
    const events = orderDecider.decide(decide(), fold(orderDecider, history));
    expect(events).toEqual([
      {
        type: 'DisputeDecided',
        data: {
          ...stamp,
          by: admin.userId,
          helpId,
          outcome: 'refund',
          reason: 'The photos show the damage',
          refund: { refundId: `${helpId}-M`, amountPaise: 50_000, commissionPaise: 5_000, earningPaise: 45_000 },
          at: later(ASKED_AT, 50 * HOUR),
        },
      },
      {
        type: 'RefundRequested',
        data: expect.objectContaining({ refundId: `${helpId}-M`, amountPaise: 50_000, reason: 'help' }),
      },
    ]);
    given(orderDecider, history)
      .when(decide({ actor: seller }))
      .then({ code: 'forbidden', kind: 'forbidden' });
    given(orderDecider, [...paidAndDelivered, requested])
      .when(decide())
      .then({ code: 'not_escalated', kind: 'conflict' });
    given(orderDecider, history)
      .when(decide({ amountPaise: null }))
      .then({ code: 'validation_failed', kind: 'invalid' });
  });

  it('closed in the seller’s favour gives nothing back', () => {
    const events = orderDecider.decide(decide({ outcome: 'seller', amountPaise: null }), fold(orderDecider, history));
    expect(events).toMatchObject([{ type: 'DisputeDecided', data: { outcome: 'seller', refund: null } }]);
  });

  it('holds the seller order’s earning while open: no transfer, no release; decided, the refund is reversed', () => {
    const state = (events: Array<OrderEvent | LegacyOrderEvent>): TransferState => fold(transferDecider, events);
    expect(transferDue(state(history), sellerOrderId)).toBeNull();
    expect(disputeOpen(state(history).order!.sellerOrders[0]!.helps)).toBe(true);
    const decidedEvents = orderDecider.decide(decide(), fold(orderDecider, history));
    const after = state([...history, ...decidedEvents]);
    // Released: the whole earning is transferred, the refund's part reversed after it as a return's is.
    expect(transferDue(after, sellerOrderId)?.amountPaise).toBe(settlement[0]!.earningPaise);
    // A transfer made before the dispute: held, then the refund's earning reversed before release.
    const transferred: OrderEvent = {
      type: 'TransferCreated',
      data: { ...stamp, transferId: 'trf_1', account: 'acc_1', amountPaise: 89_999, at: DELIVERED_AT },
    };
    const policy = { now: later(DELIVERED_AT, 40 * DAY), windowDays: 7, returnable: true };
    const open = state([...paidAndDelivered, transferred, requested, escalated]);
    expect(releaseDue(open, sellerOrderId, policy)).toBe(false);
    const decidedLater = state([...paidAndDelivered, transferred, requested, escalated, ...decidedEvents]);
    expect(reversalsDue(decidedLater, sellerOrderId)).toEqual([
      { transferId: 'trf_1', returnId: `${helpId}-M`, amountPaise: 45_000 },
    ]);
  });
});

describe('the thread’s copy of each step', () => {
  it('is the party’s message; MIBI’s decision is read on the request, not posted as a party', () => {
    expect(threadCopyOf(requested)).toEqual({ from: 'buyer', text: 'Damaged: The diya came bent', images: [] });
    expect(threadCopyOf(escalated)).toEqual({ from: 'buyer', text: 'I asked MIBI to decide: No answer', images: [] });
    const refund = { refundId: helpId, amountPaise: 33_333, commissionPaise: 3_333, earningPaise: 30_000 };
    const resolved: HelpEvent = {
      type: 'HelpResolved',
      data: { ...stamp, helpId, resolution: 'refund', text: 'Sorry', refund, at: ASKED_AT },
    };
    expect(threadCopyOf(resolved)).toEqual({ from: 'seller', text: 'I refund ₹333.33. Sorry', images: [] });
    const decided: HelpEvent = {
      type: 'DisputeDecided',
      data: { ...stamp, helpId, outcome: 'seller', reason: 'Fine', refund: null, at: ASKED_AT },
    };
    expect(threadCopyOf(decided)).toBeNull();
  });

  it('is posted once under its message id, and mailed by no message mail', () => {
    const parties = { sellerOrderId, orderId, buyerId: buyer.userId, sellerId: seller.userId };
    const post: ThreadCommand = {
      type: 'PostMessage',
      actor: buyer,
      parties,
      messageId: 'help-e1',
      text: 'Damaged: bent',
      images: [],
      helpId,
      at: ASKED_AT,
    };
    const [posted] = threadDecider.decide(post, null);
    expect(posted).toMatchObject({ type: 'ThreadMessagePosted', data: { messageId: 'help-e1', helpId } });
    const thread = fold(threadDecider, [posted!]);
    expect(threadDecider.decide(post, thread)).toEqual([]);
    expect(mailDue(thread!, 'help-e1')).toBeNull();
  });
});

describe('a refund’s split', () => {
  it('shares out to the paisa and the commission plus the earning is the refund', () => {
    expect(shares(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shares(0, [5, 5])).toEqual([0, 0]);
    const split = splitRefund(50_001, [
      { amountPaise: 99_999, commissionBps: 1000 },
      { amountPaise: 33_333, commissionBps: 500 },
    ]);
    expect(split.commissionPaise + split.earningPaise).toBe(50_001);
    expect(split).toEqual({ amountPaise: 50_001, commissionPaise: 4_375, earningPaise: 45_626 });
  });
});
