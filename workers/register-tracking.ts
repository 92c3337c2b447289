/**
 * Each tracking number a seller gives (added or corrected) is registered with the courier tracking
 * service (platform/couriers), whose webhooks then tell the parcel's steps; then recorded as
 * ShipmentTrackingRegistered. A job retried after a crash between the two registers again, which
 * the service answers as already done. Another courier's (carrier 'other') is not the service's.
 */
import { orderDecider } from '../domain/order/decider.ts';
import { orderStream } from '../domain/order/events.ts';
import type { ShipmentEvent } from '../domain/shipment/events.ts';
import { awaitsRegistration } from '../domain/shipment/shipment.ts';
import type { Streams } from '../platform/eventstore/streams.ts';
import type { Effect } from './effect.ts';
import { type Cause, type Worker, causeOf, causedBy } from './worker.ts';

export const REGISTER_TRACKING = 'register-tracking';

export interface RegisterTrackingJob {
  orderId: string;
  sellerOrderId: string;
  /** The courier, whose id is the tracking service's slug (domain/shipment/carriers.ts). */
  carrier: string;
  awb: string;
  cause: Cause;
}

type TrackingGiven = Extract<ShipmentEvent, { type: 'ShipmentTrackingAdded' | 'ShipmentTrackingCorrected' }>;

async function awaits(streams: Streams, { orderId, sellerOrderId, awb }: RegisterTrackingJob): Promise<boolean> {
  const { state } = await streams.load(orderStream(orderId), orderDecider);
  const part = state?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  return part !== undefined && awaitsRegistration(part.shipment, awb);
}

export const registerTrackingEffect: Effect<RegisterTrackingJob, TrackingGiven> = {
  job: REGISTER_TRACKING,
  reactor: 'reactor:register-tracking',
  reconciler: 'reconcile:register-tracking',
  eventTypes: new Set(['ShipmentTrackingAdded', 'ShipmentTrackingCorrected'] as const),
  jobsOf(given) {
    const { orderId, sellerOrderId, carrier, awb } = given.data;
    if (carrier === 'other') return [];
    return [
      {
        job: { orderId, sellerOrderId, carrier, awb, cause: causeOf(given) },
        options: { jobId: `${REGISTER_TRACKING}:${given.id}` },
      },
    ];
  },
  done: async (streams, job) => !(await awaits(streams, job)),
  from: 'start',
};

export const registerTracking: Worker<RegisterTrackingJob> = {
  name: REGISTER_TRACKING,
  async handle({ data: job }, cx) {
    if (!(await awaits(cx.streams, job))) return;
    const { orderId, sellerOrderId, carrier, awb, cause } = job;
    await cx.platform.couriers.register({ slug: carrier, trackingNumber: awb, orderId: sellerOrderId });
    const record = { type: 'RecordTrackingRegistration', sellerOrderId, awb, at: cx.now() } as const;
    await cx.streams.handle(orderStream(orderId), orderDecider, record, causedBy(cause));
  },
};
