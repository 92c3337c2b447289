/**
 * The rules of a seller order's shipment (its events are on the purchase's stream, decided by
 * the order decider through these): tracking is added or corrected by the seller while the
 * order is shipped; updates come from the seller by hand or from the courier's webhook, each
 * courier event once; "delivered" delivers the order when it is shipped (the order decider
 * adds the delivery), and any other update, returned to origin included, delivers nothing.
 */
import { DomainError } from '../decider.ts';
import type { OrderStatus } from '../order/status.ts';
import { carrierName, trackingUrlOf } from './carriers.ts';
import { COURIER, SYSTEM, type ShipmentEvent, type Tracking, type TrackingUpdate } from './events.ts';
import type { TrackingInput } from './schemas.ts';

export interface ShipmentState {
  tracking: Tracking | null;
  /** The tracking number last registered with the courier tracking service. */
  registered: string | null;
  /** The courier event ids recorded: a webhook delivered again changes nothing. */
  courierEventIds: ReadonlySet<string>;
}

export const NO_SHIPMENT: ShipmentState = { tracking: null, registered: null, courierEventIds: new Set() };

export const TRACKING_WHEN_SHIPPED_MESSAGE = /*i18n*/ 'Tracking can be added once the order is shipped';
export const UPDATE_WHEN_SHIPPED_MESSAGE = /*i18n*/ 'Tracking updates can be added once the order is shipped';
export const UPDATE_AFTER_DELIVERY_MESSAGE = /*i18n*/ 'This order is delivered: its tracking is closed';

/** The tracking of a seller's input: a known courier's name and page, or what the seller gave for another. */
export function trackingOf(input: TrackingInput): Tracking {
  const { carrier, awb } = input;
  if (carrier === 'other') return { carrier, awb, carrierName: input.carrierName!, trackingUrl: input.trackingUrl! };
  return { carrier, awb, carrierName: carrierName(carrier), trackingUrl: trackingUrlOf(carrier, awb)! };
}

const sameTracking = (a: Tracking, b: Tracking): boolean =>
  a.carrier === b.carrier && a.awb === b.awb && a.carrierName === b.carrierName && a.trackingUrl === b.trackingUrl;

/** What a seller order's events carry: its purchase, itself, its seller, who and when. */
export interface ShipmentStamp {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  by: string;
  at: string;
}

/** Tracking given or changed by the seller, while the order is shipped: added the first time, then corrected; the same again changes nothing. */
export function setTracking(
  status: OrderStatus,
  shipment: ShipmentState,
  input: TrackingInput,
  stamp: ShipmentStamp,
): ShipmentEvent[] {
  if (status !== 'shipped') throw new DomainError('not_shipped', TRACKING_WHEN_SHIPPED_MESSAGE, 'conflict');
  const tracking = trackingOf(input);
  if (shipment.tracking && sameTracking(shipment.tracking, tracking)) return [];
  const type = shipment.tracking ? 'ShipmentTrackingCorrected' : 'ShipmentTrackingAdded';
  return [{ type, data: { ...stamp, ...tracking } }];
}

/** An update the seller records by hand: on a shipped order (not before, not after its delivery). */
export function sellerUpdate(
  status: OrderStatus,
  shipment: ShipmentState,
  update: { update: TrackingUpdate; location: string },
  stamp: ShipmentStamp,
): ShipmentEvent[] {
  if (status === 'delivered') throw new DomainError('already_delivered', UPDATE_AFTER_DELIVERY_MESSAGE, 'conflict');
  if (status !== 'shipped') throw new DomainError('not_shipped', UPDATE_WHEN_SHIPPED_MESSAGE, 'conflict');
  return [
    {
      type: 'ShipmentUpdateRecorded',
      data: {
        ...stamp,
        ...update,
        happenedAt: stamp.at,
        source: 'seller',
        courierEventId: null,
        awb: shipment.tracking?.awb ?? '',
      },
    },
  ];
}

/** What a courier's webhook tells of a parcel. */
export interface CourierUpdate {
  eventId: string;
  awb: string;
  update: TrackingUpdate;
  location: string;
  happenedAt: string;
}

/**
 * A courier's update: recorded once per courier event, for the tracking number the order has now
 * (one for a number since corrected is stale, and ignored), whatever the order's status (a
 * parcel's journey goes on after an undone move or a delivery).
 */
export function courierUpdate(
  shipment: ShipmentState,
  update: CourierUpdate,
  stamp: Omit<ShipmentStamp, 'by'>,
): ShipmentEvent[] {
  const { eventId, ...told } = update;
  if (shipment.courierEventIds.has(eventId) || shipment.tracking?.awb !== update.awb) return [];
  return [
    {
      type: 'ShipmentUpdateRecorded',
      data: { ...stamp, by: COURIER, ...told, source: 'courier', courierEventId: eventId },
    },
  ];
}

/** The tracking number registered with the tracking service: once, and only while it is the order's. */
export function trackingRegistered(
  shipment: ShipmentState,
  awb: string,
  stamp: Omit<ShipmentStamp, 'by'>,
): ShipmentEvent[] {
  if (shipment.registered === awb || shipment.tracking?.awb !== awb) return [];
  return [{ type: 'ShipmentTrackingRegistered', data: { ...stamp, by: SYSTEM, awb } }];
}

/** Whether the tracking service needs `awb` still: the order's number, not registered yet. */
export const awaitsRegistration = (shipment: ShipmentState, awb: string): boolean =>
  shipment.tracking?.awb === awb && shipment.registered !== awb;

export function shipmentAfter(shipment: ShipmentState, event: ShipmentEvent): ShipmentState {
  switch (event.type) {
    case 'ShipmentTrackingAdded':
    case 'ShipmentTrackingCorrected': {
      const { carrier, carrierName, awb, trackingUrl } = event.data;
      return { ...shipment, tracking: { carrier, carrierName, awb, trackingUrl } };
    }
    case 'ShipmentTrackingRegistered':
      return { ...shipment, registered: event.data.awb };
    case 'ShipmentUpdateRecorded': {
      const { courierEventId } = event.data;
      if (courierEventId === null) return shipment;
      return { ...shipment, courierEventIds: new Set([...shipment.courierEventIds, courierEventId]) };
    }
  }
}
