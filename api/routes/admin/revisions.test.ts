/**
 * Issue 13, finding 8: a verified product's content cannot be changed without review. The
 * seller's edits of its name, description, category, image or tags wait as a revision while
 * buyers keep seeing the approved version; an admin approves or rejects it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '../../../domain/product/events.ts';
import { LocalClient } from '../../testing/local-client.ts';
import { type Client, type TestApi, startTestApi } from '../../testing/harness.ts';
import { signInAdmin } from '../catalog.fixtures.ts';
import { listedProduct, signedIn } from '../orders.fixtures.ts';
import { eventsOf, storesNothing } from './admin.fixtures.ts';

let api: TestApi;
let admin: Client;
let seller: Client;
let otherSeller: Client;
let buyer: Client;
let as: (client?: Client) => LocalClient;

beforeAll(async () => {
  // Revisions wait for an admin only when the server does not approve them itself.
  api = await startTestApi({ AUTO_VERIFY: 'false' });
  [admin, seller, otherSeller, buyer] = await Promise.all([
    signInAdmin(api),
    signedIn(api, 'seller', 'Meera Weaves'),
    signedIn(api, 'seller'),
    signedIn(api, 'buyer'),
  ]);
  as = (client) => new LocalClient(api.app, client?.cookie ?? null);
});

afterAll(() => api.close());

const NAME = 'Brass Diya';

/** A verified product of the seller, on sale under NAME. */
const onSale = (details = {}) => listedProduct(api, seller, { name: NAME, ...details });

const edit = (client: Client, productId: string, changes: object) =>
  as(client).patch(`/api/seller/products/${productId}`, changes);
const approve = (client: Client | undefined, productId: string, body: unknown) =>
  as(client).post(`/api/admin/products/${productId}/revision/approve`, body);
const reject = (client: Client | undefined, productId: string, body: unknown) =>
  as(client).post(`/api/admin/products/${productId}/revision/reject`, body);

/** The product as anyone sees it, once the projections have every event. */
async function publicProduct(productId: string) {
  await api.settle();
  const reply = await as().get(`/api/products/${productId}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

async function ownProduct(productId: string) {
  await api.settle();
  return (await as(seller).get('/api/seller/products')).body.items.find(
    (item: { id: string }) => item.id === productId,
  );
}

async function revisionQueue(): Promise<string[]> {
  await api.settle();
  const reply = await as(admin).get('/api/admin/products/revision-queue?limit=100');
  expect(reply.status).toBe(200);
  return reply.body.items.map((item: { id: string }) => item.id);
}

describe('a seller edits the name of a verified product', () => {
  it('sends it for review, saying so; buyers still see the approved name, and nothing of the change', async () => {
    const productId = await onSale();
    const reply = await edit(seller, productId, { name: 'Cheap Plastic Lamp' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: productId,
      position: expect.any(Number),
      review: { revisionId: 'r1', fields: ['name'] },
      message: "Changes to the name wait for an admin's review; until then buyers see the product as it was approved.",
    });

    const shown = await publicProduct(productId);
    expect(shown).toMatchObject({ name: NAME, verification: 'verified', visible: true });
    for (const field of ['pendingRevision', 'hasPendingRevision', 'rejectedRevision'])
      expect(shown).not.toHaveProperty(field);
    expect((await as(seller).get(`/api/products/${productId}`)).body).not.toHaveProperty('pendingRevision');
    const search = await as().get('/api/products?q=plastic');
    expect(search.body.items.map((item: { id: string }) => item.id)).not.toContain(productId);

    expect(await ownProduct(productId)).toMatchObject({
      name: NAME,
      displayStatus: 'Active',
      pendingRevision: {
        revisionId: 'r1',
        before: { name: NAME },
        after: { name: 'Cheap Plastic Lamp' },
        submittedBy: seller.user!.id,
      },
      rejectedRevision: null,
    });
    expect(await revisionQueue()).toContain(productId);
  });

  it('changes the price at once while the description waits', async () => {
    const productId = await onSale();
    const reply = await edit(seller, productId, {
      pricePaise: 399_00,
      description: 'A completely different product now.',
    });
    expect(reply.body.review).toEqual({ revisionId: 'r1', fields: ['description'] });
    expect(reply.body.message).toMatch(/wait for an admin's review.*Your other changes are saved\.$/);
    expect(await publicProduct(productId)).toMatchObject({
      pricePaise: 399_00,
      description: 'Hand-cast brass oil lamp from Moradabad',
    });
    expect((await eventsOf(api, productStream(productId))).slice(-2).map(({ type }) => type)).toEqual([
      'ProductUpdated',
      'ProductRevisionSubmitted',
    ]);
  });

  it('replaces the changes waiting with newer ones holding both, and withdraws them when edited back', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Brass Lamp' });
    const newer = await edit(seller, productId, { tags: ['brass', 'diwali'] });
    expect(newer.body.review).toEqual({ revisionId: 'r2', fields: ['name', 'tags'] });
    expect((await ownProduct(productId)).pendingRevision).toMatchObject({
      revisionId: 'r2',
      after: { name: 'Brass Lamp', tags: ['brass', 'diwali'] },
    });

    const back = await edit(seller, productId, { name: NAME, tags: ['brass'] });
    expect(back.body).toMatchObject({
      review: null,
      message: 'Your changes waiting for review were withdrawn: the product stays as approved.',
    });
    expect(await ownProduct(productId)).toMatchObject({ pendingRevision: null, hasPendingRevision: false });
    expect(await revisionQueue()).not.toContain(productId);
  });

  it('edits a product not verified yet in place, as before', async () => {
    const productId = await listedProduct(api, seller, { name: NAME }, { verified: false });
    const reply = await edit(seller, productId, { name: 'Brass Lamp' });
    expect(reply.body).toMatchObject({ review: null, message: 'Your changes have been saved.' });
    expect(await ownProduct(productId)).toMatchObject({
      name: 'Brass Lamp',
      verification: 'pending',
      pendingRevision: null,
    });
  });
});

describe('the admin reviews the changes', () => {
  it('approves them: the new name goes live, and leaves the queue', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Moradabad Brass Diya' });
    const reply = await approve(admin, productId, { revisionId: 'r1' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: productId, position: expect.any(Number) });
    expect((await eventsOf(api, productStream(productId))).at(-1)).toEqual({
      type: 'ProductRevisionApproved',
      data: {
        productId,
        revisionId: 'r1',
        before: { name: NAME },
        after: { name: 'Moradabad Brass Diya' },
        by: admin.user!.id,
        at: expect.any(String),
      },
      actor: admin.user!.id,
    });
    expect(await publicProduct(productId)).toMatchObject({ name: 'Moradabad Brass Diya' });
    expect(await revisionQueue()).not.toContain(productId);
    // Approving again is harmless.
    expect((await storesNothing(api, () => approve(admin, productId, { revisionId: 'r1' }))).status).toBe(200);
  });

  it('rejects them with a reason the seller sees; buyers keep the approved version', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Cheap Plastic Lamp' });
    const reply = await reject(admin, productId, {
      revisionId: 'r1',
      reason: 'The photos show a brass lamp, not plastic',
    });
    expect(reply.status).toBe(200);
    expect(await publicProduct(productId)).toMatchObject({ name: NAME, visible: true });
    expect(await ownProduct(productId)).toMatchObject({
      name: NAME,
      pendingRevision: null,
      rejectedRevision: {
        revisionId: 'r1',
        after: { name: 'Cheap Plastic Lamp' },
        reason: 'The photos show a brass lamp, not plastic',
      },
    });
    expect(await revisionQueue()).not.toContain(productId);
    const late = await storesNothing(api, () => approve(admin, productId, { revisionId: 'r1' }));
    expect(late.status).toBe(409);
    expect(late.body.error).toEqual({ code: 'revision_not_pending', message: 'These changes were rejected already' });
  });

  it('cannot approve changes the seller replaced after the admin saw them', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Brass Lamp' });
    await edit(seller, productId, { name: 'Something Else Entirely' });
    const reply = await storesNothing(api, () => approve(admin, productId, { revisionId: 'r1' }));
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({
      code: 'revision_not_pending',
      message: 'The seller has replaced these changes with newer ones: review those',
    });
    expect(await publicProduct(productId)).toMatchObject({ name: NAME });
  });

  it('is for admins only: not the seller, another seller or a buyer', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Cheap Plastic Lamp' });
    for (const client of [seller, otherSeller, buyer]) {
      for (const send of [approve, reject]) {
        const reply = await storesNothing(api, () =>
          send(client, productId, { revisionId: 'r1', reason: 'Looks fine' }),
        );
        expect(reply.status).toBe(403);
        expect(reply.body.error).toEqual({ code: 'forbidden', message: 'This needs the admin role' });
      }
    }
    expect((await storesNothing(api, () => approve(undefined, productId, { revisionId: 'r1' }))).status).toBe(401);
    expect((await as(seller).get('/api/admin/products/revision-queue')).status).toBe(403);
    // Another seller cannot edit the product either, so cannot slip changes into the revision.
    expect((await storesNothing(api, () => edit(otherSeller, productId, { name: 'Mine now' }))).status).toBe(403);
    expect(await publicProduct(productId)).toMatchObject({ name: NAME });
  });

  it('answers 400 for a bad body, 404 for an unknown revision or product, storing nothing', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Brass Lamp' });
    const noId = await storesNothing(api, () => approve(admin, productId, {}));
    expect(noId.status).toBe(400);
    expect(noId.body.error.fields).toEqual({ revisionId: 'Name the changes reviewed (revisionId)' });
    const noReason = await storesNothing(api, () => reject(admin, productId, { revisionId: 'r1' }));
    expect(noReason.body.error.fields).toEqual({ reason: 'A reason is required' });
    expect((await storesNothing(api, () => approve(admin, productId, '{bad'))).body.error.code).toBe('malformed_json');
    const unknown = await storesNothing(api, () => approve(admin, productId, { revisionId: 'r7' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'This product has no such changes waiting' });
    const noProduct = await storesNothing(api, () =>
      reject(admin, crypto.randomUUID(), { revisionId: 'r1', reason: 'No' }),
    );
    expect(noProduct.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
  });
});
