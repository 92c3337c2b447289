import { describe, expect, it } from 'vitest';
import { expectStatus, ok } from '../testing/harness.ts';
import { listProduct, SAREE, twoSellers } from './catalog.fixtures.ts';

const { api, seller, otherSeller } = await twoSellers();

describe('a product’s tax data', () => {
  it('is its category’s defaults unless the seller gives it, and shows with the product to anyone', async () => {
    const { tax: _, ...untaxed } = SAREE;
    const pepper = await seller.api.seller.products.$post({ json: { ...untaxed, categoryId: 'spices' } });
    expectStatus(pepper, 201);
    const given = await listProduct(seller, { tax: { hsn: ' 50072010 ', gstRateBps: 500 } });
    const anyone = api.anonymous();
    expect(
      ok(await anyone.after(pepper.body.position).products[':id'].$get({ param: { id: pepper.body.id } })).tax,
    ).toEqual({
      hsn: '0910',
      gstRateBps: 500,
    });
    expect(ok(await anyone.after(given.position).products[':id'].$get({ param: { id: given.id } })).tax).toEqual({
      hsn: '50072010',
      gstRateBps: 500,
    });
  });

  it('refuses an HSN code of the wrong shape and a GST rate that is no slab in force', async () => {
    const post = (tax: unknown) => seller.raw.post('/api/seller/products', { ...SAREE, tax });
    for (const hsn of ['500', '50071', '0012', '5007201', 'silk']) {
      const reply = await post({ hsn, gstRateBps: 500 });
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual({ 'tax.hsn': 'HSN code must be 4, 6 or 8 digits, not starting with 00' });
    }
    const twelve = await post({ hsn: '5007', gstRateBps: 1200 });
    expectStatus(twelve, 400);
    expect(twelve.body.error.fields).toEqual({
      'tax.gstRateBps': expect.stringMatching(
        /^GST rate 12% is not a slab in force on \d{4}-\d{2}-\d{2} \(3%, 5%, 18%, 40%\)$/,
      ),
    });
    expectStatus(await post({ hsn: '5007', gstRateBps: '5%' }), 400);
  });

  it('changes at once on a verified product, shown in its history; only its seller (or an admin) may change it', async () => {
    const { id } = await listProduct(seller);
    const tax = { hsn: '6204', gstRateBps: 1800 };
    const edit = await seller.api.seller.products[':id'].$patch({ param: { id }, json: { tax } });
    expectStatus(edit, 200);
    expect(edit.body.review).toBeNull();
    expect(ok(await seller.after(edit.body.position).products[':id'].$get({ param: { id } })).tax).toEqual(tax);
    const history = ok(await seller.after(edit.body.position).seller.products[':id'].history.$get({ param: { id } }));
    expect(history.items.map((item) => JSON.stringify(item)).find((item) => item.includes('"Tax"'))).toMatch(
      /HSN 50072010 · GST 5%.*HSN 6204 · GST 18%/,
    );

    expectStatus(
      await seller.api.seller.products[':id'].$patch({
        param: { id },
        json: { tax: { hsn: '6204', gstRateBps: 1300 } },
      }),
      400,
    );
    expectStatus(await otherSeller.api.seller.products[':id'].$patch({ param: { id }, json: { tax } }), 403);
  });
});
