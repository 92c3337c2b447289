/**
 * Issue 26's done-when: a 2,000-row CSV, checked then confirmed, gives the products it describes,
 * with a report of the rows refused; a verified product's content changes wait for review.
 * AUTO_VERIFY is off here, as on a marketplace in use.
 */
import { afterAll, expect, it } from 'vitest';
import { CATALOG_COLUMNS } from '../../domain/catalog-import/rows.ts';
import { expectStatus, startTestApi } from '../testing/harness.ts';
import { listProduct, onProduct } from './catalog.fixtures.ts';

const api = await startTestApi({ AUTO_VERIFY: 'false' });
afterAll(() => api.close());
const seller = await api.signUp({ role: 'seller', fullName: 'Channapatna Toys' });

const NEW_ROWS = 1_992;
const quoted = (field: string) => (field.includes(',') ? `"${field}"` : field);
const line = (fields: Record<string, string>) =>
  CATALOG_COLUMNS.map((column) => quoted(fields[column] ?? '')).join(',');
const toy = (i: number) =>
  line({
    name: `Lacquered wooden toy ${i}`,
    description: 'Turned ivory-wood toy, coloured with vegetable lacquer.',
    price: `${200 + (i % 300)}.50`,
    stock: String(i % 40),
    category: 'handicrafts',
    tags: 'toys, channapatna',
  });

it('imports a 2,000-row file: the products it describes, the refused rows reported, review kept for verified products', async () => {
  const { id: verifiedId } = await listProduct(seller, {
    name: 'Rocking horse',
    pricePaise: 250_000,
    categoryId: 'handicrafts',
  });
  const { id: pendingId } = await listProduct(seller, {
    name: 'Spinning top',
    pricePaise: 15_000,
    categoryId: 'handicrafts',
  });
  await onProduct(api, verifiedId, {
    type: 'VerifyProduct',
    actor: { userId: 'admin', roles: ['admin'] },
    at: new Date().toISOString(),
  });
  await api.settle();
  const keep = {
    description: 'Handwoven silk saree with zari border.',
    category: 'handicrafts',
    tags: 'silk, handloom',
  };
  const refused = [
    line({ name: '', description: 'No name here at all.', price: '100', stock: '1', category: 'handicrafts' }),
    line({
      name: 'Bad price',
      description: 'A price that is not one.',
      price: '12.345',
      stock: '1',
      category: 'handicrafts',
    }),
    line({
      name: 'Unknown category',
      description: 'Somewhere else entirely.',
      price: '100',
      stock: '1',
      category: 'toys',
    }),
    line({
      name: 'Insecure image',
      description: 'An image over plain http.',
      price: '100',
      stock: '1',
      category: 'handicrafts',
      image_urls: 'http://example.in/a.jpg',
    }),
    line({
      product_id: 'not-a-product',
      name: 'Ghost',
      description: 'No such product of ours.',
      price: '100',
      stock: '1',
      category: 'handicrafts',
    }),
  ];
  const file = [
    CATALOG_COLUMNS.join(','),
    ...Array.from({ length: NEW_ROWS }, (_, i) => toy(i + 1)),
    // A verified product: its price changes at once, its new name waits for review.
    line({
      product_id: verifiedId,
      name: 'Rocking horse, large',
      price: '2250',
      original_price: '3000',
      stock: '4',
      ...keep,
    }),
    line({ product_id: pendingId, name: 'Spinning top', price: '175', original_price: '3000', stock: '9', ...keep }),
    ...refused,
    line({ product_id: pendingId, name: 'Spinning top again', price: '180', stock: '9', ...keep }),
  ].join('\r\n');
  expect(file.split('\r\n')).toHaveLength(1 + 2_000);

  const checked = await seller.api.seller.catalog.imports.$post({
    form: { file: new File([file], 'toys.csv', { type: 'text/csv' }) },
  });
  expectStatus(checked, 201);
  expect(checked.body.counts).toEqual({ create: NEW_ROWS, update: 2, unchanged: 0, refuse: 6 });
  const review = checked.body.rows.find((row) => row.productId === verifiedId)!;
  expect(review).toMatchObject({ action: 'update', review: true });

  const confirmed = await seller.api.seller.catalog.imports[':id'].confirm.$post({ param: { id: checked.body.id } });
  expectStatus(confirmed, 202);
  await api.settle();

  const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: checked.body.id } });
  expectStatus(done, 200);
  expect(done.body).toMatchObject({
    status: 'finished',
    total: 2_000,
    done: 2_000,
    counts: { created: NEW_ROWS, updated: 2, unchanged: 0, refused: 6 },
  });
  expect(done.body.notes.map(({ row, outcome }) => [row, outcome])).toEqual([
    [1_994, 'updated'],
    [1_996, 'refused'],
    [1_997, 'refused'],
    [1_998, 'refused'],
    [1_999, 'refused'],
    [2_000, 'refused'],
    [2_001, 'refused'],
  ]);
  expect(done.body.notes[0]!.message).toMatch(/name.*wait.*review/i);
  expect(done.body.notes.at(-1)!.message).toBe('product_id: This product is already in row 1995');

  const products = await seller.api.seller.products.$get();
  expectStatus(products, 200);
  expect(products.body.items).toHaveLength(NEW_ROWS + 2);
  const byName = new Map(products.body.items.map((product) => [product.name, product]));
  expect(byName.get('Lacquered wooden toy 1234')).toMatchObject({
    pricePaise: (200 + (1234 % 300)) * 100 + 50,
    stockQuantity: 1234 % 40,
    tags: ['toys', 'channapatna'],
    verification: 'pending',
  });
  const horse = products.body.items.find((product) => product.id === verifiedId)!;
  expect(horse).toMatchObject({
    name: 'Rocking horse',
    pricePaise: 225_000,
    stockQuantity: 4,
    hasPendingRevision: true,
  });
  expect(horse.pendingRevision?.after.name).toBe('Rocking horse, large');
});
