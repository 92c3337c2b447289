import type { Data, server } from '../../api/client.ts';

/** A seller order's shipment (GET /seller-orders/{id}/shipment): its tracking and the parcel's journey; null before tracking is given. */
export type Shipment = Data<(typeof server)['seller-orders'][':id']['shipment']['$get']>['shipment'];

/** What the seller's tracking commands answer: the seller order after it, and the log position. */
export type TrackingChange = Data<(typeof server)['seller-orders'][':id']['tracking']['$put']>;

/** An order found on /track by its number and the buyer's e-mail. */
export type TrackedOrder = Data<typeof server.shipments.track.$post>;
