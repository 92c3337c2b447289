/**
 * Options and variants through the API (issue 26): a chappal in sizes and colours listed by its
 * seller, shown with each variant's stock and the price range, filtered by option values,
 * bought as one variant (the cart and the order name it, only its stock goes down, a return
 * brings its units back), and every new field refused in words when it is wrong.
 */
import { describe, expect, it } from 'vitest';
import { VARIANT_MESSAGES } from '../../domain/product/variants.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { SAREE, fileApi } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, signedIn } from './orders.fixtures.ts';

const api = await fileApi();
const seller = await signedIn(api, 'seller', 'Kolhapur Leather');
const otherSeller = await signedIn(api, 'seller', 'Jaipur Juttis');

const variant = (size: string, colour: string, stockQuantity: number, pricePaise = 149_900) => ({
  sku: `KC-${size}-${colour.toUpperCase()}`,
  optionValues: [size, colour],
  pricePaise,
  stockQuantity,
});

/** The chappal of the issue: sizes 6-9 in tan and black, size 9 dearer, the last size 8 in tan. */
const CHAPPAL = {
  ...SAREE,
  name: 'Kolhapuri Chappal',
  description: 'Hand-stitched leather chappal from Kolhapur.',
  categoryId: 'handicrafts',
  tax: undefined,
  pricePaise: undefined,
  stockQuantity: undefined,
  originalPricePaise: null,
  options: [
    { name: 'Size', values: ['6', '7', '8', '9'] },
    { name: 'Colour', values: ['Tan', 'Black'] },
  ],
  variants: [
    variant('6', 'Tan', 4),
    variant('7', 'Tan', 4),
    variant('8', 'Tan', 1),
    variant('9', 'Tan', 2, 169_900),
    variant('8', 'Black', 3),
  ],
};

async function listChappal(client: Client = seller, changes: Record<string, unknown> = {}) {
  const reply = await client.raw.post('/api/seller/products', { ...CHAPPAL, ...changes });
  expectStatus(reply, 201);
  await api.settle();
  const id = (reply.body as { id: string }).id;
  return (await api.platform.read.collection<ProductDoc>(PRODUCTS).get(id))!;
}

const variantOf = (product: ProductDoc, label: string) => product.variants.find((v) => v.label === label)!;

describe('a product with options', () => {
  it('is listed with a variant per combination, each with its stock, priced from its lowest price', async () => {
    const product = await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `A-${v.sku}` })) });
    expect(product).toMatchObject({
      pricePaise: 149_900,
      maxPricePaise: 169_900,
      stockQuantity: 14,
      options: CHAPPAL.options,
    });
    expect(product.variants.map((v) => [v.id, v.label, v.sku, v.stockQuantity])).toEqual([
      ['v1', 'Size 6 · Tan', 'A-KC-6-TAN', 4],
      ['v2', 'Size 7 · Tan', 'A-KC-7-TAN', 4],
      ['v3', 'Size 8 · Tan', 'A-KC-8-TAN', 1],
      ['v4', 'Size 9 · Tan', 'A-KC-9-TAN', 2],
      ['v5', 'Size 8 · Black', 'A-KC-8-BLACK', 3],
    ]);
    const shown = ok(await api.anonymous().api.products[':id'].$get({ param: { id: product.id } }));
    expect(shown.variants).toHaveLength(5);
    expect(shown).not.toHaveProperty('stockByVariant');
  });

  it('is found by its option values, and its options are offered as filters', async () => {
    const product = await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `B-${v.sku}` })) });
    const ids = async (option: string | string[]) =>
      ok(await api.anonymous().api.products.$get({ query: { option, category: 'handicrafts' } })).items.map(
        (item) => item.id,
      );
    expect(await ids('Colour:Black')).toContain(product.id);
    expect(await ids(['colour:black', 'size:8'])).toContain(product.id);
    expect(await ids(['colour:red', 'size:8'])).not.toContain(product.id);
    // Black comes in size 8 only: a tan 6 and a black 8 make no black 6.
    expect(await ids(['colour:black', 'size:6'])).not.toContain(product.id);
    expect(await ids(['colour:black', 'size:6', 'size:8'])).toContain(product.id);
    const options = ok(await api.anonymous().api.products.options.$get({ query: { category: 'handicrafts' } }));
    expect(options.items).toContainEqual({ name: 'Size', values: ['6', '7', '8', '9'] });
    const bad = await api.anonymous().raw.get('/api/products?option=Black');
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toEqual({ option: 'Option must be written name:value, like Colour:Red' });
  });

  it('is bought as one variant: the cart and the order name it, and only its stock goes down', async () => {
    const product = await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `C-${v.sku}` })) });
    const buyer = await signedIn(api);
    const without = await buyer.api.cart.items.$post({ json: { productId: product.id } });
    expectStatus(without, 400);
    expect(without.body.error.fields).toEqual({ variantId: VARIANT_MESSAGES.variantRequired });
    const unknown = await buyer.api.cart.items.$post({ json: { productId: product.id, variantId: 'v99' } });
    expectStatus(unknown, 404);
    expect(unknown.body.error.message).toBe(VARIANT_MESSAGES.variantUnknown);

    const tan8 = variantOf(product, 'Size 8 · Tan');
    const tooMany = await buyer.api.cart.items.$post({
      json: { productId: product.id, variantId: tan8.id, quantity: 2 },
    });
    expectStatus(tooMany, 409);
    expect(tooMany.body.error.message).toBe('Only 1 of "Kolhapuri Chappal (Size 8 · Tan)" left in stock');
    const { cart } = ok(await buyer.api.cart.items.$post({ json: { productId: product.id, variantId: tan8.id } }));
    expect(cart.lines).toEqual([
      expect.objectContaining({
        lineKey: `${product.id}~${tan8.id}`,
        productId: product.id,
        variantId: tan8.id,
        variantLabel: 'Size 8 · Tan',
        sku: 'C-KC-8-TAN',
        personalisation: [],
        quantity: 1,
      }),
    ]);
    const placed = await buyer.api.orders.$post({ header: {}, json: checkoutBody() });
    expectStatus(placed, 201);
    expect(placed.body.order.lines).toEqual([
      expect.objectContaining({
        productId: product.id,
        variantId: tan8.id,
        variantLabel: 'Size 8 · Tan',
        sku: 'C-KC-8-TAN',
      }),
    ]);
    await api.settle();
    const after = (await api.platform.read.collection<ProductDoc>(PRODUCTS).get(product.id))!;
    expect(after.variants.map((v) => v.stockQuantity)).toEqual([4, 4, 0, 2, 3]);
    expect(after.stockQuantity).toBe(13);
    const analytics = ok(await seller.api.analytics.seller.$get({ query: {} }));
    expect(analytics.variants).toContainEqual({
      productId: product.id,
      variantId: tan8.id,
      name: 'Kolhapuri Chappal',
      variantLabel: 'Size 8 · Tan',
      revenuePaise: 149_900,
      units: 1,
      orders: 1,
    });
  });

  it('sets the stock of one variant, and keeps a variant its id when an edit gives the same combination', async () => {
    const product = await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `D-${v.sku}` })) });
    const id = product.id;
    const black8 = variantOf(product, 'Size 8 · Black');
    expectStatus(
      await seller.api.seller.products[':id'].stock.$put({
        param: { id },
        json: { stockQuantity: 7, variantId: black8.id },
      }),
      200,
    );
    const noVariant = await seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 7 } });
    expectStatus(noVariant, 400);
    expect(noVariant.body.error.fields).toEqual({ variantId: VARIANT_MESSAGES.stockOfVariants });
    const edited = await seller.raw.patch(`/api/seller/products/${id}`, {
      variants: [
        { ...variant('8', 'Black', 2, 139_900), sku: 'D-KC-8-BLACK' },
        { ...variant('9', 'Black', 5), sku: 'D-KC-9-BLACK' },
      ],
    });
    expectStatus(edited, 200);
    await api.settle();
    const after = (await api.platform.read.collection<ProductDoc>(PRODUCTS).get(id))!;
    expect(after.variants.map((v) => [v.id, v.label, v.pricePaise, v.stockQuantity])).toEqual([
      [black8.id, 'Size 8 · Black', 139_900, 2],
      ['v6', 'Size 9 · Black', 149_900, 5],
    ]);
    expect(after).toMatchObject({ pricePaise: 139_900, stockQuantity: 7 });
    const price = await seller.raw.patch(`/api/seller/products/${id}`, { pricePaise: 100_00 });
    expectStatus(price, 400);
    expect(price.body.error.fields).toEqual({ pricePaise: VARIANT_MESSAGES.priceOfVariants });
  });

  it('refuses a SKU another of the seller’s products has, but not another seller’s', async () => {
    await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `E-${v.sku}` })) });
    const again = await seller.raw.post('/api/seller/products', {
      ...CHAPPAL,
      variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `E-${v.sku}` })),
    });
    expectStatus(again, 400);
    expect(again.body.error.fields).toEqual({ sku: VARIANT_MESSAGES.skuTaken });
    await listChappal(otherSeller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `E-${v.sku}` })) });
  });

  const [six, eight] = [variant('6', 'Tan', 1), variant('8', 'Tan', 1)];
  it.each([
    [
      {
        options: [
          { name: 'A', values: ['1'] },
          { name: 'B', values: ['1'] },
          { name: 'C', values: ['1'] },
          { name: 'D', values: ['1'] },
        ],
      },
      'options',
      VARIANT_MESSAGES.tooManyOptions,
    ],
    [{ options: 'Size' }, 'options', VARIANT_MESSAGES.optionNameRequired],
    [{ options: [{ name: '', values: ['6'] }] }, 'options.0.name', VARIANT_MESSAGES.optionNameRequired],
    [{ options: [{ name: 'Size', values: [] }] }, 'options.0.values', VARIANT_MESSAGES.valuesRequired],
    [{ options: [{ name: 'Size', values: ['6', ' '] }] }, 'options.0.values.1', VARIANT_MESSAGES.valueRequired],
    [{ options: [{ name: 'Size', values: ['6', '6'] }] }, 'options.0.values.1', VARIANT_MESSAGES.valueRepeated],
    [
      { options: [{ name: 'Size', values: Array.from({ length: 31 }, (_, i) => `${i}`) }] },
      'options.0.values',
      VARIANT_MESSAGES.tooManyValues,
    ],
    [
      {
        options: [
          { name: 'Size', values: ['6'] },
          { name: 'size', values: ['7'] },
        ],
      },
      'options.1.name',
      VARIANT_MESSAGES.optionRepeated,
    ],
    [{ variants: undefined }, 'variants', VARIANT_MESSAGES.variantsRequired],
    [{ variants: [] }, 'variants', VARIANT_MESSAGES.variantsRequired],
    [{ variants: [{ ...six, optionValues: ['6'] }] }, 'variants.0.optionValues', VARIANT_MESSAGES.optionValuesCount],
    [
      { variants: [{ ...six, optionValues: ['5', 'Tan'] }] },
      'variants.0.optionValues.0',
      VARIANT_MESSAGES.unknownValue,
    ],
    [{ variants: [six, { ...six, sku: 'OTHER' }] }, 'variants.1.optionValues', VARIANT_MESSAGES.combinationRepeated],
    [{ variants: [six, { ...eight, sku: six.sku.toLowerCase() }] }, 'variants.1.sku', VARIANT_MESSAGES.skuRepeated],
    [{ variants: [{ ...six, sku: '' }] }, 'variants.0.sku', VARIANT_MESSAGES.skuRequired],
    [{ variants: [{ ...six, sku: 'KC 6' }] }, 'variants.0.sku', VARIANT_MESSAGES.skuInvalid],
    [{ variants: [{ ...six, sku: 'K'.repeat(65) }] }, 'variants.0.sku', VARIANT_MESSAGES.skuTooLong],
    [{ variants: [{ ...six, pricePaise: 0 }] }, 'variants.0.pricePaise', 'Price must be greater than 0'],
    [
      { variants: [{ ...six, originalPricePaise: 100 }] },
      'variants.0.originalPricePaise',
      'Original price must be more than the price',
    ],
    [{ variants: [{ ...six, stockQuantity: -1 }] }, 'variants.0.stockQuantity', 'Stock cannot be negative'],
    [
      { variants: [{ ...six, images: ['not-an-image-of-it'] }] },
      'variants.0.images',
      VARIANT_MESSAGES.variantImageUnknown,
    ],
    [{ options: [], variants: [six] }, 'variants', VARIANT_MESSAGES.variantsWithoutOptions],
    [{ options: [], pricePaise: undefined, stockQuantity: 1 }, 'pricePaise', 'Price must be greater than 0'],
    [{ options: [], pricePaise: 100, stockQuantity: 1, sku: 'a b' }, 'sku', VARIANT_MESSAGES.skuInvalid],
  ])('refuses the listing %j on field %s', async (changes, field, message) => {
    const reply = await seller.raw.post('/api/seller/products', { ...CHAPPAL, ...changes });
    expectStatus(reply, 400);
    expect(reply.body.error.fields[field]).toBe(message);
  });
});

describe('buyers of the last unit of one variant', () => {
  it('let exactly one order through, and leave the other variants as they were', async () => {
    const product = await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `F-${v.sku}` })) });
    const tan8 = variantOf(product, 'Size 8 · Tan');
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyerWith(api, product.id, 1, tan8.id)));
    const replies = await Promise.all(
      buyers.map((buyer) => buyer.api.orders.$post({ header: {}, json: checkoutBody() })),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const reply of replies.filter((r) => r.status === 409))
      expect(reply.body.error.message).toBe('"Kolhapuri Chappal (Size 8 · Tan)" is out of stock');
    await api.settle();
    const after = (await api.platform.read.collection<ProductDoc>(PRODUCTS).get(product.id))!;
    expect(after.variants.map((v) => v.stockQuantity)).toEqual([4, 4, 0, 2, 3]);
  });
});

describe('a wishlist of variants', () => {
  it('saves a variant or the product, and tells each buyer when what they saved is back in stock', async () => {
    const product = await listChappal(seller, { variants: CHAPPAL.variants.map((v) => ({ ...v, sku: `G-${v.sku}` })) });
    const { id } = product;
    const [tan8, black8] = [variantOf(product, 'Size 8 · Tan'), variantOf(product, 'Size 8 · Black')];
    const setStock = async (variantId: string, stockQuantity: number) =>
      expectStatus(
        await seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity, variantId } }),
        200,
      );
    await setStock(tan8.id, 0);
    await setStock(black8.id, 0);
    const [ofVariant, ofProduct] = await Promise.all([signedIn(api), signedIn(api)]);
    const saved = ok(await ofVariant.api.wishlist.items.$post({ json: { productId: id, variantId: tan8.id } }));
    expect(saved).toMatchObject({ productIds: [id], variants: [{ productId: id, variantId: tan8.id }] });
    ok(await ofProduct.api.wishlist.items.$post({ json: { productId: id } }));
    const unknown = await ofVariant.api.wishlist.items.$post({ json: { productId: id, variantId: 'v99' } });
    expectStatus(unknown, 404);
    const empty = await ofVariant.raw.post('/api/wishlist/items', { productId: id, variantId: '' });
    expectStatus(empty, 400);
    expect(empty.body.error.fields).toEqual({ variantId: VARIANT_MESSAGES.variantRequired });
    await api.settle();
    const listed = ok(await ofVariant.api.wishlist.$get());
    expect(listed.items[0]).toMatchObject({
      productId: id,
      variantId: tan8.id,
      product: { variantLabel: 'Size 8 · Tan', stockQuantity: 0, pricePaise: 149_900, asksFirst: null },
    });
    // Saved as a whole, Add to Cart must ask for a variant first.
    expect(ok(await ofProduct.api.wishlist.$get()).items[0]).toMatchObject({
      variantId: null,
      product: { variantLabel: '', asksFirst: 'variant' },
    });

    await setStock(black8.id, 4);
    await api.settle();
    await setStock(tan8.id, 2);
    await api.settle();
    const titles = async (client: Client) =>
      ok(await client.api.wishlist.notifications.$get({ query: {} })).items.map((item) => item.title);
    expect(await titles(ofVariant)).toEqual(['Back in stock: Kolhapuri Chappal (Size 8 · Tan)']);
    expect(await titles(ofProduct)).toEqual([
      'Back in stock: Kolhapuri Chappal (Size 8 · Tan)',
      'Back in stock: Kolhapuri Chappal (Size 8 · Black)',
    ]);
    const removed = ok(
      await ofVariant.api.wishlist.items[':productId'].$delete({
        param: { productId: id },
        query: { variantId: tan8.id },
      }),
    );
    expect(removed).toMatchObject({ productIds: [], variants: [] });
  });

  it('tells a buyer who saved a variant of its own price drop, one who saved the product of the product’s', async () => {
    const skus = CHAPPAL.variants.map((v) => ({ ...v, sku: `H-${v.sku}` }));
    const product = await listChappal(seller, { variants: skus });
    const { id } = product;
    const [ofNine, ofSix, ofProduct] = await Promise.all([signedIn(api), signedIn(api), signedIn(api)]);
    const save = async (client: Client, label?: string) => {
      const variantId = label && variantOf(product, label).id;
      ok(await client.api.wishlist.items.$post({ json: { productId: id, ...(variantId && { variantId }) } }));
    };
    await Promise.all([save(ofNine, 'Size 9 · Tan'), save(ofSix, 'Size 6 · Tan'), save(ofProduct)]);
    await api.settle();
    const reprice = async (size: string, pricePaise: number) => {
      const variants = skus.map((v) => (v.optionValues.join() === `${size},Tan` ? { ...v, pricePaise } : v));
      expectStatus(await seller.raw.patch(`/api/seller/products/${id}`, { variants }), 200);
      await api.settle();
    };
    const told = async (client: Client) =>
      ok(await client.api.wishlist.notifications.$get({ query: {} })).items.map(({ title, body }) => [title, body]);

    // The size 9 is cheaper; the product's lowest price stays.
    await reprice('9', 159_900);
    expect(await told(ofNine)).toEqual([
      ['Price drop: Kolhapuri Chappal (Size 9 · Tan)', 'Now ₹1,599.00, was ₹1,699.00.'],
    ]);
    expect(await told(ofSix)).toEqual([]);
    expect(await told(ofProduct)).toEqual([]);
    // The size 6 is cheaper than any: so is the product.
    skus[0] = { ...skus[0]!, pricePaise: 139_900 };
    await reprice('6', 139_900);
    expect(await told(ofSix)).toEqual([
      ['Price drop: Kolhapuri Chappal (Size 6 · Tan)', 'Now ₹1,399.00, was ₹1,499.00.'],
    ]);
    expect(await told(ofProduct)).toEqual([['Price drop: Kolhapuri Chappal', 'Now ₹1,399.00, was ₹1,499.00.']]);
    expect(await told(ofNine)).toHaveLength(1);
  });
});
