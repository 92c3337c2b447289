/**
 * Issue 13, finding 8: a verified product's content cannot be changed without review. The
 * seller's edits of its name, description, category, image or tags wait as a revision while
 * buyers keep seeing the approved version; an admin approves or rejects it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '../../../domain/product/events.ts';
import { Client, expectStatus, ok, type TestApi, startTestApi } from '../../testing/harness.ts';
import type { TypedApi } from '../../testing/typed-client.ts';
import { signInAdmin } from '../catalog.fixtures.ts';
import { listedProduct, signedIn } from '../orders.fixtures.ts';
import { eventsOf, storesNothing } from './admin.fixtures.ts';

let api: TestApi;
let admin: Client;
let seller: Client;
let otherSeller: Client;
let buyer: Client;
let as: (client?: Client) => Client;

beforeAll(async () => {
  // Revisions wait for an admin only when the server does not approve them itself.
  api = await startTestApi({ AUTO_VERIFY: 'false' });
  [admin, seller, otherSeller, buyer] = await Promise.all([
    signInAdmin(api),
    signedIn(api, 'seller', 'Meera Weaves'),
    signedIn(api, 'seller'),
    signedIn(api, 'buyer'),
  ]);
  as = (client) => new Client(api, client?.cookie ?? null, client?.user ?? null);
});

afterAll(() => api.close());

const NAME = 'Brass Diya';

/** A verified product of the seller, on sale under NAME. */
const onSale = (details = {}) => listedProduct(api, seller, { name: NAME, ...details });

type Revision = TypedApi['admin']['products'][':id']['revision'];
const edit = (
  client: Client,
  id: string,
  json: Parameters<TypedApi['seller']['products'][':id']['$patch']>[0]['json'],
) => as(client).api.seller.products[':id'].$patch({ param: { id }, json });
const approve = (client: Client | undefined, id: string, json: Parameters<Revision['approve']['$post']>[0]['json']) =>
  as(client).api.admin.products[':id'].revision.approve.$post({ param: { id }, json });
const reject = (client: Client | undefined, id: string, json: Parameters<Revision['reject']['$post']>[0]['json']) =>
  as(client).api.admin.products[':id'].revision.reject.$post({ param: { id }, json });
/** Off the contract on purpose. */
const reviewRaw = (action: 'approve' | 'reject', productId: string, body: unknown) =>
  as(admin).raw.post(`/api/admin/products/${productId}/revision/${action}`, body);

/** The admins' overview count of the changes waiting for review. */
async function changesAwaitingReview() {
  await api.settle();
  const reply = await as(admin).api.admin.overview.$get();
  expectStatus(reply, 200);
  return reply.body.changesAwaitingReview;
}

/** The product as anyone sees it, once the projections have every event. */
async function publicProduct(productId: string) {
  await api.settle();
  const reply = await as().api.products[':id'].$get({ param: { id: productId } });
  expectStatus(reply, 200);
  return reply.body;
}

async function ownProduct(productId: string) {
  await api.settle();
  return ok(await as(seller).api.seller.products.$get({ query: {} })).items.find((item) => item.id === productId);
}

async function revisionQueue(): Promise<string[]> {
  await api.settle();
  const reply = await as(admin).api.admin.products['revision-queue'].$get({ query: { limit: '100' } });
  expectStatus(reply, 200);
  return reply.body.items.map((item) => item.id);
}

describe('a seller edits the name of a verified product', () => {
  it('sends it for review, saying so; buyers still see the approved name, and nothing of the change', async () => {
    const productId = await onSale();
    const reply = await edit(seller, productId, { name: 'Cheap Plastic Lamp' });
    expectStatus(reply, 200);
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
    expect((await as(seller).api.products[':id'].$get({ param: { id: productId } })).body).not.toHaveProperty(
      'pendingRevision',
    );
    const search = ok(await as().api.products.$get({ query: { q: 'plastic' } }));
    expect(search.items.map((item) => item.id)).not.toContain(productId);

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
    const reply = ok(
      await edit(seller, productId, { pricePaise: 399_00, description: 'A completely different product now.' }),
    );
    expect(reply.review).toEqual({ revisionId: 'r1', fields: ['description'] });
    expect(reply.message).toMatch(/wait for an admin's review.*Your other changes are saved\.$/);
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
    const newer = ok(await edit(seller, productId, { tags: ['brass', 'diwali'] }));
    expect(newer.review).toEqual({ revisionId: 'r2', fields: ['name', 'tags'] });
    expect((await ownProduct(productId))?.pendingRevision).toMatchObject({
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
    const waiting = await changesAwaitingReview();
    await edit(seller, productId, { name: 'Moradabad Brass Diya' });
    // The overview counts the changes waiting beside the new products.
    expect(await changesAwaitingReview()).toBe(waiting + 1);
    const reply = await approve(admin, productId, { revisionId: 'r1' });
    expectStatus(reply, 200);
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
    expect(await changesAwaitingReview()).toBe(waiting);
    // Approving again is harmless.
    expectStatus(await storesNothing(api, () => approve(admin, productId, { revisionId: 'r1' })), 200);
  });

  it('rejects them with a reason the seller sees; buyers keep the approved version', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Cheap Plastic Lamp' });
    const reply = await reject(admin, productId, {
      revisionId: 'r1',
      reason: 'The photos show a brass lamp, not plastic',
    });
    expectStatus(reply, 200);
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
    expectStatus(late, 409);
    expect(late.body.error).toEqual({ code: 'revision_not_pending', message: 'These changes were rejected already' });
  });

  it('cannot approve changes the seller replaced after the admin saw them', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Brass Lamp' });
    await edit(seller, productId, { name: 'Something Else Entirely' });
    const reply = await storesNothing(api, () => approve(admin, productId, { revisionId: 'r1' }));
    expectStatus(reply, 409);
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
        expectStatus(reply, 403);
        expect(reply.body.error).toEqual({ code: 'forbidden', message: 'This needs the admin role' });
      }
    }
    expectStatus(await storesNothing(api, () => approve(undefined, productId, { revisionId: 'r1' })), 401);
    expectStatus(await as(seller).api.admin.products['revision-queue'].$get({ query: {} }), 403);
    // Another seller cannot edit the product either, so cannot slip changes into the revision.
    expectStatus(await storesNothing(api, () => edit(otherSeller, productId, { name: 'Mine now' })), 403);
    expect(await publicProduct(productId)).toMatchObject({ name: NAME });
  });

  it('answers 400 for a bad body, 404 for an unknown revision or product, storing nothing', async () => {
    const productId = await onSale();
    await edit(seller, productId, { name: 'Brass Lamp' });
    const noId = await storesNothing(api, () => reviewRaw('approve', productId, {}));
    expectStatus(noId, 400);
    expect(noId.body.error.fields).toEqual({ revisionId: 'Name the changes reviewed (revisionId)' });
    const noReason = await storesNothing(api, () => reviewRaw('reject', productId, { revisionId: 'r1' }));
    expect(noReason.body.error.fields).toEqual({ reason: 'A reason is required' });
    expect((await storesNothing(api, () => reviewRaw('approve', productId, '{bad'))).body.error.code).toBe(
      'malformed_json',
    );
    const unknown = await storesNothing(api, () => approve(admin, productId, { revisionId: 'r7' }));
    expectStatus(unknown, 404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'This product has no such changes waiting' });
    const noProduct = await storesNothing(api, () =>
      reject(admin, crypto.randomUUID(), { revisionId: 'r1', reason: 'No' }),
    );
    expectStatus(noProduct, 404);
    expect(noProduct.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
  });
});
