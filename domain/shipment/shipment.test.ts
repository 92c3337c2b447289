import { describe, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { AT, actors, given } from '../testing.ts';
import { type OrderCommand, orderDecider } from '../order/decider.ts';
import type { OrderEvent, OrderLine } from '../order/events.ts';
import { placed } from '../order/events.fixtures.ts';
import { settleLine } from '../order/settlement.ts';
import { COURIER } from './events.ts';
import { TRACKING_WHEN_SHIPPED_MESSAGE, UPDATE_AFTER_DELIVERY_MESSAGE } from './shipment.ts';

const { buyer, seller, otherSeller } = actors;
const line: OrderLine = {
  productId: 'p-1',
  variantId: 'default',
  variantLabel: '',
  sku: '',
  personalisation: [],
  name: 'Pashmina Shawl',
  pricePaise: 500_000,
  quantity: 1,
  imageUrl: null,
  sellerId: seller.userId,
  sellerName: 'Kashmir Looms',
  categoryId: 'textiles',
};
const orderId = 'o-1';
const sellerOrderId = `${orderId}-1`;
const stamp = { orderId, sellerOrderId, sellerId: seller.userId };
const COMMISSION = { textiles: 1_000 };
const undoUntil = '2024-05-01T10:10:00.000Z';
const shippedAt = [
  placed(orderId, [line], AT),
  { type: 'SellerOrderProcessing', data: { ...stamp, by: seller.userId, at: AT, undoUntil } },
  { type: 'SellerOrderShipped', data: { ...stamp, by: seller.userId, at: AT, undoUntil } },
] satisfies OrderEvent[];
const delhivery = {
  carrier: 'delhivery',
  carrierName: 'Delhivery',
  awb: '1234567890123',
  trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
} as const;
const tracked: OrderEvent = {
  type: 'ShipmentTrackingAdded',
  data: { ...stamp, by: seller.userId, at: AT, ...delhivery },
};
const delivery: OrderEvent = {
  type: 'SellerOrderDelivered',
  data: { ...stamp, by: COURIER, at: AT, settlement: [settleLine(line, 1, 1_000)] },
};

const courier = (
  eventId: string,
  update: 'delivered' | 'returned_to_origin' | 'in_transit',
  awb: string = delhivery.awb,
) =>
  ({
    type: 'RecordCourierUpdate',
    sellerOrderId,
    courier: { eventId, awb, update, location: 'Pune', happenedAt: '2024-05-02T08:00:00.000Z' },
    commission: COMMISSION,
    at: AT,
  }) satisfies OrderCommand;
const courierRecorded = (eventId: string, update: 'delivered' | 'returned_to_origin' | 'in_transit'): OrderEvent => ({
  type: 'ShipmentUpdateRecorded',
  data: {
    ...stamp,
    by: COURIER,
    at: AT,
    awb: delhivery.awb,
    update,
    location: 'Pune',
    happenedAt: '2024-05-02T08:00:00.000Z',
    source: 'courier',
    courierEventId: eventId,
  },
});

describe('tracking', () => {
  it('is recorded with the move to shipped, from the carrier and tracking number', () => {
    given(orderDecider, shippedAt.slice(0, 2))
      .when({
        type: 'ChangeSellerOrderStatus',
        actor: seller,
        sellerOrderId,
        status: 'shipped',
        tracking: { carrier: 'delhivery', awb: delhivery.awb },
        commission: {},
        undoWindowMs: 10 * 60_000,
        at: AT,
      })
      .then([shippedAt[2]!, tracked]);
  });

  it('is added to a shipped order, corrected later, and the same again changes nothing', () => {
    const set = (awb: string): OrderCommand => ({
      type: 'SetTracking',
      actor: seller,
      sellerOrderId,
      tracking: { carrier: 'delhivery', awb },
      at: AT,
    });
    given(orderDecider, shippedAt).when(set(delhivery.awb)).then([tracked]);
    given(orderDecider, [...shippedAt, tracked])
      .when(set(delhivery.awb))
      .then([]);
    given(orderDecider, [...shippedAt, tracked])
      .when(set('9876543210987'))
      .then([
        {
          type: 'ShipmentTrackingCorrected',
          data: {
            ...tracked.data,
            awb: '9876543210987',
            trackingUrl: 'https://www.delhivery.com/track/package/9876543210987',
          } as Extract<OrderEvent, { type: 'ShipmentTrackingCorrected' }>['data'],
        },
      ]);
    given(orderDecider, shippedAt.slice(0, 2))
      .when(set(delhivery.awb))
      .then({ code: 'not_shipped', kind: 'conflict', message: TRACKING_WHEN_SHIPPED_MESSAGE });
  });

  it('is the seller’s: another seller gets not found, the buyer forbidden', () => {
    const set = (actor: Actor): OrderCommand => ({
      type: 'SetTracking',
      actor,
      sellerOrderId,
      tracking: { carrier: 'delhivery', awb: delhivery.awb },
      at: AT,
    });
    given(orderDecider, shippedAt).when(set(otherSeller)).then({ code: 'not_found', kind: 'not_found' });
    given(orderDecider, shippedAt).when(set(buyer)).then({ code: 'forbidden', kind: 'forbidden' });
  });
});

describe('updates', () => {
  it("from the seller: 'delivered' delivers the order; none after delivery", () => {
    const update = (name: 'delivered' | 'failed_attempt'): OrderCommand => ({
      type: 'RecordShipmentUpdate',
      actor: seller,
      sellerOrderId,
      update: name,
      location: '',
      commission: COMMISSION,
      at: AT,
    });
    const recorded = (name: 'delivered' | 'failed_attempt'): OrderEvent => ({
      type: 'ShipmentUpdateRecorded',
      data: {
        ...stamp,
        by: seller.userId,
        at: AT,
        update: name,
        location: '',
        happenedAt: AT,
        source: 'seller',
        courierEventId: null,
        awb: delhivery.awb,
      },
    });
    const history = [...shippedAt, tracked];
    given(orderDecider, history)
      .when(update('failed_attempt'))
      .then([recorded('failed_attempt')]);
    given(orderDecider, history)
      .when(update('delivered'))
      .then([recorded('delivered'), { ...delivery, data: { ...delivery.data, by: seller.userId } }]);
    given(orderDecider, [...history, delivery])
      .when(update('failed_attempt'))
      .then({ code: 'already_delivered', kind: 'conflict', message: UPDATE_AFTER_DELIVERY_MESSAGE });
  });

  it("from the courier: each event once, for the order's tracking number; 'delivered' delivers, RTO does not", () => {
    const history = [...shippedAt, tracked];
    given(orderDecider, history)
      .when(courier('evt-1', 'delivered'))
      .then([courierRecorded('evt-1', 'delivered'), delivery]);
    given(orderDecider, [...history, courierRecorded('evt-1', 'delivered'), delivery])
      .when(courier('evt-1', 'delivered'))
      .then([]);
    given(orderDecider, history)
      .when(courier('evt-2', 'returned_to_origin'))
      .then([courierRecorded('evt-2', 'returned_to_origin')]);
    // A number the order does not have (never given, or since corrected) is not this parcel.
    given(orderDecider, history)
      .when(courier('evt-3', 'in_transit', '1111111111111'))
      .then([]);
    given(orderDecider, shippedAt).when(courier('evt-3', 'in_transit')).then([]);
  });
});
