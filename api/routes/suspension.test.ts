import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { type TestApi, startTestApi } from '../testing/harness.ts';
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
    const listed = await seller.post('/api/seller/products', {
      name: 'Brass Diya',
      description: 'Hand-beaten brass oil lamp.',
      pricePaise: 29_900,
      stockQuantity: 10,
      categoryId: 'home-decor',
      tags: [],
    });
    const productId = listed.body.id as string;
    expect((await buyer.post('/api/cart/items', { productId })).status).toBe(200);

    expect(
      (await admin.post(`/api/admin/sellers/${seller.user!.id}/suspend`, { reason: 'Counterfeit reports' })).status,
    ).toBe(200);
    const cart = await buyer.get('/api/cart');
    expect(cart.body.lines[0].product.available).toBe(false);
    const refused = await buyer.post('/api/orders', {
      shippingAddress: PUNE_ADDRESS,
      delivery: 'standard',
      payment: 'cod',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('not_available');
    expect((await buyer.post('/api/cart/items', { productId })).status).toBe(409);

    expect(
      (await admin.post(`/api/admin/sellers/${seller.user!.id}/reinstate`, { reason: 'Cleared after review' })).status,
    ).toBe(200);
    expect(
      (await buyer.post('/api/orders', { shippingAddress: PUNE_ADDRESS, delivery: 'standard', payment: 'cod' })).status,
    ).toBe(201);
  });

  it('cannot change anything it sells until reinstated: edits, stock, images, delisting, restores', async () => {
    const seller = await api.signUp({ role: 'seller' });
    const admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
    const listed = await seller.post('/api/seller/products', {
      name: 'Copper Lota',
      description: 'A hammered copper water pot.',
      pricePaise: 49_900,
      stockQuantity: 5,
      categoryId: 'home-decor',
      tags: [],
    });
    expect(listed.status).toBe(201);
    const id = listed.body.id as string;
    const form = () => {
      const body = new FormData();
      body.append('file', new File([Uint8Array.from(tinyPng())], 'lota.png', { type: 'image/png' }));
      return body;
    };
    const image = await seller.request('POST', '/api/uploads', { body: form() });
    expect(image.status).toBe(201);

    await admin.post(`/api/admin/sellers/${seller.user!.id}/suspend`, { reason: 'Counterfeit reports' });
    const changes = [
      () => seller.patch(`/api/seller/products/${id}`, { name: 'Copper Lota, large' }),
      () => seller.patch(`/api/seller/products/${id}`, { images: [image.body.id] }),
      () => seller.put(`/api/seller/products/${id}/stock`, { stockQuantity: 50 }),
      () => seller.request('POST', '/api/uploads', { body: form() }),
      () => seller.post(`/api/seller/products/${id}/history/restore`, { position: listed.body.position }),
      () => seller.delete(`/api/seller/products/${id}`),
    ];
    const before = await api.platform.events.lastPosition();
    for (const change of changes) {
      const refused = await change();
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'seller_suspended',
        message: 'Your seller account is suspended, so you cannot list or change products',
      });
    }
    expect(await api.platform.events.lastPosition()).toBe(before);
    // An admin still may (to take a product down, say).
    expect((await admin.put(`/api/seller/products/${id}/stock`, { stockQuantity: 0 })).status).toBe(200);

    await admin.post(`/api/admin/sellers/${seller.user!.id}/reinstate`, { reason: 'Cleared after review' });
    expect((await seller.put(`/api/seller/products/${id}/stock`, { stockQuantity: 50 })).status).toBe(200);
  });
});
