/**
 * AfterShip's tracking API (version 2025-01) as MIBI and the test courier speak it: the tracking
 * created, the webhook's body and its signature (aftership-hmac-sha256: HMAC-SHA256 of the raw
 * body under the webhook secret, base64), and its delivery tags read as the steps MIBI records.
 * https://www.aftership.com/docs/tracking/2025-01/webhook/webhook-specifications
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ParcelStep } from './port.ts';

export const AFTERSHIP_API = 'https://api.aftership.com';
export const TRACKINGS_PATH = '/tracking/2025-01/trackings';
export const API_KEY_HEADER = 'as-api-key';
export const SIGNATURE_HEADER = 'aftership-hmac-sha256';

/** What POST /trackings takes (the fields MIBI sends). */
export interface CreateTracking {
  tracking_number: string;
  slug: string;
  order_id: string;
}

export interface Checkpoint {
  checkpoint_time: string;
  location: string | null;
  message: string;
  tag: string;
  subtag: string;
}

/** A tracking as AfterShip answers and webhooks carry it (the fields MIBI reads). */
export interface WireTracking {
  id: string;
  tracking_number: string;
  slug: string;
  order_id: string | null;
  tag: string;
  subtag: string;
  checkpoints: Checkpoint[];
}

export interface WebhookBody {
  event: 'tracking_update';
  /** UUID v4, one per webhook event: a delivery again carries the same. */
  event_id: string;
  /** When it was sent, in Unix seconds. */
  ts: number;
  is_tracking_first_tag: boolean;
  msg: WireTracking;
}

export const webhookSignature = (secret: string, raw: string | Uint8Array): string =>
  createHmac('sha256', secret).update(raw).digest('base64');

export function sameSignature(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The step a checkpoint's tag (and subtag) tells. AfterShip's tags: InfoReceived, InTransit
 * (subtag InTransit_002: picked up from the sender), OutForDelivery, AttemptFail, Delivered,
 * AvailableForPickup, Exception (Exception_010/_011: returning / returned to the sender), Expired.
 */
export function stepOf(tag: string, subtag: string): ParcelStep | null {
  switch (tag) {
    case 'InTransit':
      return subtag === 'InTransit_002' ? 'picked_up' : 'in_transit';
    case 'OutForDelivery':
      return 'out_for_delivery';
    case 'AttemptFail':
      return 'failed_attempt';
    case 'Delivered':
      return 'delivered';
    case 'Exception':
      return subtag === 'Exception_010' || subtag === 'Exception_011' ? 'returned_to_origin' : null;
    default:
      return null;
  }
}
