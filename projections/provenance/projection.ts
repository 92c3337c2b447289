import type { AccountEvent } from '../../domain/account/events.ts';
import { maskedNumber } from '../../domain/provenance/artisan-id.ts';
import type { CertificateEvent, MakerEvent, OriginEvent } from '../../domain/provenance/events.ts';
import type { SellerProfileEvent } from '../../domain/seller/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import type { CertificateDoc, MakerDoc, OriginDoc } from './documents.ts';

export const MAKERS = 'makers';
export const CERTIFICATES = 'certificates';
export const ORIGINS = 'origins';
/** Accounts' names (id: the user id) and their certificates, so a renamed shop renames them. */
const SELLERS = 'provenance_sellers';

interface SellerDoc extends Doc {
  fullName: string;
  certificateIds: string[];
}

async function sellerOf(work: UnitOfWork, id: string): Promise<SellerDoc> {
  return (await work.get<SellerDoc>(SELLERS, id)) ?? { id, fullName: 'Seller', certificateIds: [] };
}

function saveMaker(work: UnitOfWork, { type, data }: MakerEvent, before: MakerDoc | null): void {
  if (type === 'MakerRemoved') {
    if (before) work.put<MakerDoc>(MAKERS, { ...before, removed: true, updatedAt: data.at });
    return;
  }
  const { makerId, sellerId, kind, name, craft, cluster, artisanId, photo, story, at } = data;
  work.put<MakerDoc>(MAKERS, {
    id: makerId,
    sellerId,
    kind,
    name,
    craft,
    cluster,
    artisanId: artisanId && { kind: artisanId.kind, masked: maskedNumber(artisanId.number) },
    photo,
    story,
    removed: false,
    updatedAt: at,
  });
}

async function saveCertificate(work: UnitOfWork, { type, data }: CertificateEvent): Promise<void> {
  if (type === 'CertificateSubmitted') {
    const { certificateId, sellerId, kind, title, number, issuer, validFrom, validUntil, scope, evidence, at } = data;
    const seller = await sellerOf(work, sellerId);
    work.put<SellerDoc>(SELLERS, { ...seller, certificateIds: [...seller.certificateIds, certificateId] });
    work.put<CertificateDoc>(CERTIFICATES, {
      id: certificateId,
      sellerId,
      sellerName: seller.fullName,
      kind,
      title,
      number,
      issuer,
      validFrom,
      validUntil,
      scope,
      evidence,
      state: 'submitted',
      submittedAt: at,
      decidedAt: null,
      decidedBy: null,
      decidedByName: null,
      reason: null,
      noticed: [],
    });
    return;
  }
  const certificate = await work.get<CertificateDoc>(CERTIFICATES, data.certificateId);
  if (!certificate) return;
  const decided = (state: CertificateDoc['state'], by: string, byName: string | null, reason: string | null) =>
    work.put<CertificateDoc>(CERTIFICATES, {
      ...certificate,
      state,
      decidedAt: data.at,
      decidedBy: by,
      decidedByName: byName,
      reason,
    });
  switch (type) {
    case 'CertificateVerified':
      return decided('verified', data.by, data.byName, null);
    case 'CertificateRejected':
      return decided('rejected', data.by, null, data.reason);
    case 'CertificateRevoked':
      // Who verified it stays on the page's history; the certificate now says who revoked it and why.
      return decided('revoked', data.by, null, data.reason);
    case 'CertificateExpired':
      return work.put<CertificateDoc>(CERTIFICATES, { ...certificate, state: 'expired' });
    case 'CertificateExpiryNoticed':
      return work.put<CertificateDoc>(CERTIFICATES, {
        ...certificate,
        noticed: [...certificate.noticed, data.daysBefore],
      });
  }
}

/** The name a seller registered with, then the one it gives its storefront, carried to its certificates. */
async function nameSeller(work: UnitOfWork, sellerId: string, fullName: string): Promise<void> {
  const known = await work.get<SellerDoc>(SELLERS, sellerId);
  if (known?.fullName === fullName) return;
  const seller = known ?? { id: sellerId, fullName, certificateIds: [] };
  work.put<SellerDoc>(SELLERS, { ...seller, fullName });
  for (const id of seller.certificateIds) await work.patch<CertificateDoc>(CERTIFICATES, id, { sellerName: fullName });
}

const MAKER_TYPES = new Set(['MakerAdded', 'MakerChanged', 'MakerRemoved']);
const CERTIFICATE_TYPES = new Set([
  'CertificateSubmitted',
  'CertificateVerified',
  'CertificateRejected',
  'CertificateRevoked',
  'CertificateExpired',
  'CertificateExpiryNoticed',
]);

/**
 * Proof of origin as sellers and admins read it: makers (artisan IDs masked), certificates with
 * their state and who decided, and each product's stated origin. The chain links stay in the log.
 */
export const provenance: Projection = {
  name: 'provenance',
  collections: [
    { name: MAKERS, indexes: [['sellerId', 'removed']] },
    { name: CERTIFICATES, indexes: [['sellerId'], ['state', 'submittedAt'], ['state', 'validUntil']] },
    { name: ORIGINS, indexes: [['sellerId']] },
    { name: SELLERS },
  ],
  eventTypes: new Set<string>([
    ...MAKER_TYPES,
    ...CERTIFICATE_TYPES,
    'ProductOriginStated',
    'AccountRegistered',
    'SellerProfileUpdated',
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as unknown as
      | MakerEvent
      | CertificateEvent
      | OriginEvent
      | AccountEvent
      | SellerProfileEvent;
    if (event.type === 'AccountRegistered') {
      // Any account may become a seller later (a role added), under the name it registered with.
      await nameSeller(work, event.data.userId, event.data.fullName);
    } else if (event.type === 'SellerProfileUpdated')
      await nameSeller(work, event.data.sellerId, event.data.displayName);
    else if (event.type === 'ProductOriginStated') {
      const { productId, sellerId, makerIds, method, productionPartner, at } = event.data;
      work.put<OriginDoc>(ORIGINS, {
        id: productId,
        productId,
        sellerId,
        makerIds,
        method,
        productionPartner,
        statedAt: at,
      });
    } else if (MAKER_TYPES.has(event.type)) {
      const maker = event as MakerEvent;
      saveMaker(work, maker, await work.get<MakerDoc>(MAKERS, maker.data.makerId));
    } else if (CERTIFICATE_TYPES.has(event.type)) await saveCertificate(work, event as CertificateEvent);
  },
};
