/**
 * What a certificate shows buyers (issue 29): its badge's text and, in plain words, what it
 * certifies. A seller's registration (a GI authorised user, the Handloom Mark) says nothing of
 * each item it sells, and the badge must not let a buyer think it does.
 */
import { type CertificateStateName, inForce } from './certificate.ts';
import type { CertificateKind, CertificateScope } from './events.ts';

export interface Badge {
  kind: CertificateKind;
  /** "GI: Banarasi Brocades and Sarees", "Handloom Mark", … */
  title: string;
  /** What it certifies, in plain words. */
  certifies: string;
}

/** The certificate's fields a badge is made of. */
export interface Badged {
  kind: CertificateKind;
  /** The GI's name for a GI authorised user, the mark's name for other. */
  title: string;
  scope: CertificateScope;
}

const MARKS: Record<Exclude<CertificateKind, 'gi-authorised-user' | 'other'>, string> = {
  'handloom-mark': 'Handloom Mark',
  craftmark: 'Craftmark',
  'india-handmade': 'India Handmade',
  'silk-mark': 'Silk Mark',
};

/** What a seller's registration is, by kind. */
const SELLER_HOLDS: Record<CertificateKind, string> = {
  'gi-authorised-user': 'The seller is a registered authorised user of this GI.',
  'handloom-mark': 'The seller is a registered user of the Handloom Mark.',
  craftmark: 'The seller holds a Craftmark licence for this craft.',
  'india-handmade': 'The seller is registered with India Handmade.',
  'silk-mark': 'The seller is an authorised user of the Silk Mark.',
  other: 'The seller holds this certificate.',
};

/** The badge's text: "GI: <GI name>", the mark's name, or an other certificate's own title. */
export function badgeTitle({ kind, title }: Pick<Badged, 'kind' | 'title'>): string {
  if (kind === 'gi-authorised-user') return `GI: ${title}`;
  if (kind === 'other') return title;
  return MARKS[kind];
}

/** What the certificate covers, in plain words. */
export function certifies({ kind, scope }: Pick<Badged, 'kind' | 'scope'>): string {
  switch (scope.kind) {
    case 'seller':
      return `${SELLER_HOLDS[kind]} It does not certify each item.`;
    case 'product':
      return 'This product is covered by the certificate.';
    case 'lot':
      return `Items of lot ${scope.lot} are covered.`;
  }
}

/** The badge a certificate in force shows. */
export const badgeOf = (certificate: Badged): Badge => ({
  kind: certificate.kind,
  title: badgeTitle(certificate),
  certifies: certifies(certificate),
});

/**
 * The badge a certificate gives on `today` (YYYY-MM-DD): only a verified one not past its last
 * valid day; never a submitted, rejected, revoked or expired one.
 */
export const badgeOn = (
  certificate: Badged & { state: CertificateStateName; validUntil: string },
  today: string,
): Badge | null => (inForce(certificate.state, certificate.validUntil, today) ? badgeOf(certificate) : null);
