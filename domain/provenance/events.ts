/**
 * Proof of origin (issue 29): the makers behind a seller's products, each product's stated
 * origin and the seller's certificates. The events of maker-*, certificate-* and origin-* streams
 * are chained by hash (chain.ts) so that nobody can quietly rewrite a provenance record.
 */

export const makerStream = (makerId: string): string => `maker-${makerId}`;
export const certificateStream = (certificateId: string): string => `certificate-${certificateId}`;
/** A product's provenance record: who made it and how. */
export const originStream = (productId: string): string => `origin-${productId}`;
/** An evidence upload: a file, not part of a record, so not chained. */
export const evidenceStream = (evidenceId: string): string => `evidence-${evidenceId}`;

/** The stream prefixes whose events are chained. */
export const CHAINED_PREFIXES = ['maker-', 'certificate-', 'origin-'] as const;

/** Every event of maker-*, certificate-* and origin-* carries its link in the chain. */
export interface ChainLink {
  /** The hash of the stream's event before, null for the first. */
  previousHash: string | null;
  /** sha256, lowercase hex (chain.ts's linkHash). */
  hash: string;
}

export const MAKER_KINDS = ['artisan', 'family-workshop', 'cooperative', 'self-help-group'] as const;
/** The artisan's Pehchan card, or another ID. */
export const ARTISAN_ID_KINDS = ['pehchan', 'other'] as const;
export const MAKING_METHODS = ['handmade', 'handloom', 'hand-finished', 'production-partner'] as const;
export const CERTIFICATE_KINDS = [
  'gi-authorised-user',
  'handloom-mark',
  'craftmark',
  'india-handmade',
  'silk-mark',
  'other',
] as const;
export const EVIDENCE_TYPES = ['application/pdf', 'image/webp'] as const;
/** Days before a certificate's end the seller is told, once each. */
export const EXPIRY_NOTICE_DAYS = [30, 7] as const;

export type MakerKind = (typeof MAKER_KINDS)[number];
export type ArtisanIdKind = (typeof ARTISAN_ID_KINDS)[number];
export type MakingMethod = (typeof MAKING_METHODS)[number];
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
export type ExpiryNoticeDays = (typeof EXPIRY_NOTICE_DAYS)[number];

/** Village or town, with its 6-digit PIN. */
export interface Cluster {
  place: string;
  district: string;
  state: string;
  pin: string;
}

export type CertificateScope =
  | { kind: 'seller' }
  | { kind: 'product'; productId: string }
  | { kind: 'lot'; productId: string; lot: string };

export interface EvidenceFile {
  evidenceId: string;
  name: string;
  contentType: EvidenceType;
  size: number;
}

export interface MakerFields {
  kind: MakerKind;
  /** As the maker wishes to be shown. */
  name: string;
  craft: string;
  cluster: Cluster;
  artisanId: { kind: ArtisanIdKind; number: string } | null;
  /** A product-image id. */
  photo: string | null;
  story: string;
}

type Chained = { chain: ChainLink };
type MakerStamp = { makerId: string; sellerId: string; at: string };
type Decision = { certificateId: string; sellerId: string; by: string; reason: string; at: string };

export type MakerEvent =
  | { type: 'MakerAdded'; data: MakerStamp & MakerFields & Chained }
  /** A whole replacement of the maker's fields. */
  | { type: 'MakerChanged'; data: MakerStamp & MakerFields & Chained }
  | { type: 'MakerRemoved'; data: MakerStamp & Chained };

export type OriginEvent = {
  type: 'ProductOriginStated';
  data: {
    productId: string;
    sellerId: string;
    makerIds: string[];
    method: MakingMethod;
    productionPartner: string | null;
    at: string;
  } & Chained;
};

export interface CertificateDetails {
  kind: CertificateKind;
  /** The GI's name for gi-authorised-user, the mark's name for other, else ''. */
  title: string;
  number: string;
  issuer: string;
  /** YYYY-MM-DD, both days included. */
  validFrom: string;
  validUntil: string;
  scope: CertificateScope;
  evidence: EvidenceFile[];
}

export type CertificateEvent =
  | {
      type: 'CertificateSubmitted';
      data: { certificateId: string; sellerId: string; at: string } & CertificateDetails & Chained;
    }
  | {
      type: 'CertificateVerified';
      data: { certificateId: string; sellerId: string; by: string; byName: string; at: string } & Chained;
    }
  | { type: 'CertificateRejected'; data: Decision & Chained }
  | { type: 'CertificateRevoked'; data: Decision & Chained }
  /** Raised by the server once validUntil has passed. */
  | { type: 'CertificateExpired'; data: { certificateId: string; sellerId: string; at: string } & Chained }
  /** The seller is told, once for each of EXPIRY_NOTICE_DAYS. */
  | {
      type: 'CertificateExpiryNoticed';
      data: {
        certificateId: string;
        sellerId: string;
        daysBefore: ExpiryNoticeDays;
        validUntil: string;
        at: string;
      } & Chained;
    };

export type EvidenceEvent = {
  type: 'EvidenceUploaded';
  data: {
    evidenceId: string;
    sellerId: string;
    name: string;
    contentType: EvidenceType;
    size: number;
    sha256: string;
    /** A private blob key: the file is served only through the authorized download routes. */
    blobKey: string;
    at: string;
  };
};

export type ProvenanceEvent = MakerEvent | OriginEvent | CertificateEvent;
