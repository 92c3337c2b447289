/** Proof of origin's shapes, as the API answers them. */
import type { Data, server } from '../../api/client.ts';

/** GET /seller/certificates (and the admins' lists): a certificate in any state. */
export type Certificate = Data<typeof server.seller.certificates.$get>[number];
export type CertificateState = Certificate['state'];

/** GET /provenance/{code}: a product's public provenance page, its hash chains checked. */
export type ProvenanceRecord = Data<(typeof server.provenance)[':code']['$get']>;
