/** What other features use of proof of origin: the buyer's badges, the words and paths the seller's and admins' screens share. */
export { CertificateStateBadge } from './CertificateState.tsx';
export { provenancePath, qrHref } from './paths.ts';
export { ProductProvenance } from './ProductProvenance.tsx';
export type { Certificate, CertificateState } from './types.ts';
export {
  ARTISAN_ID_LABELS,
  CERTIFICATE_KIND_LABELS,
  MAKER_KIND_LABELS,
  METHOD_LABELS,
  STATE_LABELS,
  certificateName,
  clusterText,
  scopeText,
  validityText,
} from './words.ts';
