/**
 * The courier tracking port: MIBI registers a parcel's tracking number with a tracking service,
 * which then tells each step of the parcel's journey by a signed webhook. The adapter is
 * AfterShip's tracking API (aftership.ts), against AfterShip or the local test courier that
 * speaks the same protocol (test-courier/).
 */

/** The steps of a parcel's journey MIBI records (domain/shipment has the same list). */
export const PARCEL_STEPS = [
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'returned_to_origin',
] as const;
export type ParcelStep = (typeof PARCEL_STEPS)[number];

export interface TrackingRegistration {
  /** The courier, by the tracking service's slug ('delhivery', 'india-post', ...). */
  slug: string;
  trackingNumber: string;
  /** MIBI's seller order: the webhooks carry it back. */
  orderId: string;
}

/** A webhook that holds: its event, and the parcel's latest step (null when it tells none MIBI records). */
export interface CourierWebhook {
  eventId: string;
  orderId: string | null;
  trackingNumber: string;
  step: ParcelStep | null;
  location: string;
  happenedAt: string;
}

/** Why a webhook is refused: not signed with the secret, sent too long ago (a replay), or not one. */
export type WebhookRefusal = 'signature' | 'stale' | 'malformed';

export interface CourierTracker {
  /** aftership: AfterShip itself; test: the local test courier. */
  readonly kind: 'aftership' | 'test';
  /** Registers a tracking number (again: no harm, the service keeps one). */
  register(tracking: TrackingRegistration): Promise<void>;
  /** Checks a webhook's signature on its raw body and its time against `now` (ms), and reads it. */
  readWebhook(raw: Uint8Array, signature: string | undefined, now: number): CourierWebhook | WebhookRefusal;
}

/** The tracking service could not be reached or failed: try again later. */
export class CourierUnavailable extends Error {
  override name = 'CourierUnavailable';
}
