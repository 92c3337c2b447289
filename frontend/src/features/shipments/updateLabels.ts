import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { TrackingUpdate } from '../../../../domain/shipment/events.ts';

/** How each step of a parcel's journey is named on screen (the domain's English labels, in the catalogs). */
export const TRACKING_UPDATE_NAMES: Readonly<Record<TrackingUpdate, MessageDescriptor>> = {
  picked_up: msg`Picked up`,
  in_transit: msg`In transit`,
  out_for_delivery: msg`Out for delivery`,
  delivered: msg`Delivered`,
  failed_attempt: msg`Delivery attempt failed`,
  returned_to_origin: msg`Returned to origin`,
};
