/** Proof of origin in plain words: the labels of makers, methods, certificates and their states. */
import type {
  ArtisanIdKind,
  CertificateKind,
  CertificateScope,
  Cluster,
  MakerKind,
  MakingMethod,
} from '../../../../domain/provenance/events.ts';
import type { CertificateState } from './types.ts';

export const MAKER_KIND_LABELS: Readonly<Record<MakerKind, string>> = {
  artisan: 'Artisan',
  'family-workshop': 'Family workshop',
  cooperative: 'Cooperative',
  'self-help-group': 'Self-help group',
};

export const ARTISAN_ID_LABELS: Readonly<Record<ArtisanIdKind, string>> = {
  pehchan: 'Pehchan card',
  other: 'Other ID',
};

export const METHOD_LABELS: Readonly<Record<MakingMethod, string>> = {
  handmade: 'Handmade',
  handloom: 'Handloom',
  'hand-finished': 'Hand-finished',
  'production-partner': 'Made with a production partner',
};

export const CERTIFICATE_KIND_LABELS: Readonly<Record<CertificateKind, string>> = {
  'gi-authorised-user': 'GI authorised user',
  'handloom-mark': 'Handloom Mark',
  craftmark: 'Craftmark',
  'india-handmade': 'India Handmade',
  'silk-mark': 'Silk Mark',
  other: 'Other',
};

export const STATE_LABELS: Readonly<Record<CertificateState, string>> = {
  submitted: 'Waiting for review',
  verified: 'Verified',
  rejected: 'Rejected',
  revoked: 'Revoked',
  expired: 'Expired',
};

export const STATE_TONES: Readonly<Record<CertificateState, string>> = {
  submitted: 'badge-warning',
  verified: 'badge-success',
  rejected: 'badge-error',
  revoked: 'badge-error',
  expired: 'badge-ghost',
};

/** A certificate by its kind, and its title where it has one: "GI authorised user: Banarasi Brocades and Sarees". */
export const certificateName = ({ kind, title }: { kind: CertificateKind; title: string }): string =>
  title ? `${CERTIFICATE_KIND_LABELS[kind]}: ${title}` : CERTIFICATE_KIND_LABELS[kind];

/** What a certificate covers; `productName` names a product of the scope when known. */
export function scopeText(scope: CertificateScope, productName?: (id: string) => string | undefined): string {
  if (scope.kind === 'seller') return 'The seller';
  const product = productName?.(scope.productId) ?? 'A product';
  return scope.kind === 'product' ? product : `${product}, lot ${scope.lot}`;
}

/** A cluster on one line: "Sarai Mohana, Varanasi, Uttar Pradesh 221001" (the PIN when given). */
export const clusterText = ({
  place,
  district,
  state,
  pin,
}: Cluster | (Omit<Cluster, 'pin'> & { pin?: string })): string =>
  `${[place, district, state].join(', ')}${pin ? ` ${pin}` : ''}`;

/** "2026-05-01 to 2036-04-30", the days as the certificate gives them. */
export const validityText = ({ validFrom, validUntil }: { validFrom: string; validUntil: string }): string =>
  `Valid ${validFrom} to ${validUntil}`;
