import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, given } from '../testing.ts';
import { later } from '../time.ts';
import type { OrderEvent, OrderLine } from './events.ts';
import { placed } from './events.fixtures.ts';
import { settleLine } from './settlement.ts';
import { type TransferCommand, releaseDue, reversalsDue, transferDecider, transferDue } from './transfers.ts';

const DAY = 86_400_000;
const orderId = 'o-1';
const sellerOrderId = 'o-1-1';
const line = (productId: string, pricePaise: number, quantity: number): OrderLine => ({
  productId,
  name: productId,
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId: 'seller-1',
  sellerName: 'Weaves',
  categoryId: 'textiles',
});
const lines = [line('p-1', 1000_00, 2), line('p-2', 333_33, 1)];
const stamp = { orderId, sellerOrderId, sellerId: 'seller-1', by: 'seller-1' };

const cod = placed(orderId, lines, AT);
const purchase: OrderEvent = { ...cod, data: { ...cod.data, payment: 'online', paymentDueBy: later(AT, 1_800_000) } };
const captured: OrderEvent = {
  type: 'PaymentCaptured',
  data: {
    orderId,
    gatewayOrderId: 'order_1',
    paymentId: 'pay_1',
    method: 'upi',
    amountPaise: cod.data.totalPaise,
    via: 'return',
    late: false,
    at: AT,
  },
};
const deliveredAt = later(AT, DAY);
// 10% on 2,333.33: commission 233.33, earning 2,100.00.
const delivered: OrderEvent = {
  type: 'SellerOrderDelivered',
  data: { ...stamp, at: deliveredAt, settlement: lines.map((l) => settleLine(l, l.quantity, 1000)) },
};
const returnId = (n: number) => `${sellerOrderId}-R${n}`;
const requested = (n: number, quantity = 1, productId = 'p-1'): OrderEvent => ({
  type: 'ReturnRequested',
  data: {
    ...stamp,
    returnId: returnId(n),
    lines: [{ productId, quantity }],
    reason: 'Torn',
    at: later(deliveredAt, DAY),
  },
});
const accepted = (n: number, quantity = 1, productId = 'p-1'): OrderEvent => {
  const settlement = [settleLine(lines.find((l) => l.productId === productId)!, quantity, 1000)];
  return {
    type: 'ReturnAccepted',
    data: { ...stamp, returnId: returnId(n), reason: 'Fair', settlement, at: later(deliveredAt, 2 * DAY) },
  };
};
const created: OrderEvent = {
  type: 'TransferCreated',
  data: {
    orderId,
    sellerOrderId,
    sellerId: 'seller-1',
    transferId: 'trf_1',
    account: 'acc_1',
    amountPaise: 2100_00,
    at: deliveredAt,
  },
};
const reversed = (n: number, amountPaise: number): OrderEvent => ({
  type: 'TransferReversed',
  data: {
    orderId,
    sellerOrderId,
    transferId: 'trf_1',
    reversalId: `rvrsl_${n}`,
    returnId: `${sellerOrderId}-R${n}`,
    amountPaise,
    at: AT,
  },
});
const released: OrderEvent = {
  type: 'TransferReleased',
  data: { orderId, sellerOrderId, transferId: 'trf_1', at: AT },
};

const state = (...events: OrderEvent[]) => fold(transferDecider, events);
const policy = { now: later(deliveredAt, 7 * DAY), windowDays: 7, returnable: true };

describe('what a seller order calls for', () => {
  it('a transfer of its whole earning once delivered and paid online', () => {
    expect(transferDue(state(purchase, captured, delivered), sellerOrderId)).toEqual({
      paymentId: 'pay_1',
      sellerId: 'seller-1',
      amountPaise: 2100_00,
    });
    // Cash on delivery, not paid yet, not delivered yet, or transferred already: none.
    expect(transferDue(state(cod, delivered), sellerOrderId)).toBeNull();
    expect(transferDue(state(purchase, delivered), sellerOrderId)).toBeNull();
    expect(transferDue(state(purchase, captured), sellerOrderId)).toBeNull();
    expect(transferDue(state(purchase, captured, delivered, created), sellerOrderId)).toBeNull();
  });

  it('the whole earning still after a partial return (reversed after), none once every unit came back', () => {
    expect(
      transferDue(state(purchase, captured, delivered, requested(1), accepted(1)), sellerOrderId)?.amountPaise,
    ).toBe(2100_00);
    const all = state(
      purchase,
      captured,
      delivered,
      requested(1, 2),
      accepted(1, 2),
      requested(2, 1, 'p-2'),
      accepted(2, 1, 'p-2'),
    );
    expect(transferDue(all, sellerOrderId)).toBeNull();
  });

  it('a reversal per return accepted, before or after the transfer, of what its units earned', () => {
    const before = state(purchase, captured, delivered, requested(1), accepted(1), created);
    expect(reversalsDue(before, sellerOrderId)).toEqual([
      { transferId: 'trf_1', returnId: `${sellerOrderId}-R1`, amountPaise: 900_00 },
    ]);
    expect(
      reversalsDue(
        state(purchase, captured, delivered, requested(1), accepted(1), created, reversed(1, 900_00)),
        sellerOrderId,
      ),
    ).toEqual([]);
    // A return still open calls for nothing yet.
    expect(reversalsDue(state(purchase, captured, delivered, created, requested(1)), sellerOrderId)).toEqual([]);
  });

  it('the release once the window closed with no return open and every reversal made', () => {
    const held = state(purchase, captured, delivered, created);
    expect(releaseDue(held, sellerOrderId, policy)).toBe(true);
    expect(releaseDue(held, sellerOrderId, { ...policy, now: later(policy.now, -1) })).toBe(false);
    // No category of it takes returns: its window closed at delivery.
    expect(releaseDue(held, sellerOrderId, { ...policy, now: deliveredAt, returnable: false })).toBe(true);
    expect(releaseDue(state(purchase, captured, delivered, created, requested(1)), sellerOrderId, policy)).toBe(false);
    const returned = [purchase, captured, delivered, created, requested(1), accepted(1)] as const;
    expect(releaseDue(state(...returned), sellerOrderId, policy)).toBe(false);
    expect(releaseDue(state(...returned, reversed(1, 900_00)), sellerOrderId, policy)).toBe(true);
    expect(releaseDue(state(purchase, captured, delivered, created, released), sellerOrderId, policy)).toBe(false);
    // Nothing left in it.
    expect(releaseDue(state(purchase, captured, delivered, created, reversed(1, 2100_00)), sellerOrderId, policy)).toBe(
      false,
    );
  });
});

describe('transferDecider', () => {
  const record = (fields: Partial<Extract<TransferCommand, { type: 'RecordTransfer' }>> = {}): TransferCommand => ({
    type: 'RecordTransfer',
    sellerOrderId,
    transferId: 'trf_1',
    account: 'acc_1',
    amountPaise: 2100_00,
    at: deliveredAt,
    ...fields,
  });

  it('records a transfer once', () => {
    given(transferDecider, [purchase, captured, delivered]).when(record()).then([created]);
    given(transferDecider, [purchase, captured, delivered, created]).when(record()).then([]);
  });

  it('refuses a transfer of a seller order not delivered, or not paid online', () => {
    const notDue = { code: 'not_due', kind: 'conflict' } as const;
    given(transferDecider, [purchase, captured]).when(record()).then(notDue);
    given(transferDecider, [purchase, delivered]).when(record()).then(notDue);
    given(transferDecider, [purchase])
      .when(record({ sellerOrderId: 'o-1-9' }))
      .then({ code: 'not_found', kind: 'not_found' });
  });

  it('records a release and each return’s reversal once', () => {
    const history = [purchase, captured, delivered, created];
    given(transferDecider, history).when({ type: 'RecordRelease', sellerOrderId, at: AT }).then([released]);
    given(transferDecider, [...history, released])
      .when({ type: 'RecordRelease', sellerOrderId, at: AT })
      .then([]);
    const reverse: TransferCommand = {
      type: 'RecordReversal',
      sellerOrderId,
      returnId: `${sellerOrderId}-R1`,
      reversalId: 'rvrsl_1',
      amountPaise: 900_00,
      at: AT,
    };
    given(transferDecider, history)
      .when(reverse)
      .then([reversed(1, 900_00)]);
    given(transferDecider, [...history, reversed(1, 900_00)])
      .when(reverse)
      .then([]);
  });

  it('refuses a release or reversal without a transfer', () => {
    given(transferDecider, [purchase, captured, delivered])
      .when({ type: 'RecordRelease', sellerOrderId, at: AT })
      .then({ code: 'no_transfer', kind: 'conflict' });
  });
});
