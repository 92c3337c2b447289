import sharp from 'sharp';
import encodeQR from 'qr';
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { provenanceCode } from '../../domain/provenance/code.ts';
import { later } from '../../domain/time.ts';
import { editStoredEvent } from '../../platform/eventstore/stored-event.fixtures.ts';
import { publicBaseUrl } from '../../platform/config/links.ts';
import { certificateExpiryPass } from '../../workers/certificate-expiry.ts';
import { workerContext } from '../../workers/worker.ts';
import { PNG_SCALE, QUIET_ZONE } from '../images/provenance-qr.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { LOCAL_ORIGIN } from '../testing/local-client.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { craftsAndSpices, listedProduct, signedIn } from './orders.fixtures.ts';
import { addedMaker, maker, submitted } from './provenance.fixtures.ts';

const { api, admin } = await craftsAndSpices();
const visitor = api.anonymous();
const DAY = 86_400_000;

const HANDLOOM_BADGE = {
  kind: 'handloom-mark',
  title: 'Handloom Mark',
  certifies: 'The seller is a registered user of the Handloom Mark. It does not certify each item.',
};

/** A new seller's product made by its maker, with the seller's Handloom Mark verified: each test its own seller, as a seller's certificate reaches all its products. */
async function certifiedProduct(changes: Parameters<typeof submitted>[2] = {}) {
  const seller = await signedIn(api, 'seller', 'Sanganer Prints');
  const product = await listedProduct(api, seller, { name: 'Block-printed Dohar' });
  const { id: makerId } = await addedMaker(seller);
  const origin = { makerIds: [makerId], method: 'handloom' as const, productionPartner: null };
  ok(await seller.api.seller.products[':id'].origin.$put({ param: { id: product }, json: origin }));
  const { id: certificateId } = await submitted(seller, undefined, changes);
  const { position } = ok(await admin.api.admin.certificates[':id'].verify.$post({ param: { id: certificateId } }));
  return { seller, product, makerId, certificateId, position, code: provenanceCode(product) };
}

const productAfter = async (position: number, id: string) =>
  ok(await visitor.after(position).products[':id'].$get({ param: { id } }));
const listedIds = async (position: number, certified?: 'gi' | 'handloom-mark') =>
  ok(
    await visitor.after(position).products.$get({ query: { limit: '100', ...(certified && { certified }) } }),
  ).items.map(({ id }) => id);
const pageAfter = (position: number, code: string) =>
  visitor.after(position).provenance[':code'].$get({ param: { code } });

describe('a product’s provenance for buyers', () => {
  it('shows the makers and the badge on the product, in the filtered list and on its page, signed out', async () => {
    const { product, certificateId, position, code } = await certifiedProduct();
    expect((await productAfter(position, product)).provenance).toEqual({
      code,
      method: 'handloom',
      madeBy: [{ name: maker.name, craft: maker.craft, place: 'Sanganer' }],
      badges: [HANDLOOM_BADGE],
    });
    expect(await listedIds(position, 'handloom-mark')).toContain(product);
    expect(await listedIds(position, 'gi')).not.toContain(product);

    const reply = await pageAfter(position, code);
    expectStatus(reply, 200);
    expect(reply.headers.get('cache-control')).toBe('no-cache');
    const page = ok(reply);
    expect(page).toMatchObject({
      code,
      product: { id: product, name: 'Block-printed Dohar', image: { url: '/media/diya.webp' } },
      seller: { name: 'Sanganer Prints' },
      method: 'handloom',
      productionPartner: null,
      makers: [
        {
          name: maker.name,
          kind: 'cooperative',
          cluster: { place: 'Sanganer', district: 'Jaipur', state: 'Rajasthan' },
          artisanId: { kind: 'pehchan', masked: '••••••••8812' },
          story: maker.story,
        },
      ],
      certificates: [
        {
          id: certificateId,
          kind: 'handloom-mark',
          badge: 'Handloom Mark',
          certifies: HANDLOOM_BADGE.certifies,
          number: 'HLM-RJ-0042',
          state: 'verified',
          verifiedByName: admin.user!.fullName,
          verifiedAt: expect.any(String),
          scope: { kind: 'seller' },
        },
      ],
      chain: { intact: true, events: 4 },
    });
    expect(page.history.map(({ type }) => type)).toEqual([
      'MakerAdded',
      'ProductOriginStated',
      'CertificateSubmitted',
      'CertificateVerified',
    ]);
    expect(page.history[1]!.summary).toBe(`Origin stated: handloom, by ${maker.name}`);
    expect(page.history[3]!.summary).toBe(`Handloom Mark certificate verified by ${admin.user!.fullName}`);
    // Never the artisan's full number, the PIN or the certificate's evidence.
    const text = JSON.stringify(page);
    for (const secret of ['778812', '302029', 'evidence', 'handloom-mark.pdf']) expect(text).not.toContain(secret);
  });

  it("takes a revoked certificate's badge off the product, the list and the page at once", async () => {
    const { product, certificateId, code } = await certifiedProduct();
    const reason = 'Registration cancelled';
    const { position } = ok(
      await admin.api.admin.certificates[':id'].revoke.$post({ param: { id: certificateId }, json: { reason } }),
    );
    expect((await productAfter(position, product)).provenance.badges).toEqual([]);
    expect(await listedIds(position, 'handloom-mark')).not.toContain(product);
    const page = ok(await pageAfter(position, code));
    expect(page.certificates[0]).toMatchObject({ state: 'revoked', badge: null, verifiedByName: admin.user!.fullName });
    expect(page.history.at(-1)).toMatchObject({
      type: 'CertificateRevoked',
      summary: `Handloom Mark certificate revoked: ${reason}`,
    });
    expect(page.chain).toEqual({ intact: true, events: 5 });
  });

  it('gives no badge past the last valid day: on the page by the clock, on the product once the expiry pass ends it', async () => {
    const validUntil = later(api.ctx.now(), 3 * DAY).slice(0, 10);
    const { product, code, position } = await certifiedProduct({ validUntil });
    const dayAfter = `${later(`${validUntil}T00:00:00.000Z`, DAY).slice(0, 10)}T06:00:00.000Z`;
    const now = api.ctx.now;
    api.ctx.now = () => dayAfter;
    try {
      const page = ok(await pageAfter(position, code));
      expect(page.certificates[0]).toMatchObject({ state: 'expired', badge: null });
    } finally {
      api.ctx.now = now;
    }
    await certificateExpiryPass(workerContext(api.platform, api.ctx.config, { now: () => dayAfter }));
    await api.settle();
    const last = await api.platform.events.lastPosition();
    expect((await productAfter(last, product)).provenance.badges).toEqual([]);
    expect(ok(await pageAfter(last, code)).history.at(-1)?.summary).toBe('Handloom Mark certificate expired');
  });

  it('answers 404 for a code no product has, or one not approved yet, and 400 for an unknown filter', async () => {
    const unknown = await visitor.raw.get('/api/provenance/0000000000');
    expectStatus(unknown, 404);
    expect(unknown.body.error.code).toBe('not_found');
    const seller = await signedIn(api, 'seller');
    const pending = await listedProduct(api, seller, {}, { verified: false });
    const last = await api.platform.events.lastPosition();
    expectStatus(await pageAfter(last, provenanceCode(pending)), 404);
    // Its seller may print the tag before it is on sale.
    expectStatus(await visitor.raw.get(`/api/provenance/${provenanceCode(pending)}/qr.svg`), 200);
    expectStatus(await visitor.raw.get('/api/provenance/0000000000/qr.png'), 404);
    const filter = await visitor.raw.get('/api/products?certified=silk-mark');
    expectStatus(filter, 400);
    expect(filter.body.error.fields).toEqual({ certified: 'Certified must be one of gi, handloom-mark' });
  });

  it("shows a break in the history's chain when an event was edited in the store, naming its stream and revision", async () => {
    const { certificateId, code, position } = await certifiedProduct();
    expect(ok(await pageAfter(position, code)).chain).toEqual({ intact: true, events: 4 });
    editStoredEvent(api.dir, `certificate-${certificateId}`, 1, (data) => ({ ...data, byName: 'Someone Else' }));
    expect(ok(await pageAfter(position, code)).chain).toEqual({
      intact: false,
      events: 4,
      stream: `certificate-${certificateId}`,
      revision: 1,
      reason: "CertificateVerified's data was changed after it was written (its hash does not match)",
    });
  });
});

describe("a provenance page's maker photo", () => {
  it('shows the photo the seller uploaded at every width', async () => {
    const { seller, product, makerId } = await certifiedProduct();
    const image = ok(
      await seller.api.uploads.$post({
        form: { file: new File([Uint8Array.from(tinyPng())], 'maker.png', { type: 'image/png' }) },
      }),
    );
    const { position } = ok(
      await seller.api.seller.makers[':id'].$put({ param: { id: makerId }, json: { ...maker, photo: image.id } }),
    );
    const page = ok(await pageAfter(position, provenanceCode(product)));
    expect(page.makers[0]!.photo).toEqual({ id: image.id, url: image.url, sizes: image.sizes });
  });
});

describe("a provenance page's QR code", () => {
  /** RGBA pixels of an image, for the decoder. */
  async function pixels(image: Buffer, density?: number) {
    const { data, info } = await sharp(image, density ? { density } : {})
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8Array(data) };
  }

  const fetched = async (client: Client, path: string) => {
    const response = await client.raw.send(`${LOCAL_ORIGIN}${path}`);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it("opens the page's address, as an SVG and as a PNG to download", async () => {
    const { code } = await certifiedProduct();
    const url = `${publicBaseUrl(api.ctx.config)}/provenance/${code}`;

    const svg = await fetched(visitor, `/api/provenance/${code}/qr.svg`);
    expect(svg.response.status).toBe(200);
    expect(svg.response.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.response.headers.get('content-disposition')).toBe(`inline; filename="mibi-${code}.svg"`);
    expect(svg.response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(decodeQR(await pixels(svg.bytes, 300))).toBe(url);

    const png = await fetched(visitor, `/api/provenance/${code}/qr.png`);
    expect(png.response.headers.get('content-type')).toBe('image/png');
    expect(png.response.headers.get('content-disposition')).toBe(`inline; filename="mibi-${code}.png"`);
    const image = await pixels(png.bytes);
    expect(decodeQR(image)).toBe(url);
    // Module for module the symbol of the address, with its quiet zone, PNG_SCALE pixels each.
    const modules = encodeQR(url, 'raw', { border: QUIET_ZONE, scale: PNG_SCALE });
    expect(image.width).toBe(modules.length);
    const dark = Array.from({ length: image.height }, (_, y) =>
      Array.from({ length: image.width }, (_, x) => image.data[(y * image.width + x) * 4]! < 128),
    );
    expect(dark).toEqual(modules);
  }, 30_000);
});
