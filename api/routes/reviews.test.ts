import { describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/actor.ts';
import { reviewStream } from '../../domain/review/events.ts';
import { sellerDecider } from '../../domain/seller/decider.ts';
import { sellerStream } from '../../domain/seller/events.ts';
import { type Client, expectStatus, ok, type ArgsOf, type TypedApi } from '../testing/harness.ts';
import { visibleProduct } from '../commands/reviews.ts';
import { reject, fileApi } from './catalog.fixtures.ts';
import { actorOfClient, listedProduct, onProduct, oversized, signedIn } from './orders.fixtures.ts';
import { deliveredOrder, movedOrder, placedOrder } from './purchases.fixtures.ts';

const api = await fileApi();
const seller = await signedIn(api, 'seller', 'Meera Weaves');

const reviewsOf = (productId: string, client = api.anonymous()) =>
  client.api.products[':id'].reviews.$get({ param: { id: productId } });
const eligibilityOf = (productId: string, client = api.anonymous()) =>
  client.api.products[':id'].reviews.eligibility.$get({ param: { id: productId } });
const review = (
  client: Client,
  productId: string,
  body: ArgsOf<TypedApi['products'][':id']['reviews']['$post']>['json'],
) => client.api.products[':id'].reviews.$post({ param: { id: productId }, json: body });
/** Any body: for bodies off the contract. */
const reviewRaw = (client: Client, productId: string, body: unknown) =>
  client.raw.post(`/api/products/${productId}/reviews`, body);
const eventsOf = async (productId: string, client: Client) =>
  (await api.platform.events.readStream(reviewStream(productId, client.user!.id))).map(({ type }) => type);

/** A product of the seller (or of `productSeller`), and a buyer who received it. */
async function purchased(buyerName?: string, productSeller = seller) {
  const productId = await listedProduct(api, productSeller);
  const buyer = await signedIn(api, 'buyer', buyerName);
  await deliveredOrder(api, buyer, [productId]);
  await api.settle();
  return { productId, buyer };
}

const submitted = { title: 'Review Submitted', message: 'Thank you for your review!' };

describe('POST /api/products/{id}/reviews', () => {
  it("records a verified purchaser's review under their full name, rated 5 unless told", async () => {
    const { productId, buyer } = await purchased('Asha Rao');
    const reply = await review(buyer, productId, { comment: '  Beautiful weave.  ' });
    expectStatus(reply, 201);
    expect(reply.body).toMatchObject({
      ...submitted,
      review: {
        id: `${productId}:${buyer.user!.id}`,
        productId,
        buyerId: buyer.user!.id,
        authorName: 'Asha Rao',
        rating: 5,
        comment: 'Beautiful weave.',
      },
    });
    expect(reply.body.review.createdAt).toBe(reply.body.review.updatedAt);

    const listed = await api
      .anonymous()
      .after(reply.body.position)
      .products[':id'].reviews.$get({ param: { id: productId } });
    expect(listed.body).toEqual({ items: [reply.body.review], count: 1, average: 5 });
  });

  it('edits the review on a second submit, keeping one review per buyer and product', async () => {
    const { productId, buyer } = await purchased();
    const first = await review(buyer, productId, { rating: 5, comment: 'Lovely colours.' });
    expectStatus(first, 201);
    const second = await review(buyer, productId, { rating: 3, comment: 'Colours faded after a wash.' });
    expectStatus(second, 200);
    expect(second.body).toMatchObject({
      ...submitted,
      review: { rating: 3, comment: 'Colours faded after a wash.', createdAt: first.body.review.createdAt },
    });
    expect(second.body.position).toBeGreaterThan(first.body.position);

    const same = await review(buyer, productId, { rating: 3, comment: 'Colours faded after a wash.' });
    expectStatus(same, 200);
    expect(same.body.review).toEqual(second.body.review);
    expect(await eventsOf(productId, buyer)).toEqual(['ReviewSubmitted', 'ReviewEdited']);

    await api.settle();
    expect((await reviewsOf(productId)).body).toEqual({ items: [second.body.review], count: 1, average: 3 });
  });

  it("leaves another buyer's review alone: each buyer writes their own", async () => {
    const { productId, buyer } = await purchased();
    const other = await signedIn(api);
    await deliveredOrder(api, other, [productId]);
    await api.settle();
    const mine = await review(buyer, productId, { rating: 4, comment: 'Good.' });
    expectStatus(mine, 201);
    const theirs = await review(other, productId, { rating: 2, comment: 'Not for me.' });
    expectStatus(theirs, 201);
    expect(theirs.body.review.buyerId).toBe(other.user!.id);
    await api.settle();
    const body = ok(await reviewsOf(productId));
    expect(body.items).toContainEqual(mine.body.review);
    expect(body.count).toBe(2);
  });

  it('is refused to a buyer without a delivered order of the product, and stores nothing', async () => {
    const productId = await listedProduct(api, seller);
    const buyer = await signedIn(api);
    const { orderId } = await placedOrder(api, buyer, [{ productId }]);
    await movedOrder(api, orderId, 'shipped');
    const stranger = await signedIn(api);
    await api.settle();
    for (const client of [buyer, stranger, seller]) {
      const reply = await review(client, productId, { rating: 1, comment: 'Never arrived.' });
      expectStatus(reply, 403);
      expect(reply.body).toEqual({
        error: { code: 'purchase_required', message: "You can only review products you've purchased" },
      });
      expect(await eventsOf(productId, client)).toEqual([]);
    }
  });

  it('asks a visitor to log in', async () => {
    const { productId } = await purchased();
    const reply = await review(api.anonymous(), productId, { rating: 5, comment: 'Great!' });
    expectStatus(reply, 401);
    expect(reply.body).toEqual({ error: { code: 'unauthorized', message: 'Please login to submit a review' } });
  });

  it('answers 404 for a product never listed, storing nothing', async () => {
    const buyer = await signedIn(api);
    const reply = await review(buyer, 'no-such-product', { rating: 5, comment: 'Great!' });
    expectStatus(reply, 404);
    expect(reply.body.error.code).toBe('not_found');
    expect(await eventsOf('no-such-product', buyer)).toEqual([]);
  });

  it.each([
    [{ rating: 0, comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
    [{ rating: 6, comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
    [{ rating: 4.5, comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
    [{ rating: '5', comment: 'x' }, { rating: 'Rating must be between 1 and 5' }],
    [{ rating: 5 }, { comment: 'Comment is required' }],
    [{ rating: 5, comment: '   ' }, { comment: 'Comment is required' }],
    [{ rating: 5, comment: 42 }, { comment: 'Comment is required' }],
    [{ rating: 5, comment: 'x'.repeat(2001) }, { comment: 'Comment must be at most 2000 characters' }],
  ])('rejects %j with the field messages, storing nothing', async (body, fields) => {
    const { productId, buyer } = await purchased();
    const reply = await reviewRaw(buyer, productId, body);
    expectStatus(reply, 400);
    expect(reply.body).toEqual({ error: { code: 'validation_failed', message: Object.values(fields)[0], fields } });
    expect(await eventsOf(productId, buyer)).toEqual([]);
  });

  it('rejects malformed JSON and oversized bodies', async () => {
    const { productId, buyer } = await purchased();
    const malformed = await reviewRaw(buyer, productId, '{bad');
    expectStatus(malformed, 400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const large = await reviewRaw(buyer, productId, { rating: 5, comment: 'Great', ...oversized() });
    expectStatus(large, 413);
    expect(await eventsOf(productId, buyer)).toEqual([]);
  });
});

describe('GET /api/products/{id}/reviews', () => {
  it('lists nothing for a product without reviews', async () => {
    const productId = await listedProduct(api, seller);
    const reply = await reviewsOf(productId);
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ items: [], count: 0, average: null });
  });

  it('lists the newest first with the average to one decimal', async () => {
    const productId = await listedProduct(api, seller);
    const ratings = [5, 4, 4];
    const written = [];
    for (const rating of ratings) {
      const buyer = await signedIn(api);
      await deliveredOrder(api, buyer, [productId]);
      await api.settle();
      written.push(ok(await review(buyer, productId, { rating, comment: `Rated ${rating}` })).review);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await api.settle();
    const { body } = await reviewsOf(productId, seller);
    expect(body).toEqual({ items: written.reverse(), count: 3, average: 4.3 });
  });

  it('answers 404 for a product never listed', async () => {
    const reply = await reviewsOf('no-such-product');
    expectStatus(reply, 404);
    expect(reply.body.error.code).toBe('not_found');
  });
});

describe('GET /api/products/{id}/reviews/eligibility', () => {
  it('tells a visitor to log in and a buyer without a delivered order to purchase', async () => {
    const productId = await listedProduct(api, seller);
    expect((await eligibilityOf(productId)).body).toEqual({ state: 'login' });
    const buyer = await signedIn(api);
    expect((await eligibilityOf(productId, buyer)).body).toEqual({ state: 'purchase' });
    const { orderId } = await placedOrder(api, buyer, [{ productId }]);
    await movedOrder(api, orderId, 'shipped');
    await api.settle();
    expect((await eligibilityOf(productId, buyer)).body).toEqual({ state: 'purchase' });
  });

  it('allows a buyer whose order of it was delivered, with their review once written', async () => {
    const { productId, buyer } = await purchased();
    expect((await eligibilityOf(productId, buyer)).body).toEqual({ state: 'allowed' });
    const written = await review(buyer, productId, { rating: 4, comment: 'Sturdy.' });
    expectStatus(written, 201);
    const reply = await eligibilityOf(productId, buyer);
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ state: 'allowed', review: written.body.review });
  });

  it('makes every product of a delivered order reviewable, and no other', async () => {
    const [shawl, diya, lamp] = [
      await listedProduct(api, seller),
      await listedProduct(api, seller),
      await listedProduct(api, seller),
    ];
    const buyer = await signedIn(api);
    await deliveredOrder(api, buyer, [shawl, diya]);
    await api.settle();
    expect(ok(await eligibilityOf(shawl, buyer)).state).toBe('allowed');
    expect(ok(await eligibilityOf(diya, buyer)).state).toBe('allowed');
    expect(ok(await eligibilityOf(lamp, buyer)).state).toBe('purchase');
    expect(ok(await eligibilityOf(shawl, seller)).state).toBe('purchase');
  });

  it('answers 404 for a product never listed', async () => {
    const reply = await eligibilityOf('no-such-product', seller);
    expectStatus(reply, 404);
  });
});

describe('reviews of a product not on sale', () => {
  const ADMIN: Actor = { userId: 'fixture-admin', roles: ['admin'] };
  const at = () => new Date().toISOString();
  /** Ways a product leaves the catalog after a buyer received it and reviewed it. */
  const hide = {
    rejected: (productId: string) => reject(api, productId),
    delisted: (productId: string, owner: Client) =>
      onProduct(api, productId, { type: 'DelistProduct', actor: actorOfClient(owner), at: at() }),
    'pending review again': async (productId: string, owner: Client) => {
      await reject(api, productId);
      const edit = await owner.api.seller.products[':id'].$patch({
        param: { id: productId },
        json: {
          description: 'Hand-cast brass oil lamp, now photographed.',
        },
      });
      expectStatus(edit, 200);
    },
    'of a suspended seller': (_productId: string, owner: Client) =>
      api.ctx.streams.handle(
        sellerStream(owner.user!.id),
        sellerDecider,
        {
          type: 'SuspendSeller',
          reason: 'Counterfeit goods',
          actor: ADMIN,
          sellerId: owner.user!.id,
          at: at(),
        },
        { actor: ADMIN.userId },
      ),
  };

  it.each(Object.keys(hide) as (keyof typeof hide)[])(
    'answer 404 when it is %s, as the product does, and take no review',
    async (how) => {
      const owner = await signedIn(api, 'seller');
      const { productId, buyer } = await purchased(undefined, owner);
      const written = await review(buyer, productId, { rating: 5, comment: 'Lovely.' });
      expectStatus(written, 201);
      await hide[how](productId, owner);
      await api.settle();

      for (const client of [api.anonymous(), buyer, await signedIn(api)]) {
        expect((await client.api.products[':id'].$get({ param: { id: productId } })).status).toBe(404);
        for (const reply of [await reviewsOf(productId, client), await eligibilityOf(productId, client)]) {
          expectStatus(reply, 404);
          expect(reply.body).toEqual({ error: { code: 'not_found', message: 'Product not found' } });
        }
      }
      const edit = await review(buyer, productId, { rating: 1, comment: 'Changed my mind.' });
      expectStatus(edit, 404);
      expect(await eventsOf(productId, buyer)).toEqual(['ReviewSubmitted']);

      // Its seller and the admins still find it, as they find the product.
      const reply = await reviewsOf(productId, owner);
      expectStatus(reply, 200);
      expect(reply.body.items).toEqual([written.body.review]);
      expect((await eligibilityOf(productId, owner)).body).toEqual({ state: 'purchase' });
      expect((await visibleProduct(api.ctx, productId, ADMIN)).productId).toBe(productId);
    },
  );
});
