import { describe, expect, it } from 'vitest';
import { catalogImportDecider } from '../../domain/catalog-import/import.ts';
import { CATALOG_COLUMNS } from '../../domain/catalog-import/rows.ts';
import { MAX_CATALOG_FILE_BYTES } from '../catalog-import/file.ts';
import { type Client, errorOf, expectStatus } from '../testing/harness.ts';
import { catalogRowWriter } from '../catalog-import/apply.ts';
import { type Handler, startImageServer, testFetcher } from '../images/image-server.fixtures.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { listProduct, reserve, twoSellers } from './catalog.fixtures.ts';

const { api, seller, otherSeller } = await twoSellers();
const buyer = await api.signUp({ role: 'buyer' });

const HEADER = CATALOG_COLUMNS.join(',');
const csvFile = (text: string, name = 'catalog.csv') => new File([text], name, { type: 'text/csv' });
const check = (client: Client, file: File) => client.api.seller.catalog.imports.$post({ form: { file } });
const imports = (client: Client) => client.api.seller.catalog.imports[':id'];

/** A row of the catalog's columns: a product in Textiles unless told otherwise. */
const row = (fields: Partial<Record<(typeof CATALOG_COLUMNS)[number], string>>) =>
  CATALOG_COLUMNS.map((column) => {
    const value =
      fields[column] ??
      (
        {
          name: 'Ikat cushion cover',
          description: 'Handwoven ikat cotton, 40 cm square.',
          price: '650',
          stock: '5',
          category: 'textiles',
        } as Record<string, string>
      )[column] ??
      '';
    return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');

describe('GET /api/seller/catalog/csv', () => {
  it("downloads the seller's own catalog, a row per product, text guarded against formulas", async () => {
    const { id } = await listProduct(seller, { name: '=HYPERLINK("https://evil.test")', pricePaise: 149_950 });
    await listProduct(otherSeller, { name: 'Not mine' });
    const reply = await seller.api.seller.catalog.csv.$get();
    expectStatus(reply, 200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toMatch(
      /^attachment; filename="mibi-catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = reply.body.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    const mine = lines.find((line) => line.startsWith(id))!;
    expect(mine).toContain(`"'=HYPERLINK(""https://evil.test"")"`);
    expect(mine).toContain(',1499.50,');
    expect(lines.some((line) => line.includes('Not mine'))).toBe(false);
  });

  it('is for sellers only', async () => {
    expect((await api.anonymous().raw.get('/api/seller/catalog/csv')).status).toBe(401);
    expect((await buyer.raw.get('/api/seller/catalog/csv')).status).toBe(403);
  });
});

describe('a catalog import', () => {
  it('checks the file row by row without changing anything, then imports it once confirmed', async () => {
    const { id: shawlId } = await listProduct(seller, {
      name: 'Pashmina shawl',
      description: 'Handwoven ikat cotton, 40 cm square.',
      pricePaise: 500_000,
      originalPricePaise: null,
      tags: [],
      stockQuantity: 3,
    });
    const { id: othersId } = await listProduct(otherSeller, { name: 'Cardamom' });
    await api.settle(); // the dry run compares the rows with the seller's products as the read model has them
    const file = [
      HEADER,
      row({ name: 'Ikat cushion cover', tags: 'ikat, cotton' }),
      row({ product_id: shawlId, name: 'Pashmina shawl', price: '4500', stock: '7', category: 'textiles' }),
      row({ name: '', price: 'abc' }),
      row({ product_id: othersId, name: 'Cardamom' }),
      row({ name: 'Brass lamp', category: 'lamps' }),
    ].join('\n');
    const checked = await check(seller, csvFile(file));
    expectStatus(checked, 201);
    const report = checked.body;
    expect(report.counts).toEqual({ create: 1, update: 1, unchanged: 0, refuse: 3 });
    expect(report.rows.map(({ row, action }) => [row, action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'refuse'],
      [5, 'refuse'],
      [6, 'refuse'],
    ]);
    expect(report.rows[1]!.changes).toEqual([
      { field: 'Price', before: '₹5,000.00', after: '₹4,500.00' },
      { field: 'Stock', before: '3', after: '7' },
    ]);
    // The product form's own words.
    expect(report.rows[2]!.problems).toEqual([
      { column: 'name', message: 'Product name is required' },
      { column: 'price', message: 'Enter an amount in rupees, like 499.50' },
    ]);
    expect(report.rows[3]!.problems).toEqual([{ column: 'product_id', message: 'No product of yours has this id' }]);
    expect(report.rows[4]!.problems).toEqual([{ column: 'category', message: 'Choose one of the categories' }]);

    // Nothing changed yet; the import waits for its seller.
    const pending = await seller
      .after(report.position)
      .seller.catalog.imports[':id'].$get({ param: { id: report.id } });
    expectStatus(pending, 200);
    expect(pending.body).toMatchObject({ status: 'checked', total: 5, done: 0 });
    const shawl = await seller.api.products[':id'].$get({ param: { id: shawlId } });
    expectStatus(shawl, 200);
    expect(shawl.body.pricePaise).toBe(500_000);

    // Another seller cannot confirm or read it.
    expectStatus(await imports(otherSeller).confirm.$post({ param: { id: report.id } }), 404);
    expectStatus(
      await otherSeller.after(report.position).seller.catalog.imports[':id'].$get({ param: { id: report.id } }),
      404,
    );

    const confirmed = await imports(seller).confirm.$post({ param: { id: report.id } });
    expectStatus(confirmed, 202);
    await api.settle();
    const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: report.id } });
    expectStatus(done, 200);
    expect(done.body).toMatchObject({
      status: 'finished',
      total: 5,
      done: 5,
      counts: { created: 1, updated: 1, unchanged: 0, refused: 3 },
    });
    expect(done.body.notes.map(({ row, outcome, message }) => [row, outcome, message])).toEqual([
      [4, 'refused', 'name: Product name is required; price: Enter an amount in rupees, like 499.50'],
      [5, 'refused', 'product_id: No product of yours has this id'],
      [6, 'refused', 'category: Choose one of the categories'],
    ]);

    const products = await seller.api.seller.products.$get();
    expectStatus(products, 200);
    const cushion = products.body.items.find((product) => product.name === 'Ikat cushion cover')!;
    expect(cushion).toMatchObject({
      pricePaise: 65_000,
      stockQuantity: 5,
      categoryId: 'textiles',
      tags: ['ikat', 'cotton'],
    });
    expect(products.body.items.find((product) => product.id === shawlId)).toMatchObject({
      pricePaise: 450_000,
      stockQuantity: 7,
    });
    const othersProduct = await otherSeller.api.products[':id'].$get({ param: { id: othersId } });
    expectStatus(othersProduct, 200);
    expect(othersProduct.body.name).toBe('Cardamom');

    // Each product's history says so.
    const history = await seller.api.seller.products[':id'].history.$get({ param: { id: shawlId } });
    expectStatus(history, 200);
    expect(history.body.items.map((item) => item.summary)).toContain('Imported: Price: ₹5,000.00 → ₹4,500.00');
    const cushionHistory = await seller.api.seller.products[':id'].history.$get({ param: { id: cushion.id } });
    expectStatus(cushionHistory, 200);
    expect(cushionHistory.body.items[0]!.summary).toBe('Imported: Listed in Textiles at ₹650.00 with 5 in stock');

    // Confirming again changes nothing.
    expectStatus(await imports(seller).confirm.$post({ param: { id: report.id } }), 202);
    await api.settle();
    const again = await seller.api.seller.products.$get();
    expectStatus(again, 200);
    expect(again.body.items.filter((product) => product.name === 'Ikat cushion cover')).toHaveLength(1);
  });

  it('refuses files it cannot read as a catalog, in one sentence (4xx JSON)', async () => {
    const garbage = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe])], 'photo.csv');
    const refusals: [File, string][] = [
      [garbage, 'This file is not CSV text: save the sheet as CSV (UTF-8) and try again'],
      [
        csvFile('sku,title,cost\nA1,Shawl,100\n'),
        'The first row must name the columns; missing: name, description, price, stock, category',
      ],
      [
        csvFile(`${HEADER},colour\n${row({})},red\n`),
        `Unknown columns: colour. The columns are: ${CATALOG_COLUMNS.join(', ')}`,
      ],
      [csvFile(`${HEADER}\n`), 'This file has no rows: the first row names the columns, then one row per product'],
      [csvFile(`${HEADER}\n"unclosed,a\n`), 'A quoted field is never closed: check the quotes in the file'],
    ];
    for (const [file, message] of refusals) {
      const reply = await check(seller, file);
      expectStatus(reply, 400);
      expect(errorOf(reply)).toMatchObject({ code: 'invalid_catalog_file', message });
    }
    const tooBig = await check(seller, csvFile(`${HEADER}\n${'x'.repeat(MAX_CATALOG_FILE_BYTES + 100)}`));
    expectStatus(tooBig, 413);
    expect(errorOf(tooBig)).toMatchObject({ code: 'file_too_large', message: 'A catalog file must be at most 5 MB' });
    const notAForm = await seller.raw.post('/api/seller/catalog/imports', { json: { file: 'catalog.csv' } });
    expect(notAForm.status).toBe(415);
  });

  it('is for sellers only', async () => {
    expect((await check(buyer, csvFile(`${HEADER}\n${row({})}`))).status).toBe(403);
    expect((await check(api.anonymous(), csvFile(`${HEADER}\n${row({})}`))).status).toBe(401);
    expectStatus(await imports(seller).confirm.$post({ param: { id: 'no-such-import' } }), 404);
  });
});

describe('variants in the catalog file', () => {
  it('exports a row per variant and imports by SKU: a variant changed, one added, a product with options listed from its rows', async () => {
    const { id: chappalId } = await listProduct(seller, {
      name: 'Kolhapuri chappal',
      description: 'Hand-stitched leather sandals from Kolhapur.',
      categoryId: 'handicrafts',
      originalPricePaise: null,
      tags: [],
      options: [
        { name: 'Size', values: ['6', '7'] },
        { name: 'Colour', values: ['Tan'] },
      ],
      variants: [
        { sku: 'CH-6-TAN', optionValues: ['6', 'Tan'], pricePaise: 129_900, stockQuantity: 5 },
        { sku: 'CH-7-TAN', optionValues: ['7', 'Tan'], pricePaise: 139_900, stockQuantity: 3, madeToOrderDays: 10 },
      ],
    });
    await api.settle();
    const exported = await seller.api.seller.catalog.csv.$get();
    expectStatus(exported, 200);
    const chappalRows = exported.body.split('\r\n').filter((line) => line.startsWith(chappalId));
    expect(chappalRows).toHaveLength(2);
    // Each variant's row has the product's made-to-order days (none), then its own (CH-7-TAN's 10).
    expect(chappalRows[0]).toMatch(/,1299\.00,,5,,.*,CH-6-TAN,Size,6,Colour,Tan,,,,$/);
    expect(chappalRows[1]).toMatch(/,1399\.00,,3,,.*,CH-7-TAN,Size,7,Colour,Tan,,,10,$/);

    const chappal = (sku: string, price: string, stock: string, productId = '', days = '') =>
      row({
        variant_made_to_order_days: days,
        product_id: productId,
        name: 'Kolhapuri chappal',
        description: 'Hand-stitched leather sandals from Kolhapur.',
        price,
        stock,
        category: 'handicrafts',
        sku,
        option1_name: 'Size',
        option1_value: sku.split('-')[1]!,
        option2_name: 'Colour',
        option2_value: 'Tan',
      });
    const bangle = (size: string, price: string) =>
      row({
        name: 'Glass bangle',
        description: 'Hand-blown glass bangles from Firozabad.',
        price,
        stock: '10',
        category: 'jewelry',
        sku: `BG-${size}`,
        option1_name: 'Size',
        option1_value: size,
      });
    const file = [
      HEADER,
      chappal('CH-7-TAN', '1499', '10', chappalId, '14'),
      chappal('CH-6-TAN', '1299', '5'),
      chappal('CH-9-TAN', '1599', '2', chappalId),
      chappal('CH-6-B', '1299', '1', chappalId),
      bangle('S', '250'),
      bangle('M', '275'),
      bangle('L', '300'),
      row({ name: 'Clay diya', sku: 'DIYA-1', category: 'handicrafts' }),
    ].join('\n');
    const checked = await check(seller, csvFile(file));
    expectStatus(checked, 201);
    expect(checked.body.rows.map(({ row, action }) => [row, action])).toEqual([
      [2, 'update'],
      [3, 'unchanged'],
      [4, 'update'],
      [5, 'refuse'],
      [6, 'create'],
      [7, 'create'],
      [8, 'create'],
      [9, 'create'],
    ]);
    expect(checked.body.rows[0]!.changes).toEqual([
      { field: 'Price of Size 7 · Tan', before: '₹1,399.00', after: '₹1,499.00' },
      { field: 'Made to order of Size 7 · Tan', before: '10 days', after: '14 days' },
      { field: 'Stock of Size 7 · Tan', before: '3', after: '10' },
    ]);
    expect(checked.body.rows[2]!.changes).toEqual([
      { field: 'New variant Size 9 · Tan', before: '', after: 'SKU CH-9-TAN, ₹1,599.00, stock 2' },
    ]);
    expect(checked.body.rows[3]!.problems).toEqual([
      { column: 'sku', message: 'Size 6 · Tan is already a variant of this product, SKU CH-6-TAN' },
    ]);

    expectStatus(await imports(seller).confirm.$post({ param: { id: checked.body.id } }), 202);
    await api.settle();
    const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: checked.body.id } });
    expectStatus(done, 200);
    expect(done.body.counts).toEqual({ created: 4, updated: 2, unchanged: 1, refused: 1 });

    const products = await seller.api.seller.products.$get();
    expectStatus(products, 200);
    const byName = (name: string) => products.body.items.find((product) => product.name === name)!;
    expect(byName('Kolhapuri chappal').options).toEqual([
      { name: 'Size', values: ['6', '7', '9'] },
      { name: 'Colour', values: ['Tan'] },
    ]);
    expect(
      byName('Kolhapuri chappal').variants.map(({ sku, pricePaise, stockQuantity, madeToOrderDays }) => [
        sku,
        pricePaise,
        stockQuantity,
        madeToOrderDays,
      ]),
    ).toEqual([
      ['CH-6-TAN', 129_900, 5, undefined],
      ['CH-7-TAN', 149_900, 10, 14],
      ['CH-9-TAN', 159_900, 2, undefined],
    ]);
    const bangles = byName('Glass bangle');
    expect(bangles.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(bangles.variants.map(({ sku, pricePaise, stockQuantity }) => [sku, pricePaise, stockQuantity])).toEqual([
      ['BG-S', 25_000, 10],
      ['BG-M', 27_500, 10],
      ['BG-L', 30_000, 10],
    ]);
    expect(products.body.items.filter((product) => product.name === 'Glass bangle')).toHaveLength(1);
    expect(byName('Clay diya').variants[0]!.sku).toBe('DIYA-1');
  });
});

describe("a product with options, its made-to-order days and its variants' own", () => {
  it('reads back its own export unchanged, then changes the product’s days, a variant’s own and its pictures', async () => {
    const upload = async () => {
      const file = new File([Uint8Array.from(tinyPng())], 'shawl.png', { type: 'image/png' });
      const reply = await seller.api.uploads.$post({ form: { file } });
      expectStatus(reply, 201);
      return reply.body;
    };
    const [red, blue] = [await upload(), await upload()];
    const { id: shawlId } = await listProduct(seller, {
      name: 'Kani shawl',
      categoryId: 'textiles',
      originalPricePaise: null,
      tags: [],
      madeToOrderDays: 10,
      images: [red.id, blue.id],
      options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
      variants: [
        { sku: 'KS-RED', optionValues: ['Red'], pricePaise: 900_000, stockQuantity: 1, images: [red.id] },
        { sku: 'KS-BLUE', optionValues: ['Blue'], pricePaise: 900_000, stockQuantity: 1, madeToOrderDays: 20 },
      ],
    });
    await api.settle();
    const exported = await seller.api.seller.catalog.csv.$get();
    expectStatus(exported, 200);
    const lines = exported.body.split('\r\n');
    const shawlRows = lines.filter((line) => line.startsWith(shawlId));
    expect(shawlRows).toHaveLength(2);
    const unchanged = await check(seller, csvFile([lines[0], ...shawlRows].join('\n')));
    expectStatus(unchanged, 201);
    expect(unchanged.body.counts).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 0 });

    // The product's days from 10 to 12; red ships from stock and shows the blue picture.
    const edited = [
      lines[0],
      shawlRows[0]!.replace(',10,', ',12,').replace(`,,${red.url}`, `,0,${blue.url}`),
      shawlRows[1]!.replace(',10,', ',12,'),
    ].join('\n');
    const checked = await check(seller, csvFile(edited));
    expectStatus(checked, 201);
    expect(checked.body.rows.map(({ changes }) => changes)).toEqual([
      [
        { field: 'Made to order', before: '10 days', after: '12 days' },
        { field: 'Made to order of Red', before: "the product's", after: 'ships from stock' },
        { field: 'Images of Red', before: 'image 1', after: 'image 2' },
      ],
      [{ field: 'Made to order', before: '10 days', after: '12 days' }],
    ]);
    expectStatus(await imports(seller).confirm.$post({ param: { id: checked.body.id } }), 202);
    await api.settle();
    const product = await seller.api.products[':id'].$get({ param: { id: shawlId } });
    expectStatus(product, 200);
    expect(product.body.madeToOrderDays).toBe(12);
    expect(
      product.body.variants.map(({ sku, madeToOrderDays, imageUrls }) => [sku, madeToOrderDays, imageUrls]),
    ).toEqual([
      ['KS-RED', null, [blue.url]],
      ['KS-BLUE', 20, []],
    ]);
    const again = await seller.api.seller.catalog.csv.$get();
    expectStatus(again, 200);
    const reread = again.body.split('\r\n').filter((line) => line.startsWith(shawlId));
    const roundTrip = await check(seller, csvFile([lines[0], ...reread].join('\n')));
    expectStatus(roundTrip, 201);
    expect(roundTrip.body.counts).toEqual({ create: 0, update: 0, unchanged: 2, refuse: 0 });
  });
});

describe('a SKU asked for by many at once', () => {
  it('goes to exactly one of the products listed at once through the form', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const reply = await seller.api.seller.products.$post({
          json: {
            name: `Madhubani painting ${i}`,
            description: 'Hand-painted on handmade paper.',
            pricePaise: 250_000,
            originalPricePaise: null,
            stockQuantity: 1,
            categoryId: 'handicrafts',
            tags: [],
            sku: 'MADHU-1',
          },
        });
        return reply.status === 201 ? 'listed' : errorOf(reply).message;
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'listed')).toHaveLength(1);
    expect(new Set(outcomes.filter((outcome) => outcome !== 'listed'))).toEqual(
      new Set(['Another of your products has this SKU']),
    );
  });
});

describe("variants' pictures by address", () => {
  it('are among the images the row gives, each fetched once through the safe fetch', async () => {
    const png: Handler = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng());
    const images = await startImageServer({ '/red.png': png, '/blue.png': png });
    const saved = (api.ctx as { remoteImages?: unknown }).remoteImages;
    // The fetcher of the tests may reach their image server on 127.0.0.1; production's may not.
    Object.assign(api.ctx, { remoteImages: testFetcher() });
    try {
      const [red, blue] = [images.url('/red.png'), images.url('/blue.png')];
      const bangle = (size: string, pictures: string) =>
        row({
          name: 'Lac bangle',
          category: 'jewelry',
          image_urls: `${red} ${blue}`,
          sku: `LAC-${size}`,
          option1_name: 'Size',
          option1_value: size,
          variant_image_urls: pictures,
        });
      const file = [HEADER, bangle('S', ''), bangle('M', blue), bangle('L', 'https://images.test/other.png')];
      const checked = await check(seller, csvFile(file.join('\n')));
      expectStatus(checked, 201);
      expect(checked.body.rows[2]!.problems).toEqual([
        { column: 'variant_image_urls', message: "A variant's images must be among the product's images" },
      ]);
      // Without the refused row, the product is listed: by this process's writer, whose fetcher
      // reaches the test server (the job finds the rows done, by their marks, and records them).
      const listed = await check(seller, csvFile(file.slice(0, 3).join('\n')));
      expectStatus(listed, 201);
      const importId = listed.body.id;
      const { rows } = (await api.ctx.streams.load(`catalog-import-${importId}`, catalogImportDecider)).state!;
      const write = await catalogRowWriter(api.ctx)({ importId, sellerId: seller.user!.id }, rows);
      expect(await write(2)).toMatchObject({ outcome: 'created', message: null });
      expectStatus(await imports(seller).confirm.$post({ param: { id: importId } }), 202);
      await api.settle();
      const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: importId } });
      expectStatus(done, 200);
      expect(done.body).toMatchObject({ status: 'finished', notes: [] });
      const products = await seller.api.seller.products.$get();
      expectStatus(products, 200);
      const lac = products.body.items.find((product) => product.name === 'Lac bangle')!;
      expect(lac.images).toHaveLength(2);
      expect(lac.variants.map(({ sku, imageUrls }) => [sku, imageUrls])).toEqual([
        ['LAC-S', []],
        ['LAC-M', [lac.images[1]!.url]],
      ]);
      expect(lac.images[1]!.url).toMatch(/^\/media\/products\//);
      expect(images.requests.sort()).toEqual(['/blue.png', '/red.png']);
    } finally {
      Object.assign(api.ctx, { remoteImages: saved });
      await images.close();
    }
  });
});

describe('rows of one file adding to one product', () => {
  it('refuses the second row adding a combination the first adds, in the dry run and the import', async () => {
    const { id: jootiId } = await listProduct(seller, {
      name: 'Punjabi jooti',
      categoryId: 'handicrafts',
      originalPricePaise: null,
      tags: [],
      options: [{ name: 'Size', values: ['6'] }],
      variants: [{ sku: 'JT-6', optionValues: ['6'], pricePaise: 99_900, stockQuantity: 2 }],
    });
    await api.settle();
    const jooti = (sku: string, size: string) =>
      row({
        product_id: jootiId,
        name: 'Punjabi jooti',
        category: 'handicrafts',
        sku,
        option1_name: 'Size',
        option1_value: size,
      });
    const file = [HEADER, jooti('JT-7', '7'), jooti('JT-7B', '7')].join('\n');
    const checked = await check(seller, csvFile(file));
    expectStatus(checked, 201);
    expect(checked.body.rows.map(({ action, problems }) => [action, problems])).toEqual([
      ['update', []],
      ['refuse', [{ column: 'option1_value', message: 'Size 7 is already added to this product by row 2' }]],
    ]);
    expectStatus(await imports(seller).confirm.$post({ param: { id: checked.body.id } }), 202);
    await api.settle();
    const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: checked.body.id } });
    expectStatus(done, 200);
    expect(done.body.notes.map(({ row, message }) => [row, message])).toEqual([
      [3, 'option1_value: Size 7 is already added to this product by row 2'],
    ]);
    const product = await seller.api.products[':id'].$get({ param: { id: jootiId } });
    expectStatus(product, 200);
    expect(product.body.variants.map((variant) => variant.sku)).toEqual(['JT-6', 'JT-7']);
  });
});

describe('an import interrupted', () => {
  it('applies each row once: rows done before a crash but not recorded are found done, not done again', async () => {
    const { id: lampId } = await listProduct(seller, {
      name: 'Brass lamp',
      stockQuantity: 2,
      originalPricePaise: null,
    });
    await api.settle();
    const file = [
      HEADER,
      row({ name: 'Bidriware box' }),
      row({ product_id: lampId, name: 'Brass lamp', stock: '30', description: 'Handwoven ikat cotton, 40 cm square.' }),
      row({ name: 'Dhokra horse' }),
    ].join('\n');
    const checked = await check(seller, csvFile(file));
    expectStatus(checked, 201);
    const importId = checked.body.id;
    // The job as it ran before a crash: its writer applied rows 2 and 3, then the process died
    // before recording them in the import's stream.
    const { rows } = (await api.ctx.streams.load(`catalog-import-${importId}`, catalogImportDecider)).state!;
    const crashed = await catalogRowWriter(api.ctx)({ importId, sellerId: seller.user!.id }, rows);
    await crashed(2);
    await crashed(3);
    // A buyer takes one lamp meanwhile: the import's stock of 30 was set before the sale, not after.
    await reserve(api, lampId, 1);
    // The job runs again (after the restart: the same job, taken from the durable queue).
    expectStatus(await imports(seller).confirm.$post({ param: { id: importId } }), 202);
    await api.settle();

    const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: importId } });
    expectStatus(done, 200);
    expect(done.body).toMatchObject({
      status: 'finished',
      counts: { created: 2, updated: 1, unchanged: 0, refused: 0 },
    });
    const products = await seller.api.seller.products.$get();
    expectStatus(products, 200);
    expect(products.body.items.filter((product) => product.name === 'Bidriware box')).toHaveLength(1);
    expect(products.body.items.find((product) => product.id === lampId)!.stockQuantity).toBe(29);
    const history = await seller.api.seller.products[':id'].history.$get({ param: { id: lampId } });
    expectStatus(history, 200);
    // One application of row 3 (its price, its content for review, its stock), none after the sale.
    expect(
      history.body.items.filter((item) => item.summary.startsWith('Imported')).map((item) => item.summary),
    ).toEqual([
      'Imported: Price: ₹12,500.00 → ₹650.00',
      'Imported: Changes sent for review: Description: Handwoven pure silk saree with zari work. → Handwoven ikat cotton, 40 cm square.; Tags: silk, handloom → none',
      'Imported: Stock adjusted from 2 to 30',
    ]);
  });
});

describe('images in the catalog file', () => {
  it('takes the seller’s own images by address and fetches others only through the safe fetch', async () => {
    const upload = async (client: Client) => {
      const file = new File([Uint8Array.from(tinyPng())], 'diya.png', { type: 'image/png' });
      const reply = await client.api.uploads.$post({ form: { file } });
      expectStatus(reply, 201);
      return reply.body.url;
    };
    const [mine, theirs] = [await upload(seller), await upload(otherSeller)];
    const file = [
      HEADER,
      row({ name: 'Painted diya', image_urls: mine }),
      row({ name: 'Borrowed diya', image_urls: theirs }),
      row({ name: 'Loopback diya', image_urls: 'https://127.0.0.1/diya.png' }),
      row({ name: 'Plain http diya', image_urls: 'http://example.in/diya.png' }),
    ].join('\n');
    const checked = await check(seller, csvFile(file));
    expectStatus(checked, 201);
    expect(checked.body.rows[3]!.problems).toEqual([
      { column: 'image_urls', message: 'Image URL must start with https://' },
    ]);
    expectStatus(await imports(seller).confirm.$post({ param: { id: checked.body.id } }), 202);
    await api.settle();
    const done = await seller.api.seller.catalog.imports[':id'].$get({ param: { id: checked.body.id } });
    expectStatus(done, 200);
    expect(done.body.notes.map(({ name, message }) => [name, message])).toEqual([
      ['Borrowed diya', 'image_urls: Each image must be one you uploaded'],
      // The server never fetches from a private address, loopback included.
      ['Loopback diya', 'image_urls: Image URL must point to a public website'],
      ['Plain http diya', 'image_urls: Image URL must start with https://'],
    ]);
    const products = await seller.api.seller.products.$get();
    expectStatus(products, 200);
    expect(products.body.items.find((product) => product.name === 'Painted diya')!.imageUrl).toBe(mine);
  });
});
