import { describe, expect, it } from 'vitest';
import type { ProductEvent } from '../../domain/product/events.ts';
import { SAREE_DETAILS } from '../../domain/product/details.fixtures.ts';
import { provenanceCode } from '../../domain/provenance/code.ts';
import type {
  CertificateDetails,
  CertificateEvent,
  MakerEvent,
  MakerFields,
  OriginEvent,
} from '../../domain/provenance/events.ts';
import { HANDLOOM_MARK, RAMESH } from '../../domain/provenance/provenance.fixtures.ts';
import { AT } from '../../domain/testing.ts';
import { appliedTo } from '../projection.fixtures.ts';
import type { ProductDoc } from './documents.ts';
import { PRODUCTS, catalog } from './projection.ts';
import { type CodeDoc, PROVENANCE_CODES } from './provenance.ts';

const sellerId = 'seller-1';
// The projection does not read the links: the chain is checked from the log.
const chain = { previousHash: null, hash: 'h' };

const listed = (productId: string, seller = sellerId): ProductEvent => ({
  type: 'ProductListed',
  data: { productId, sellerId: seller, ...SAREE_DETAILS, imageUrl: null, listedAt: AT },
});
const maker = (type: 'MakerAdded' | 'MakerChanged', makerId: string, fields: MakerFields): MakerEvent => ({
  type,
  data: { makerId, sellerId, at: AT, ...fields, chain },
});
const SITA: MakerFields = { ...RAMESH, name: 'Sita Devi', craft: 'Zari work', artisanId: null };
const origin = (productId: string, makerIds: string[]): OriginEvent => ({
  type: 'ProductOriginStated',
  data: { productId, sellerId, makerIds, method: 'handloom', productionPartner: null, at: AT, chain },
});
const submitted = (certificateId: string, details: Partial<CertificateDetails> = {}): CertificateEvent => ({
  type: 'CertificateSubmitted',
  data: { certificateId, sellerId, at: AT, ...HANDLOOM_MARK, ...details, chain },
});
const decided = (
  type: 'CertificateVerified' | 'CertificateRejected' | 'CertificateRevoked' | 'CertificateExpired',
  certificateId: string,
): CertificateEvent =>
  ({
    type,
    data: { certificateId, sellerId, by: 'a1', byName: 'Asha Admin', reason: 'Checked', at: AT, chain },
  }) as CertificateEvent;

async function provenanceAfter(events: ReadonlyArray<{ type: string; data: unknown }>, productId = 'p1') {
  const work = await appliedTo(catalog, events);
  return (await work.get<ProductDoc>(PRODUCTS, productId))?.provenance;
}

const HANDLOOM_BADGE = {
  kind: 'handloom-mark',
  title: 'Handloom Mark',
  certifies: 'The seller is a registered user of the Handloom Mark. It does not certify each item.',
};

describe("the catalog's provenance of products", () => {
  it('gives every listed product its code, found again by the code, and nothing stated yet', async () => {
    const work = await appliedTo(catalog, [listed('p1')]);
    const code = provenanceCode('p1');
    expect((await work.get<ProductDoc>(PRODUCTS, 'p1'))?.provenance).toEqual({
      code,
      method: null,
      madeBy: [],
      badges: [],
    });
    expect(await work.get<CodeDoc>(PROVENANCE_CODES, code)).toEqual({ id: code, productId: 'p1' });
  });

  it('shows the makers an origin names, in its order, as they change, and not once removed or no longer named', async () => {
    const stated = [
      listed('p1'),
      maker('MakerAdded', 'm1', RAMESH),
      maker('MakerAdded', 'm2', SITA),
      origin('p1', ['m2', 'm1']),
    ];
    expect(await provenanceAfter(stated)).toMatchObject({
      method: 'handloom',
      madeBy: [
        { name: 'Sita Devi', craft: 'Zari work', place: 'Sarai Mohana' },
        { name: 'Ramesh Kumar', craft: 'Banarasi weaving', place: 'Sarai Mohana' },
      ],
    });
    const renamed = maker('MakerChanged', 'm1', { ...RAMESH, name: 'Ramesh K.' });
    expect((await provenanceAfter([...stated, renamed]))?.madeBy.map(({ name }) => name)).toEqual([
      'Sita Devi',
      'Ramesh K.',
    ]);
    const removed: MakerEvent = { type: 'MakerRemoved', data: { makerId: 'm2', sellerId, at: AT, chain } };
    expect((await provenanceAfter([...stated, removed]))?.madeBy.map(({ name }) => name)).toEqual(['Ramesh Kumar']);
    // Once the origin no longer names m2, its change leaves the product as it is.
    const restated = [...stated, origin('p1', ['m1']), maker('MakerChanged', 'm2', { ...SITA, name: 'Sita D.' })];
    expect((await provenanceAfter(restated))?.madeBy.map(({ name }) => name)).toEqual(['Ramesh Kumar']);
  });

  it("gives a seller's verified certificate's badge to every product of the seller, till it is revoked", async () => {
    const events = [listed('p1'), listed('p2'), listed('other', 'seller-2'), submitted('c1')];
    expect((await provenanceAfter(events))?.badges).toEqual([]);
    const verified = [...events, decided('CertificateVerified', 'c1'), listed('p3')];
    for (const productId of ['p1', 'p2', 'p3'])
      expect((await provenanceAfter(verified, productId))?.badges).toEqual([HANDLOOM_BADGE]);
    expect((await provenanceAfter(verified, 'other'))?.badges).toEqual([]);
    for (const end of ['CertificateRevoked', 'CertificateExpired'] as const)
      for (const productId of ['p1', 'p3'])
        expect((await provenanceAfter([...verified, decided(end, 'c1')], productId))?.badges).toEqual([]);
  });

  it("gives a product's or a lot's certificate to that product alone, and a rejected one to none", async () => {
    const gi = { kind: 'gi-authorised-user' as const, title: 'Banarasi Brocades and Sarees' };
    const events = [
      listed('p1'),
      listed('p2'),
      submitted('c1', { ...gi, scope: { kind: 'product', productId: 'p1' } }),
      submitted('c2', { scope: { kind: 'lot', productId: 'p1', lot: 'L-7' } }),
      submitted('c3', { scope: { kind: 'product', productId: 'p2' } }),
      decided('CertificateVerified', 'c1'),
      decided('CertificateVerified', 'c2'),
      decided('CertificateRejected', 'c3'),
    ];
    expect((await provenanceAfter(events))?.badges).toEqual([
      {
        kind: 'gi-authorised-user',
        title: 'GI: Banarasi Brocades and Sarees',
        certifies: 'This product is covered by the certificate.',
      },
      { kind: 'handloom-mark', title: 'Handloom Mark', certifies: 'Items of lot L-7 are covered.' },
    ]);
    expect((await provenanceAfter(events, 'p2'))?.badges).toEqual([]);
  });
});
