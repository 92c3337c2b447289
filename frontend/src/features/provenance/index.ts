/** What other features use of proof of origin: the seller's product origin and tag, the buyer's badges, the admins' words. */
export { CertificateStateBadge } from './CertificateState.tsx';
export { EvidenceLinks } from './EvidenceLinks.tsx';
export { ProductOrigin } from './ProductOrigin.tsx';
export { ProductProvenance } from './ProductProvenance.tsx';
export type { Certificate, CertificateState } from './types.ts';
export { STATE_LABELS, certificateName, scopeText, validityText } from './words.ts';
