/** Reads of the provenance read model for sellers and admins. */
import { daysBetween } from '../../domain/provenance/days.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { CertificateDoc, MakerDoc, OriginDoc } from './documents.ts';
import { CERTIFICATES, MAKERS, ORIGINS } from './projection.ts';

/** A seller's makers (not removed), by name. */
export const makersOf = (read: ReadStore, sellerId: string): Promise<MakerDoc[]> =>
  read.collection<MakerDoc>(MAKERS).find({ where: { sellerId, removed: false }, sort: [['name', 'asc']] });

/** The origins a seller stated of its products. */
export const originsOf = (read: ReadStore, sellerId: string): Promise<OriginDoc[]> =>
  read.collection<OriginDoc>(ORIGINS).find({ where: { sellerId } });

/** A seller's certificates, newest first. */
export const certificatesOf = (read: ReadStore, sellerId: string): Promise<CertificateDoc[]> =>
  read.collection<CertificateDoc>(CERTIFICATES).find({ where: { sellerId }, sort: [['submittedAt', 'desc']] });

/** Certificates of one state (all when none), oldest submitted first: the admins' queue. */
export const certificatesIn = (read: ReadStore, state?: CertificateDoc['state']): Promise<CertificateDoc[]> =>
  read
    .collection<CertificateDoc>(CERTIFICATES)
    .find({ ...(state && { where: { state } }), sort: [['submittedAt', 'asc']] });

/** Verified certificates whose last valid day is within `days` of `today` (YYYY-MM-DD), soonest first. */
export async function certificatesExpiring(read: ReadStore, today: string, days = 30): Promise<CertificateDoc[]> {
  const verified = await read
    .collection<CertificateDoc>(CERTIFICATES)
    .find({ where: { state: 'verified' }, sort: [['validUntil', 'asc']] });
  return verified.filter(({ validUntil }) => daysBetween(today, validUntil) <= days);
}
