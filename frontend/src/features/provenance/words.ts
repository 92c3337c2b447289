/** Proof of origin in plain words: the labels of makers, methods, certificates and their states (render with `t(label)`). */
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type {
  ArtisanIdKind,
  CertificateKind,
  CertificateScope,
  Cluster,
  MakerKind,
  MakingMethod,
} from '../../../../domain/provenance/events.ts';
import type { CertificateState } from './types.ts';

export const MAKER_KIND_LABELS: Readonly<Record<MakerKind, MessageDescriptor>> = {
  artisan: msg`Artisan`,
  'family-workshop': msg`Family workshop`,
  cooperative: msg`Cooperative`,
  'self-help-group': msg`Self-help group`,
};

export const ARTISAN_ID_LABELS: Readonly<Record<ArtisanIdKind, MessageDescriptor>> = {
  pehchan: msg`Pehchan card`,
  other: msg`Other ID`,
};

export const METHOD_LABELS: Readonly<Record<MakingMethod, MessageDescriptor>> = {
  handmade: msg`Handmade`,
  handloom: msg`Handloom`,
  'hand-finished': msg`Hand-finished`,
  'production-partner': msg`Made with a production partner`,
};

export const CERTIFICATE_KIND_LABELS: Readonly<Record<CertificateKind, MessageDescriptor>> = {
  'gi-authorised-user': msg`GI authorised user`,
  'handloom-mark': msg`Handloom Mark`,
  craftmark: msg`Craftmark`,
  'india-handmade': msg`India Handmade`,
  'silk-mark': msg`Silk Mark`,
  other: msg`Other`,
};

export const STATE_LABELS: Readonly<Record<CertificateState, MessageDescriptor>> = {
  submitted: msg`Waiting for review`,
  verified: msg`Verified`,
  rejected: msg`Rejected`,
  revoked: msg`Revoked`,
  expired: msg`Expired`,
};

export const STATE_TONES: Readonly<Record<CertificateState, string>> = {
  submitted: 'badge-warning',
  verified: 'badge-success',
  rejected: 'badge-error',
  revoked: 'badge-error',
  expired: 'badge-ghost',
};

/** A certificate by its kind, and its title where it has one: "GI authorised user: Banarasi Brocades and Sarees". */
export function certificateName({ kind, title }: { kind: CertificateKind; title: string }): string {
  const kindName = t(CERTIFICATE_KIND_LABELS[kind]);
  return title ? `${kindName}: ${title}` : kindName;
}

/** What a certificate covers; `productName` names a product of the scope when known. */
export function scopeText(scope: CertificateScope, productName?: (id: string) => string | undefined): string {
  if (scope.kind === 'seller') return t`The seller`;
  const product = productName?.(scope.productId) ?? t`A product`;
  if (scope.kind === 'product') return product;
  const { lot } = scope;
  return t`${product}, lot ${lot}`;
}

/** A cluster on one line: "Sarai Mohana, Varanasi, Uttar Pradesh 221001" (the PIN when given). */
export const clusterText = ({
  place,
  district,
  state,
  pin,
}: Cluster | (Omit<Cluster, 'pin'> & { pin?: string })): string =>
  `${[place, district, state].join(', ')}${pin ? ` ${pin}` : ''}`;

/** "Valid 2026-05-01 to 2036-04-30", the days as the certificate gives them. */
export const validityText = ({ validFrom, validUntil }: { validFrom: string; validUntil: string }): string =>
  t`Valid ${validFrom} to ${validUntil}`;
