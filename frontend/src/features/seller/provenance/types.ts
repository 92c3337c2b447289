/** The seller's own shapes of proof of origin, as the API answers them. */
import type { Data, server } from '../../../api/client.ts';

/** GET /seller/makers: the seller's makers, by name, artisan IDs masked. */
export type Maker = Data<typeof server.seller.makers.$get>[number];

/** POST /seller/evidence: a stored evidence file. */
export type EvidenceFile = Data<typeof server.seller.evidence.$post>;
