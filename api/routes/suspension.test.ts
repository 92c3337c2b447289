import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { expectStatus, startTestApi, type TestApi } from '../testing/harness.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';

describe('a suspended seller', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('leaves carts unable to order their products until reinstated', async () => {
    const seller = await api.signUp({ role: 'seller' });
    const buyer = await api.signUp();
    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const listed = await seller.api.seller.products.$post({
      json: {
        name: 'Brass Diya',
        description: 'Hand-beaten brass oil lamp.',
        pricePaise: 29_900,
        stockQuantity: 10,
        categoryId: 'home-decor',
        tags: [],
      },
    });
    expectStatus(listed, 201);
    const productId = listed.body.id as string;
    expect((await buyer.api.cart.items.$post({ json: { productId } })).status).toBe(200);

    expect(
      (
        await admin.api.admin.sellers[':id'].suspend.$post({
          param: { id: seller.user!.id },
          json: { reason: 'Counterfeit reports' },
        })
      ).status,
    ).toBe(200);
    const cart = await buyer.api.cart.$get();
    expectStatus(cart, 200);
    expect(cart.body.lines[0]?.product.available).toBe(false);
    const refused = await buyer.api.orders.$post({
      header: {},
      json: {
        shippingAddress: PUNE_ADDRESS,
        delivery: 'standard',
        payment: 'cod',
      },
    });
    expectStatus(refused, 409);
    expect(refused.body.error.code).toBe('not_available');
    expect((await buyer.api.cart.items.$post({ json: { productId } })).status).toBe(409);

    expect(
      (
        await admin.api.admin.sellers[':id'].reinstate.$post({
          param: { id: seller.user!.id },
          json: { reason: 'Cleared after review' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await buyer.api.orders.$post({
          header: {},
          json: { shippingAddress: PUNE_ADDRESS, delivery: 'standard', payment: 'cod' },
        })
      ).status,
    ).toBe(201);
  });

  it('cannot change anything it sells until reinstated: edits, stock, images, delisting, restores', async () => {
    const seller = await api.signUp({ role: 'seller' });
    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const listed = await seller.api.seller.products.$post({
      json: {
        name: 'Copper Lota',
        description: 'A hammered copper water pot.',
        pricePaise: 49_900,
        stockQuantity: 5,
        categoryId: 'home-decor',
        tags: [],
      },
    });
    expectStatus(listed, 201);
    const id = listed.body.id as string;
    const upload = () =>
      seller.api.uploads.$post({
        form: { file: new File([Uint8Array.from(tinyPng())], 'lota.png', { type: 'image/png' }) },
      });
    const image = await upload();
    expectStatus(image, 201);

    await admin.api.admin.sellers[':id'].suspend.$post({
      param: { id: seller.user!.id },
      json: { reason: 'Counterfeit reports' },
    });
    const changes = [
      () => seller.api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Copper Lota, large' } }),
      () => seller.api.seller.products[':id'].$patch({ param: { id }, json: { images: [image.body.id] } }),
      () => seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 50 } }),
      upload,
      () =>
        seller.api.seller.products[':id'].history.restore.$post({
          param: { id },
          json: { position: listed.body.position },
        }),
      () => seller.api.seller.products[':id'].$delete({ param: { id } }),
    ];
    // The suspension's own effects (the seller's notice) are appended by the reactors: let them finish first.
    await api.settle();
    const before = await api.platform.events.lastPosition();
    for (const change of changes) {
      const refused = await change();
      expectStatus(refused, 403);
      expect(refused.body.error).toEqual({
        code: 'seller_suspended',
        message: 'Your seller account is suspended, so you cannot list or change products',
      });
    }
    expect(await api.platform.events.lastPosition()).toBe(before);
    // An admin still may (to take a product down, say).
    expect(
      (await admin.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 0 } })).status,
    ).toBe(200);

    await admin.api.admin.sellers[':id'].reinstate.$post({
      param: { id: seller.user!.id },
      json: { reason: 'Cleared after review' },
    });
    expect(
      (await seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 50 } })).status,
    ).toBe(200);
  });
});
