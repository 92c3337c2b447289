import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { AT, actors, given } from '../testing.ts';
import { type CheckoutLine, type OrderCommand, type ReturnPolicy, type StatusChange, orderDecider } from './decider.ts';
import type { OrderEvent, OrderLine } from './events.ts';
import { settleLine } from './settlement.ts';
import { type LegacyOrderEvent, purchaseOf } from './upcast.ts';
import type { OrderStatus, UndoableStatus } from './status.ts';
import { later } from '../time.ts';
import { PUNE_ADDRESS } from './addresses.fixtures.ts';

const { buyer, otherBuyer, seller, otherSeller, admin } = actors;
const orderId = 'o-1';

const sareeLine: OrderLine = {
  variantId: 'default',
  variantLabel: '',
  sku: '',
  personalisation: [],
  productId: 'p-1',
  name: 'Banarasi Silk Saree',
  pricePaise: 1_250_050,
  quantity: 2,
  imageUrl: null,
  sellerId: seller.userId,
  sellerName: 'Varanasi Weavers',
  categoryId: 'textiles',
};
const checkoutLine = ({ quantity, ...product }: OrderLine, stockQuantity = 5): CheckoutLine => ({
  product: { ...product, stockQuantity, available: true, madeToOrderDays: null },
  quantity,
});

const placeOrder = (changes: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  actor: buyer,
  orderId,
  buyerName: 'Asha Rao',
  lines: [checkoutLine(sareeLine)],
  shippingAddress: PUNE_ADDRESS,
  delivery: 'express',
  payment: 'cod',
  paymentWindowMs: 30 * 60_000,
  at: AT,
  ...changes,
});

const sellerOrderId = `${orderId}-1`;

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    buyerId: buyer.userId,
    buyerName: 'Asha Rao',
    lines: [sareeLine],
    sellerOrders: [
      {
        sellerOrderId,
        sellerId: seller.userId,
        sellerName: 'Varanasi Weavers',
        subtotalPaise: 2_500_100,
        shipBy: '2024-05-03',
      },
    ],
    shippingAddress: PUNE_ADDRESS,
    delivery: 'express',
    payment: 'cod',
    subtotalPaise: 2_500_100,
    deliveryChargePaise: 15_000,
    totalPaise: 2_515_100,
    placedAt: AT,
  },
};

const diyaLine: OrderLine = {
  ...sareeLine,
  productId: 'p-2',
  name: 'Brass Diya',
  pricePaise: 49_900,
  quantity: 3,
  sellerId: otherSeller.userId,
  sellerName: 'Moradabad Brass',
  categoryId: 'home-decor',
};

describe('PlaceOrder', () => {
  it('records the order with totals in paise', () => {
    given(orderDecider).when(placeOrder()).then([placed]);
  });

  it('splits the purchase into one seller order per seller, numbered in the order of their first line', () => {
    const secondSaree = { ...sareeLine, productId: 'p-3', quantity: 1, pricePaise: 100_000 };
    given(orderDecider)
      .when(
        placeOrder({
          lines: [checkoutLine(diyaLine), checkoutLine(sareeLine), checkoutLine(secondSaree)],
          delivery: 'standard',
        }),
      )
      .then([
        {
          type: 'OrderPlaced',
          data: {
            ...placed.data,
            lines: [diyaLine, sareeLine, secondSaree],
            sellerOrders: [
              {
                sellerOrderId: `${orderId}-1`,
                sellerId: otherSeller.userId,
                sellerName: 'Moradabad Brass',
                subtotalPaise: 149_700,
                shipBy: '2024-05-03',
              },
              {
                sellerOrderId: `${orderId}-2`,
                sellerId: seller.userId,
                sellerName: 'Varanasi Weavers',
                subtotalPaise: 2_600_100,
                shipBy: '2024-05-03',
              },
            ],
            delivery: 'standard',
            subtotalPaise: 2_749_800,
            deliveryChargePaise: 5_000,
            totalPaise: 2_754_800,
          },
        },
      ]);
  });

  it('gives each seller order the days to dispatch plus the longest made-to-order time of its own lines', () => {
    const shawl = { ...sareeLine, productId: 'p-4', quantity: 1 };
    const [saree, diya, madeToOrder] = [checkoutLine(sareeLine), checkoutLine(diyaLine), checkoutLine(shawl)];
    const command = placeOrder({
      lines: [
        saree,
        { ...diya, product: { ...diya.product, madeToOrderDays: 3 } },
        { ...madeToOrder, product: { ...madeToOrder.product, madeToOrderDays: 10 } },
      ],
    });
    const [event] = orderDecider.decide(command, null) as Extract<OrderEvent, { type: 'OrderPlaced' }>[];
    expect(event!.data.sellerOrders.map(({ sellerId, shipBy }) => [sellerId, shipBy])).toEqual([
      [seller.userId, '2024-05-13'],
      [otherSeller.userId, '2024-05-06'],
    ]);
  });

  it('refuses an empty cart', () => {
    given(orderDecider)
      .when(placeOrder({ lines: [] }))
      .then({ code: 'cart_empty', kind: 'rule_broken', message: 'Your cart is empty' });
  });

  it('places an order paid online to wait for its payment until the window closes', () => {
    given(orderDecider)
      .when(placeOrder({ payment: 'online' }))
      .then([
        { type: 'OrderPlaced', data: { ...placed.data, payment: 'online', paymentDueBy: later(AT, 30 * 60_000) } },
      ]);
  });

  it('refuses lines beyond the stock or not for sale', () => {
    given(orderDecider)
      .when(placeOrder({ lines: [checkoutLine(sareeLine, 1)] }))
      .then({ code: 'insufficient_stock', kind: 'conflict', message: 'Only 1 of "Banarasi Silk Saree" left in stock' });
    const { product } = checkoutLine(sareeLine);
    given(orderDecider)
      .when(placeOrder({ lines: [{ product: { ...product, available: false }, quantity: 1 }] }))
      .then({ code: 'not_available', kind: 'conflict' });
  });

  it('refuses a seller buying its own product', () => {
    given(orderDecider)
      .when(placeOrder({ actor: seller, lines: [checkoutLine(diyaLine), checkoutLine(sareeLine)] }))
      .then({ code: 'own_product', kind: 'forbidden', message: 'You cannot buy your own product' });
  });

  it("places an order once: a retry finds it, another buyer's id clashes", () => {
    given(orderDecider, [placed]).when(placeOrder()).then([]);
    given(orderDecider, [placed])
      .when(placeOrder({ actor: otherBuyer }))
      .then({ code: 'already_exists', kind: 'conflict' });
  });
});

type Step = Exclude<OrderStatus, 'pending'>;

const COMMISSION = { textiles: 1_250, 'home-decor': 800 };
/** How long a move to processing or shipped may be undone, as the configuration gives it. */
const UNDO_MS = 10 * 60_000;

const eventFor = (
  status: Step,
  by: string,
  part = { sellerOrderId, sellerId: seller.userId, lines: [sareeLine] },
): OrderEvent => {
  const data = { orderId, sellerOrderId: part.sellerOrderId, sellerId: part.sellerId, by, at: AT };
  switch (status) {
    case 'processing':
      return { type: 'SellerOrderProcessing', data: { ...data, undoUntil: later(AT, UNDO_MS) } };
    case 'shipped':
      return { type: 'SellerOrderShipped', data: { ...data, undoUntil: later(AT, UNDO_MS) } };
    case 'delivered': {
      const settlement = part.lines.map((line) =>
        settleLine(line, line.quantity, COMMISSION[line.categoryId as keyof typeof COMMISSION]),
      );
      return { type: 'SellerOrderDelivered', data: { ...data, settlement } };
    }
    case 'cancelled':
      return { type: 'SellerOrderCancelled', data: { ...data, reason: 'Changed my mind' } };
  }
};

const PATH: Record<OrderStatus, Step[]> = {
  pending: [],
  processing: ['processing'],
  shipped: ['processing', 'shipped'],
  delivered: ['processing', 'shipped', 'delivered'],
  cancelled: ['cancelled'],
};

const historyAt = (status: OrderStatus): OrderEvent[] => [
  placed,
  ...PATH[status].map((step) => eventFor(step, admin.userId)),
];

const change = (status: Step): StatusChange =>
  status === 'cancelled' ? { status, reason: 'Changed my mind' } : { status };

const statusCommand = (to: Step, actor: Actor, id = sellerOrderId): OrderCommand => ({
  type: 'ChangeSellerOrderStatus',
  actor,
  sellerOrderId: id,
  commission: COMMISSION,
  undoWindowMs: UNDO_MS,
  at: AT,
  ...change(to),
});

describe('ChangeSellerOrderStatus', () => {
  const move = (from: OrderStatus, to: Step, actor: Actor = admin) =>
    given(orderDecider, historyAt(from)).when(statusCommand(to, actor));

  it.each([
    ['pending', 'processing'],
    ['processing', 'shipped'],
    ['shipped', 'delivered'],
    ['pending', 'cancelled'],
    ['processing', 'cancelled'],
  ] as const)('moves a seller order from %s to %s', (from, to) => {
    move(from, to).then([eventFor(to, admin.userId)]);
    move(from, to, seller).then([eventFor(to, seller.userId)]);
  });

  it('settles a delivery line by line at the rate given for its category: commission rounded half up, the rest earned', () => {
    const [delivered] = orderDecider.decide(
      statusCommand('delivered', seller),
      historyAt('shipped').reduce(orderDecider.evolve, null),
    );
    expect(delivered).toMatchObject({
      type: 'SellerOrderDelivered',
      data: {
        settlement: [
          // 12.5% of 25,001.00 = 3,125.125 rupees: 312,512.5 paise, rounded half up.
          {
            productId: 'p-1',
            quantity: 2,
            amountPaise: 2_500_100,
            commissionBps: 1_250,
            commissionPaise: 312_513,
            earningPaise: 2_187_587,
          },
        ],
      },
    });
  });

  it.each([
    ['pending', 'shipped'],
    ['pending', 'delivered'],
    ['processing', 'delivered'],
    ['shipped', 'processing'],
    ['shipped', 'cancelled'],
    ['delivered', 'cancelled'],
    ['delivered', 'shipped'],
    ['cancelled', 'processing'],
  ] as const)('cannot move a seller order from %s to %s', (from, to) => {
    move(from, to).then({
      code: 'invalid_transition',
      kind: 'conflict',
      message: `Cannot move an order from ${from} to ${to}`,
    });
  });

  it('changes nothing when the seller order already has the status', () => {
    move('shipped', 'shipped').then([]);
  });

  it('lets the buyer cancel while the seller order is pending, and nothing else', () => {
    move('pending', 'cancelled', buyer).then([eventFor('cancelled', buyer.userId)]);
    move('processing', 'cancelled', buyer).then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'You can cancel your order only while it is pending',
    });
    move('pending', 'processing', buyer).then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only the seller or an admin can change the status of an order',
    });
  });

  it('is unknown to sellers of other parts and to other buyers', () => {
    for (const actor of [otherSeller, otherBuyer])
      move('pending', 'processing', actor).then({ code: 'not_found', kind: 'not_found', message: 'Order not found' });
  });

  it('moves only the part it names: one seller delivering leaves the other seller’s part as it was', () => {
    const twoSellers: OrderEvent = {
      type: 'OrderPlaced',
      data: {
        ...placed.data,
        lines: [sareeLine, diyaLine],
        sellerOrders: [
          ...(placed as Extract<OrderEvent, { type: 'OrderPlaced' }>).data.sellerOrders,
          {
            sellerOrderId: `${orderId}-2`,
            sellerId: otherSeller.userId,
            sellerName: 'Moradabad Brass',
            subtotalPaise: 149_700,
            shipBy: '2024-05-03',
          },
        ],
      },
    };
    const other = { sellerOrderId: `${orderId}-2`, sellerId: otherSeller.userId, lines: [diyaLine] };
    const history = [twoSellers, ...PATH.delivered.map((step) => eventFor(step, seller.userId))];
    const state = history.reduce(orderDecider.evolve, null);
    expect(state?.sellerOrders.map((part) => part.status)).toEqual(['delivered', 'pending']);
    given(orderDecider, history)
      .when(statusCommand('cancelled', otherSeller, other.sellerOrderId))
      .then([eventFor('cancelled', otherSeller.userId, other)]);
    given(orderDecider, history)
      .when(statusCommand('processing', seller, other.sellerOrderId))
      .then({ code: 'not_found', kind: 'not_found' });
  });

  it('refuses a seller managing a part it bought, whatever an old log holds', () => {
    const selfBought = { ...placed, data: { ...placed.data, buyerId: seller.userId } } as OrderEvent;
    given(orderDecider, [selfBought]).when(statusCommand('processing', seller)).then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'You cannot manage an order you bought: its buyer is you',
    });
  });

  it('finds no unknown order or seller order', () => {
    given(orderDecider)
      .when(statusCommand('processing', admin))
      .then({ code: 'not_found', kind: 'not_found', message: 'Order not found' });
    given(orderDecider, [placed])
      .when(statusCommand('processing', admin, `${orderId}-9`))
      .then({ code: 'not_found', kind: 'not_found' });
  });
});

const POLICY: ReturnPolicy = { windowDays: 7, returnable: { textiles: true, 'home-decor': true, spices: false } };
const DELIVERED = historyAt('delivered');
const returnId = `${sellerOrderId}-R1`;
const returnStamp = { orderId, sellerOrderId, sellerId: seller.userId, returnId, at: AT };

const requestReturn = (changes: Partial<Extract<OrderCommand, { type: 'RequestReturn' }>> = {}): OrderCommand => ({
  type: 'RequestReturn',
  actor: buyer,
  sellerOrderId,
  lines: [{ key: 'p-1', quantity: 1 }],
  reason: 'The colour is not as shown',
  policy: POLICY,
  at: AT,
  ...changes,
});

const requested: OrderEvent = {
  type: 'ReturnRequested',
  data: {
    ...returnStamp,
    by: buyer.userId,
    lines: [{ productId: 'p-1', quantity: 1 }],
    reason: 'The colour is not as shown',
  },
};

const decide = (accept: boolean, actor: Actor = seller): OrderCommand => ({
  type: 'DecideReturn',
  actor,
  sellerOrderId,
  returnId,
  accept,
  reason: accept ? 'Sorry about that' : 'Worn',
  at: AT,
});

describe('UndoSellerOrderStatus', () => {
  const undo = (status: UndoableStatus, actor: Actor = seller, afterMs = 60_000): OrderCommand => ({
    type: 'UndoSellerOrderStatus',
    actor,
    sellerOrderId,
    status,
    at: later(AT, afterMs),
  });
  const reverted = (from: UndoableStatus, to: OrderStatus, by: string, afterMs = 60_000): OrderEvent => ({
    type: 'SellerOrderStatusReverted',
    data: { orderId, sellerOrderId, sellerId: seller.userId, by, at: later(AT, afterMs), from, to } as Extract<
      OrderEvent,
      { type: 'SellerOrderStatusReverted' }
    >['data'],
  });

  it.each([
    ['processing', 'pending'],
    ['shipped', 'processing'],
  ] as const)('undoes a move to %s within the window, back to %s, for its seller or an admin', (from, to) => {
    given(orderDecider, historyAt(from))
      .when(undo(from))
      .then([reverted(from, to, seller.userId)]);
    given(orderDecider, historyAt(from))
      .when(undo(from, admin, UNDO_MS))
      .then([reverted(from, to, admin.userId, UNDO_MS)]);
  });

  it('refuses once the window the move set has passed, by its own clock', () => {
    given(orderDecider, historyAt('shipped'))
      .when(undo('shipped', seller, UNDO_MS + 1))
      .then({ code: 'undo_window_closed', kind: 'conflict' });
  });

  it('undoes only the last move, once; delivered and cancelled are final', () => {
    const undoneOnce = [...historyAt('shipped'), reverted('shipped', 'processing', seller.userId)];
    for (const [history, status] of [
      [historyAt('shipped'), 'processing'],
      [undoneOnce, 'processing'],
      [historyAt('delivered'), 'shipped'],
      [historyAt('cancelled'), 'processing'],
      [historyAt('pending'), 'processing'],
    ] as const)
      given(orderDecider, history).when(undo(status)).then({ code: 'not_undoable', kind: 'conflict' });
    // A retry of the undo changes nothing.
    given(orderDecider, undoneOnce).when(undo('shipped')).then([]);
  });

  it('lets the order move on again after an undo, that move undoable in turn', () => {
    const undone = [...historyAt('processing'), reverted('processing', 'pending', seller.userId)];
    given(orderDecider, undone)
      .when(statusCommand('processing', seller))
      .then([eventFor('processing', seller.userId)]);
    given(orderDecider, [...undone, eventFor('processing', seller.userId)])
      .when(undo('processing'))
      .then([reverted('processing', 'pending', seller.userId)]);
  });

  it('never undoes a move logged before moves could be undone', () => {
    const { undoUntil: _, ...old } = eventFor('processing', seller.userId).data as { undoUntil: string };
    given(orderDecider, [placed, { type: 'SellerOrderProcessing', data: old } as OrderEvent])
      .when(undo('processing'))
      .then({ code: 'not_undoable', kind: 'conflict' });
  });

  it('is for the seller and the admins: the buyer is refused, anyone else finds no order', () => {
    given(orderDecider, historyAt('processing'))
      .when(undo('processing', buyer))
      .then({ code: 'forbidden', kind: 'forbidden' });
    given(orderDecider, historyAt('processing'))
      .when(undo('processing', otherSeller))
      .then({ code: 'not_found', kind: 'not_found' });
  });
});

describe('RequestReturn', () => {
  const later = (days: number) => new Date(Date.parse(AT) + days * 86_400_000).toISOString();

  it('records a return of delivered units, within the window, with its reason', () => {
    given(orderDecider, DELIVERED).when(requestReturn()).then([requested]);
    given(orderDecider, DELIVERED)
      .when(requestReturn({ at: later(7) }))
      .then([{ ...requested, data: { ...requested.data, at: later(7) } }]);
  });

  it('refuses once the window has closed', () => {
    given(orderDecider, DELIVERED)
      .when(requestReturn({ at: later(7.01) }))
      .then({
        code: 'return_window_closed',
        kind: 'conflict',
        message: `Returns closed on ${later(7).slice(0, 10)}, 7 days after delivery`,
      });
  });

  it('refuses before delivery', () => {
    for (const status of ['pending', 'shipped', 'cancelled'] as const) {
      given(orderDecider, historyAt(status)).when(requestReturn()).then({
        code: 'not_delivered',
        kind: 'conflict',
        message: 'Items can be returned only once they are delivered',
      });
    }
  });

  it('refuses a category that takes no returns', () => {
    given(orderDecider, DELIVERED)
      .when(requestReturn({ policy: { ...POLICY, returnable: { textiles: false } } }))
      .then({
        code: 'not_returnable',
        kind: 'rule_broken',
        message: '"Banarasi Silk Saree" cannot be returned: its category takes no returns',
      });
  });

  it('refuses more units than delivered and not already asked back, and products not in the seller order', () => {
    given(orderDecider, DELIVERED)
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 3 }] }))
      .then({
        code: 'return_quantity',
        kind: 'rule_broken',
        message: 'You can return at most 2 of "Banarasi Silk Saree"',
      });
    given(orderDecider, [...DELIVERED, requested])
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 2 }] }))
      .then({
        code: 'return_quantity',
        kind: 'rule_broken',
        message: 'You can return at most 1 of "Banarasi Silk Saree"',
      });
    given(orderDecider, DELIVERED)
      .when(requestReturn({ lines: [{ key: 'p-2', quantity: 1 }] }))
      .then({ code: 'not_in_order', kind: 'rule_broken' });
    given(orderDecider, DELIVERED)
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 0 }] }))
      .then({ code: 'validation_failed', kind: 'rule_broken', message: 'Choose at least one item to return' });
  });

  it('counts a product named on several lines once, with all its units', () => {
    const twice = [
      { key: 'p-1', quantity: 1 },
      { key: 'p-1', quantity: 1 },
    ];
    given(orderDecider, DELIVERED)
      .when(requestReturn({ lines: twice }))
      .then([{ ...requested, data: { ...requested.data, lines: [{ productId: 'p-1', quantity: 2 }] } }]);
    given(orderDecider, DELIVERED)
      .when(requestReturn({ lines: [...twice, { key: 'p-1', quantity: 1 }] }))
      .then({
        code: 'return_quantity',
        kind: 'rule_broken',
        message: 'You can return at most 2 of "Banarasi Silk Saree"',
      });
  });

  it('numbers a second return after the first, and never asks again for units a refused return held', () => {
    const rejected: OrderEvent = {
      type: 'ReturnRejected',
      data: { ...returnStamp, by: seller.userId, reason: 'Worn' },
    };
    const second = {
      ...requested,
      data: { ...requested.data, returnId: `${sellerOrderId}-R2`, lines: [{ productId: 'p-1', quantity: 1 }] },
    };
    // The refused return held one of the two units: the other may still be asked back, the refused one not.
    given(orderDecider, [...DELIVERED, requested, rejected])
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 1 }] }))
      .then([second]);
    given(orderDecider, [...DELIVERED, requested, rejected])
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 2 }] }))
      .then({
        code: 'return_quantity',
        kind: 'rule_broken',
        message: 'You can return at most 1 of "Banarasi Silk Saree"',
      });
    given(orderDecider, [...DELIVERED, requested, rejected, second])
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 1 }] }))
      .then({
        code: 'return_quantity',
        kind: 'rule_broken',
        message: '"Banarasi Silk Saree" is already being returned',
      });
    const rejectedSecond: OrderEvent = {
      type: 'ReturnRejected',
      data: { ...returnStamp, returnId: `${sellerOrderId}-R2`, by: seller.userId, reason: 'Worn' },
    };
    given(orderDecider, [...DELIVERED, requested, rejected, second, rejectedSecond])
      .when(requestReturn({ lines: [{ key: 'p-1', quantity: 1 }] }))
      .then({
        code: 'return_quantity',
        kind: 'rule_broken',
        message: 'The return of "Banarasi Silk Saree" was refused, and cannot be asked again',
      });
  });

  it('is for the buyer only', () => {
    given(orderDecider, DELIVERED)
      .when(requestReturn({ actor: seller }))
      .then({ code: 'forbidden', kind: 'forbidden', message: 'Only the buyer can ask to return items' });
    given(orderDecider, DELIVERED)
      .when(requestReturn({ actor: otherBuyer }))
      .then({ code: 'not_found', kind: 'not_found' });
  });
});

describe('DecideReturn', () => {
  it('accepts, reversing the units at the rate their delivery was settled at', () => {
    given(orderDecider, [...DELIVERED, requested])
      .when(decide(true))
      .then([
        {
          type: 'ReturnAccepted',
          data: {
            ...returnStamp,
            by: seller.userId,
            reason: 'Sorry about that',
            settlement: [settleLine(sareeLine, 1, 1_250)],
          },
        },
      ]);
  });

  it('rejects with a reason; an admin may decide too', () => {
    given(orderDecider, [...DELIVERED, requested])
      .when(decide(false, admin))
      .then([{ type: 'ReturnRejected', data: { ...returnStamp, by: admin.userId, reason: 'Worn' } }]);
  });

  it('decides once: the same decision again changes nothing, the other one is refused', () => {
    const accepted: OrderEvent = {
      type: 'ReturnAccepted',
      data: { ...returnStamp, by: seller.userId, reason: 'ok', settlement: [] },
    };
    given(orderDecider, [...DELIVERED, requested, accepted])
      .when(decide(true))
      .then([]);
    given(orderDecider, [...DELIVERED, requested, accepted])
      .when(decide(false))
      .then({ code: 'already_decided', kind: 'conflict', message: 'This return was already accepted' });
  });

  it('is for the seller of the part or an admin', () => {
    given(orderDecider, [...DELIVERED, requested])
      .when(decide(true, buyer))
      .then({ code: 'forbidden', kind: 'forbidden' });
    given(orderDecider, [...DELIVERED, requested])
      .when(decide(true, otherSeller))
      .then({ code: 'not_found', kind: 'not_found' });
    given(orderDecider, DELIVERED)
      .when(decide(true))
      .then({ code: 'not_found', kind: 'not_found', message: 'Return not found' });
  });
});

describe('a log written before seller orders', () => {
  const { sellerOrders: _, ...oldPlaced } = (placed as Extract<OrderEvent, { type: 'OrderPlaced' }>).data;
  const old: LegacyOrderEvent[] = [
    { type: 'OrderPlaced', data: { ...oldPlaced, lines: [sareeLine, diyaLine] } },
    { type: 'OrderProcessing', data: { orderId, by: seller.userId, at: AT } },
    { type: 'OrderShipped', data: { orderId, by: seller.userId, at: AT } },
    { type: 'OrderDelivered', data: { orderId, by: seller.userId, at: AT } },
  ];

  it('folds into one seller order per seller, each moved as the whole purchase was, settled at no commission', () => {
    const state = old.reduce(orderDecider.evolve, null);
    expect(
      state?.sellerOrders.map(({ sellerOrderId: id, sellerId, status, settlement }) => ({
        id,
        sellerId,
        status,
        settlement,
      })),
    ).toEqual([
      { id: `${orderId}-1`, sellerId: seller.userId, status: 'delivered', settlement: [settleLine(sareeLine, 2, 0)] },
      {
        id: `${orderId}-2`,
        sellerId: otherSeller.userId,
        status: 'delivered',
        settlement: [settleLine(diyaLine, 3, 0)],
      },
    ]);
  });

  it('takes returns on its parts as on new ones', () => {
    given(orderDecider, old).when(requestReturn()).then([requested]);
  });
});

describe('a log written before made to order', () => {
  const { sellerOrders, ...data } = (placed as Extract<OrderEvent, { type: 'OrderPlaced' }>).data;
  const old = {
    type: 'OrderPlaced' as const,
    data: { ...data, sellerOrders: sellerOrders.map(({ shipBy: _, ...part }) => part) },
  };

  it('reads its seller orders as to ship by the days every seller has', () => {
    expect(purchaseOf(old).sellerOrders.map((part) => part.shipBy)).toEqual(['2024-05-03']);
    expect(purchaseOf(placed as Extract<OrderEvent, { type: 'OrderPlaced' }>)).toBe(placed.data);
  });
});

describe('returns taken one by one', () => {
  it('reverse in all exactly the commission the delivery charged, whatever the rounding', () => {
    const cheap: OrderLine = { ...sareeLine, pricePaise: 333, quantity: 3 };
    const bought: OrderEvent = {
      ...placed,
      data: { ...(placed as Extract<OrderEvent, { type: 'OrderPlaced' }>).data, lines: [cheap] },
    } as OrderEvent;
    const log: OrderEvent[] = [bought, ...PATH.shipped.map((step) => eventFor(step, seller.userId))];
    let state = log.reduce(orderDecider.evolve, null);
    const take = (command: OrderCommand) => {
      const events = orderDecider.decide(command, state);
      state = events.reduce(orderDecider.evolve, state);
      return events;
    };
    const [delivered] = take({ ...statusCommand('delivered', seller), commission: { textiles: 1000 } } as OrderCommand);
    const charged = (delivered as Extract<OrderEvent, { type: 'SellerOrderDelivered' }>).data.settlement[0]!;
    expect(charged).toMatchObject({ amountPaise: 999, commissionPaise: 100 });
    const reversed = [1, 2, 3].map((n) => {
      take(requestReturn({ lines: [{ key: 'p-1', quantity: 1 }] }));
      const [accepted] = take({ ...decide(true), returnId: `${sellerOrderId}-R${n}` } as OrderCommand);
      return (accepted as Extract<OrderEvent, { type: 'ReturnAccepted' }>).data.settlement[0]!;
    });
    expect(reversed.map((r) => r.commissionPaise)).toEqual([33, 34, 33]);
    expect(reversed.reduce((total, r) => total + r.commissionPaise, 0)).toBe(charged.commissionPaise);
    expect(reversed.reduce((total, r) => total + r.earningPaise, 0)).toBe(charged.earningPaise);
  });
});
