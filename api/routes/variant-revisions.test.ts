/**
 * Issue 26: the options and variants of a verified product are content like its name. A new
 * colour waits for an admin's review (not shown, not buyable), the price of a colour on sale
 * changes at once, and a rejection leaves the variants on sale as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_COLUMNS } from '../../domain/catalog-import/rows.ts';
import { productStream } from '../../domain/product/events.ts';
import { VARIANT_MESSAGES } from '../../domain/product/variants.ts';
import { type Client, expectStatus, ok, type TestApi, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { eventsOf } from './admin/admin.fixtures.ts';

let api: TestApi;
let admin: Client;
let seller: Client;
let buyer: Client;

beforeAll(async () => {
  // Revisions wait for an admin only when the server does not approve them itself.
  api = await startTestApi({ AUTO_VERIFY: 'false' });
  [admin, seller, buyer] = await Promise.all([
    signInAdmin(api),
    signedIn(api, 'seller', 'Bagru Prints'),
    signedIn(api, 'buyer'),
  ]);
});

afterAll(() => api.close());

const TAN = { sku: '', optionValues: ['Tan'], pricePaise: 149_900, originalPricePaise: null, imageUrls: [] };

/** A verified chappal in tan only, its SKUs unique to `tag`; its tan variant is v1. */
const onSale = (tag: string) =>
  listedProduct(api, seller, {
    name: 'Kolhapuri Chappal',
    options: [{ name: 'Colour', values: ['Tan'] }],
    variants: [{ ...TAN, sku: `${tag}-TAN`, stockQuantity: 3 }],
  });

/** The seller's edit: tan at `tanPaise`, and indigo added with 2 in stock. */
const addIndigo = (productId: string, tag: string, tanPaise = TAN.pricePaise) =>
  seller.api.seller.products[':id'].$patch({
    param: { id: productId },
    json: {
      options: [{ name: 'Colour', values: ['Tan', 'Indigo'] }],
      variants: [
        {
          id: 'v1',
          sku: `${tag}-TAN`,
          optionValues: ['Tan'],
          pricePaise: tanPaise,
          originalPricePaise: null,
          stockQuantity: 3,
          images: [],
        },
        {
          sku: `${tag}-INDIGO`,
          optionValues: ['Indigo'],
          pricePaise: 129_900,
          originalPricePaise: null,
          stockQuantity: 2,
          images: [],
        },
      ],
    },
  });

async function publicProduct(productId: string) {
  await api.settle();
  return ok(await api.anonymous().api.products[':id'].$get({ param: { id: productId } }));
}

async function ownProduct(productId: string) {
  await api.settle();
  return ok(await seller.api.seller.products.$get({ query: {} })).items.find((item) => item.id === productId)!;
}

const addToCart = (productId: string, variantId: string) =>
  buyer.api.cart.items.$post({ json: { productId, variantId } });

describe('a verified product gains a colour', () => {
  it('holds the colour for review while the new price of tan is on sale at once', async () => {
    const productId = await onSale('R1');
    const reply = ok(await addIndigo(productId, 'R1', 139_900));
    expect(reply.review).toEqual({ revisionId: 'r1', fields: ['options', 'variants'] });
    expect(reply.message).toBe(
      "Changes to the options and variants wait for an admin's review; until then buyers see the product as it was approved. Your other changes are saved.",
    );
    expect((await eventsOf(api, productStream(productId))).slice(-3).map(({ type }) => type)).toEqual([
      'ProductUpdated',
      'ProductRevisionSubmitted',
      'StockAdjusted',
    ]);

    const shown = await publicProduct(productId);
    expect(shown).toMatchObject({
      pricePaise: 139_900,
      stockQuantity: 3,
      options: [{ name: 'Colour', values: ['Tan'] }],
    });
    expect(shown.variants.map((variant) => [variant.label, variant.pricePaise])).toEqual([['Tan', 139_900]]);
    const byColour = ok(await api.anonymous().api.products.$get({ query: { option: 'colour:indigo' } }));
    expect(byColour.items.map((item) => item.id)).not.toContain(productId);
    const refused = await addToCart(productId, 'v2');
    expectStatus(refused, 404);
    expect(refused.body.error.message).toBe(VARIANT_MESSAGES.variantUnknown);

    // Its seller sees the colour waiting, with the stock it was given; the admins see it in their queue.
    const own = await ownProduct(productId);
    expect(own.pendingRevision?.after.variants?.map((variant) => [variant.id, variant.optionValues])).toEqual([
      ['v1', ['Tan']],
      ['v2', ['Indigo']],
    ]);
    expect(own.pendingRevision?.before.variants?.map((variant) => variant.id)).toEqual(['v1']);
    expect(own.stockByVariant).toMatchObject({ v1: 3, v2: 2 });
    const queue = ok(await admin.api.admin.products['revision-queue'].$get({ query: { limit: '100' } }));
    expect(queue.items.find((item) => item.id === productId)?.pendingRevision?.after.options).toEqual([
      { name: 'Colour', values: ['Tan', 'Indigo'] },
    ]);
  });

  it('puts the colour on sale once the admin approves it, and leaves the variants as they were when rejected', async () => {
    const productId = await onSale('R2');
    ok(await addIndigo(productId, 'R2'));
    ok(
      await admin.api.admin.products[':id'].revision.reject.$post({
        param: { id: productId },
        json: { revisionId: 'r1', reason: 'Show a picture of the indigo pair' },
      }),
    );
    const rejected = await publicProduct(productId);
    expect(rejected.variants.map((variant) => variant.label)).toEqual(['Tan']);
    expect((await ownProduct(productId)).rejectedRevision?.after.variants).toHaveLength(2);

    expect(ok(await addIndigo(productId, 'R2')).review).toEqual({ revisionId: 'r2', fields: ['options', 'variants'] });
    ok(
      await admin.api.admin.products[':id'].revision.approve.$post({
        param: { id: productId },
        json: { revisionId: 'r2' },
      }),
    );
    const approved = await publicProduct(productId);
    expect(approved).toMatchObject({ pricePaise: 129_900, maxPricePaise: 149_900, stockQuantity: 5 });
    expect(approved.variants.map((variant) => [variant.id, variant.label, variant.stockQuantity])).toEqual([
      ['v1', 'Tan', 3],
      // Proposed again after the rejection, the colour is a new variant.
      ['v3', 'Indigo', 2],
    ]);
    const { cart } = ok(await addToCart(productId, 'v3'));
    expect(cart.lines).toContainEqual(expect.objectContaining({ productId, variantId: 'v3', variantLabel: 'Indigo' }));
  });
});

describe('a catalog import adding a colour to a verified product', () => {
  it('sends it for review as the form does: the dry run says so, and buyers do not see it until approved', async () => {
    const productId = await onSale('R3');
    ok(await addIndigo(productId, 'R3'));
    const row = {
      product_id: productId,
      name: 'Kolhapuri Chappal',
      description: 'Hand-cast brass oil lamp from Moradabad',
      price: '1199',
      stock: '6',
      category: 'handicrafts',
      tags: 'brass',
      sku: 'R3-RED',
      option1_name: 'Colour',
      option1_value: 'Red',
    };
    const csv = [
      CATALOG_COLUMNS.join(','),
      CATALOG_COLUMNS.map((column) => row[column as keyof typeof row] ?? '').join(','),
    ];
    const file = new File([csv.join('\n')], 'catalog.csv', { type: 'text/csv' });
    await api.settle();
    const checked = ok(await seller.api.seller.catalog.imports.$post({ form: { file } }));
    expect(checked.rows).toMatchObject([{ row: 2, action: 'update', review: true }]);
    expectStatus(await seller.api.seller.catalog.imports[':id'].confirm.$post({ param: { id: checked.id } }), 202);
    await api.settle();

    // Red joins indigo, still waiting: the import changed the product as its seller last asked for it.
    const own = await ownProduct(productId);
    expect(own.pendingRevision).toMatchObject({ revisionId: 'r2' });
    expect(own.pendingRevision?.after.variants?.map((variant) => variant.optionValues[0])).toEqual([
      'Tan',
      'Indigo',
      'Red',
    ]);
    expect((await publicProduct(productId)).variants.map((variant) => variant.label)).toEqual(['Tan']);
    const history = ok(await seller.api.seller.products[':id'].history.$get({ param: { id: productId } }));
    expect(history.items.at(-2)?.summary).toMatch(/^Imported: Changes sent for review, replacing those waiting: /);
  });
});
