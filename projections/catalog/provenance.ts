/**
 * The catalog's part of proof of origin (issue 29): each product's `provenance` (its code, how it
 * was made, its makers and the badges of its certificates in force) and the lookup of a product
 * by its code. What it is made of is kept here in small collections so that a maker's change or a
 * certificate's decision reaches every product it concerns at once.
 */
import { type Badge, badgeOf } from '../../domain/provenance/badges.ts';
import { provenanceCode } from '../../domain/provenance/code.ts';
import type {
  CertificateEvent,
  CertificateKind,
  CertificateScope,
  MakerEvent,
  MakingMethod,
  OriginEvent,
} from '../../domain/provenance/events.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import type { ProductProvenance } from './documents.ts';

/** Makers as products show them (id: the maker id), with the products that name them. */
export const CATALOG_MAKERS = 'catalog_makers';
/** Certificates' badges and whether they are in force (id: the certificate id). */
export const CATALOG_CERTIFICATES = 'catalog_certificates';
/** Each product's stated origin and its own certificates, a product's or a lot's (id: the product id). */
export const CATALOG_ORIGINS = 'catalog_origins';
/** Every listed product's provenance code (id: the code): the public page's lookup. */
export const PROVENANCE_CODES = 'provenance_codes';

interface MakerDoc extends Doc {
  name: string;
  craft: string;
  place: string;
  removed: boolean;
  /** The products whose origin names the maker, so that a change reaches them. */
  productIds: string[];
}

interface CertificateDoc extends Doc {
  kind: CertificateKind;
  title: string;
  scope: CertificateScope;
  /** Verified, and neither revoked nor expired since: the server's expiry pass ends it on time. */
  inForce: boolean;
}

interface OriginDoc extends Doc {
  method: MakingMethod | null;
  makerIds: string[];
  /** Certificates of the product or a lot of it, in the order submitted. */
  certificateIds: string[];
}

export interface CodeDoc extends Doc {
  productId: string;
}

export const PROVENANCE_TYPES = new Set<string>([
  'MakerAdded',
  'MakerChanged',
  'MakerRemoved',
  'ProductOriginStated',
  'CertificateSubmitted',
  'CertificateVerified',
  'CertificateRevoked',
  'CertificateExpired',
]);

export type CatalogProvenanceEvent =
  | MakerEvent
  | OriginEvent
  | Extract<
      CertificateEvent,
      { type: 'CertificateSubmitted' | 'CertificateVerified' | 'CertificateRevoked' | 'CertificateExpired' }
    >;

const originOf = async (work: UnitOfWork, productId: string): Promise<OriginDoc> =>
  (await work.get<OriginDoc>(CATALOG_ORIGINS, productId)) ?? {
    id: productId,
    method: null,
    makerIds: [],
    certificateIds: [],
  };

/** A listed product's code, for the lookup. */
export function keepCode(work: UnitOfWork, productId: string): void {
  work.put<CodeDoc>(PROVENANCE_CODES, { id: provenanceCode(productId), productId });
}

/**
 * A product's provenance: its makers not removed, in the order stated, and the badges of its
 * seller's certificates then its own, those in force only.
 */
export async function provenanceOf(
  work: UnitOfWork,
  productId: string,
  sellerCertificateIds: readonly string[],
): Promise<ProductProvenance> {
  const origin = await originOf(work, productId);
  const makers = await Promise.all(origin.makerIds.map((id) => work.get<MakerDoc>(CATALOG_MAKERS, id)));
  const certificates = await Promise.all(
    [...sellerCertificateIds, ...origin.certificateIds].map((id) => work.get<CertificateDoc>(CATALOG_CERTIFICATES, id)),
  );
  return {
    code: provenanceCode(productId),
    method: origin.method,
    madeBy: makers
      .filter((maker) => maker !== null && !maker.removed)
      .map((maker) => ({ name: maker!.name, craft: maker!.craft, place: maker!.place })),
    badges: certificates.filter((doc) => doc?.inForce).map((doc) => badgeOf(doc!) satisfies Badge),
  };
}

/** What a provenance event changed: the products to show it again, or a seller's certificate (all the seller's products). */
export type Reached = { productIds: string[] } | { sellerId: string; certificateId: string; submitted: boolean };

async function stateOrigin(work: UnitOfWork, { productId, makerIds, method }: OriginEvent['data']): Promise<Reached> {
  const before = await originOf(work, productId);
  work.put<OriginDoc>(CATALOG_ORIGINS, { ...before, method, makerIds });
  for (const id of new Set([...before.makerIds, ...makerIds])) {
    const maker = await work.get<MakerDoc>(CATALOG_MAKERS, id);
    if (!maker) continue;
    const others = maker.productIds.filter((other) => other !== productId);
    work.put<MakerDoc>(CATALOG_MAKERS, {
      ...maker,
      productIds: makerIds.includes(id) ? [...others, productId] : others,
    });
  }
  return { productIds: [productId] };
}

async function saveMaker(work: UnitOfWork, { type, data }: MakerEvent): Promise<Reached> {
  const before = await work.get<MakerDoc>(CATALOG_MAKERS, data.makerId);
  const productIds = before?.productIds ?? [];
  if (type === 'MakerRemoved') {
    if (before) work.put<MakerDoc>(CATALOG_MAKERS, { ...before, removed: true });
  } else {
    const { makerId, name, craft, cluster } = data;
    work.put<MakerDoc>(CATALOG_MAKERS, { id: makerId, name, craft, place: cluster.place, removed: false, productIds });
  }
  return { productIds };
}

async function saveCertificate(
  work: UnitOfWork,
  { type, data }: Extract<CatalogProvenanceEvent, { data: { certificateId: string } }>,
): Promise<Reached> {
  const { certificateId, sellerId } = data;
  let certificate = await work.get<CertificateDoc>(CATALOG_CERTIFICATES, certificateId);
  if (type === 'CertificateSubmitted') {
    const { kind, title, scope } = data;
    certificate = { id: certificateId, kind, title, scope, inForce: false };
    if (scope.kind !== 'seller') {
      const origin = await originOf(work, scope.productId);
      work.put<OriginDoc>(CATALOG_ORIGINS, { ...origin, certificateIds: [...origin.certificateIds, certificateId] });
    }
  } else if (certificate) certificate = { ...certificate, inForce: type === 'CertificateVerified' };
  if (!certificate) return { productIds: [] };
  work.put<CertificateDoc>(CATALOG_CERTIFICATES, certificate);
  const { scope } = certificate;
  return scope.kind === 'seller'
    ? { sellerId, certificateId, submitted: type === 'CertificateSubmitted' }
    : { productIds: [scope.productId] };
}

/** Keeps a provenance event's part of the products' provenance, and says which products it reaches. */
export function applyProvenance(work: UnitOfWork, event: CatalogProvenanceEvent): Promise<Reached> {
  switch (event.type) {
    case 'ProductOriginStated':
      return stateOrigin(work, event.data);
    case 'MakerAdded':
    case 'MakerChanged':
    case 'MakerRemoved':
      return saveMaker(work, event);
    default:
      return saveCertificate(work, event);
  }
}

/** The collections of the catalog's provenance. */
export const PROVENANCE_COLLECTIONS = [
  { name: CATALOG_MAKERS },
  { name: CATALOG_CERTIFICATES },
  { name: CATALOG_ORIGINS },
  { name: PROVENANCE_CODES },
];
