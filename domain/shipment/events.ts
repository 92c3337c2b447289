import type { CarrierId } from './carriers.ts';

/** What a seller order's parcel went through, as its seller or the courier tells it. */
export const TRACKING_UPDATES = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'returned_to_origin',
] as const;
export type TrackingUpdate = (typeof TRACKING_UPDATES)[number];

export const TRACKING_UPDATE_LABELS: Readonly<Record<TrackingUpdate, string>> = {
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed_attempt: 'Delivery attempt failed',
  returned_to_origin: 'Returned to origin',
};

/** Who told of an update: the seller by hand, or the courier's webhook. */
export type UpdateSource = 'seller' | 'courier';

/** The `by` of what the courier's webhook decides (no user acts). */
export const COURIER = 'courier';
/** The `by` of MIBI's own records (the tracking registered by a worker). */
export const SYSTEM = 'system';

/** The parcel's carrier, tracking number (AWB) and the page a buyer follows it on. */
export interface Tracking {
  carrier: CarrierId;
  /** The known carrier's name, or the one the seller gave for another. */
  carrierName: string;
  awb: string;
  trackingUrl: string;
}

interface ShipmentStamp {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  by: string;
  at: string;
}

/**
 * A seller order's shipment, on its purchase's stream (order-{orderId}) beside the status it
 * moves: the tracking given when shipping (or added after), each correction of it, and each
 * update of the parcel's journey. A courier's update keeps the courier's event id, so a webhook
 * delivered twice is recorded once.
 */
export type ShipmentEvent =
  | { type: 'ShipmentTrackingAdded'; data: ShipmentStamp & Tracking }
  | { type: 'ShipmentTrackingCorrected'; data: ShipmentStamp & Tracking }
  /** The tracking number registered with the courier tracking service, whose webhooks then tell the parcel's steps. */
  | { type: 'ShipmentTrackingRegistered'; data: ShipmentStamp & { awb: string } }
  | {
      type: 'ShipmentUpdateRecorded';
      data: ShipmentStamp & {
        update: TrackingUpdate;
        /** Where it happened, as told ('' when not). */
        location: string;
        /** When it happened, as told (the courier's checkpoint time; the seller's: when recorded). */
        happenedAt: string;
        source: UpdateSource;
        /** The courier's event id (null for the seller's). */
        courierEventId: string | null;
        /** The tracking number it was told for. */
        awb: string;
      };
    };

export const SHIPMENT_EVENT_TYPES: ReadonlySet<string> = new Set<ShipmentEvent['type']>([
  'ShipmentTrackingAdded',
  'ShipmentTrackingCorrected',
  'ShipmentUpdateRecorded',
  'ShipmentTrackingRegistered',
]);

export const isShipmentEvent = (event: { type: string }): event is ShipmentEvent =>
  SHIPMENT_EVENT_TYPES.has(event.type);
