/** Proof of origin's shapes, as the API answers them. */
import type { Data, server } from '../../api/client.ts';

/** GET /seller/makers: the seller's makers, by name, artisan IDs masked. */
export type Maker = Data<typeof server.seller.makers.$get>[number];

/** GET /seller/certificates (and the admins' lists): a certificate in any state. */
export type Certificate = Data<typeof server.seller.certificates.$get>[number];
export type CertificateState = Certificate['state'];

/** POST /seller/evidence: a stored evidence file. */
export type EvidenceFile = Data<typeof server.seller.evidence.$post>;

/** GET /provenance/{code}: a product's public provenance page, its hash chains checked. */
export type ProvenanceRecord = Data<(typeof server.provenance)[':code']['$get']>;
