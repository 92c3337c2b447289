/**
 * What a certificate shows buyers (issue 29): its badge's text and, in plain words, what it
 * certifies. A seller's registration (a GI authorised user, the Handloom Mark) says nothing of
 * each item it sells, and the badge must not let a buyer think it does. The words are server
 * catalog messages (domain/i18n/message.ts): the SPA shows them in the buyer's language.
 */
import { english } from '../i18n/message.ts';
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
  'handloom-mark': /*i18n*/ 'Handloom Mark',
  craftmark: /*i18n*/ 'Craftmark',
  'india-handmade': /*i18n*/ 'India Handmade',
  'silk-mark': /*i18n*/ 'Silk Mark',
};

/** What a seller's registration is, by kind. */
const SELLER_HOLDS: Record<CertificateKind, string> = {
  'gi-authorised-user': /*i18n*/ 'The seller is a registered authorised user of this GI.',
  'handloom-mark': /*i18n*/ 'The seller is a registered user of the Handloom Mark.',
  craftmark: /*i18n*/ 'The seller holds a Craftmark licence for this craft.',
  'india-handmade': /*i18n*/ 'The seller is registered with India Handmade.',
  'silk-mark': /*i18n*/ 'The seller is an authorised user of the Silk Mark.',
  other: /*i18n*/ 'The seller holds this certificate.',
};

/** The badge's text: "GI: <GI name>", the mark's name, or an other certificate's own title. */
export function badgeTitle({ kind, title }: Pick<Badged, 'kind' | 'title'>): string {
  if (kind === 'gi-authorised-user') return english(/*i18n*/ 'GI: {name}', { name: title });
  if (kind === 'other') return title;
  return MARKS[kind];
}

/** What the certificate covers, in plain words. */
export function certifies({ kind, scope }: Pick<Badged, 'kind' | 'scope'>): string {
  switch (scope.kind) {
    case 'seller':
      return english(/*i18n*/ '{holds} It does not certify each item.', { holds: SELLER_HOLDS[kind] });
    case 'product':
      return english(/*i18n*/ 'This product is covered by the certificate.');
    case 'lot':
      return english(/*i18n*/ 'Items of lot {lot} are covered.', { lot: scope.lot });
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
