import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
