import { describe, expect, it } from 'vitest';
import { type ExistingProduct, planRows } from './plan.ts';
import { CATALOG_COLUMNS, type CatalogRowText, rowText } from './rows.ts';

const row = (fields: Partial<CatalogRowText>): CatalogRowText => ({
  ...rowText([...CATALOG_COLUMNS], []),
  name: 'Kolhapuri chappal',
  description: 'Hand-stitched leather sandals from Kolhapur.',
  price: '1299',
  stock: '12',
  category: 'handicrafts',
  ...fields,
});

const CHAPPAL: ExistingProduct = {
  id: 'p-1',
  name: 'Kolhapuri chappal',
  description: 'Hand-stitched leather sandals from Kolhapur.',
  pricePaise: 129_900,
  originalPricePaise: null,
  stockQuantity: 12,
  madeToOrderDays: null,
  categoryId: 'handicrafts',
  tags: [],
  tax: { hsn: '6403', gstRateBps: 500 },
  images: [{ url: '/media/products/s/u/1024.webp' }],
  verification: 'verified',
  options: [],
  variants: [
    { sku: '', optionValues: [], pricePaise: 129_900, originalPricePaise: null, stockQuantity: 12, imageUrls: [] },
  ],
};

const NAMES = {
  category: (id: string) => ({ handicrafts: 'Handicrafts', textiles: 'Textiles' })[id] ?? id,
  hasCategory: (id: string) => id === 'handicrafts' || id === 'textiles',
};

const plan = (...rows: CatalogRowText[]) => planRows(rows, new Map([[CHAPPAL.id, CHAPPAL]]), NAMES);

describe('the dry run of an import', () => {
  it('numbers rows as a spreadsheet does and tells a new product from one of the seller’s', () => {
    expect(
      plan(row({}), row({ product_id: 'p-1' })).map(({ row, action, productId }) => ({ row, action, productId })),
    ).toEqual([
      { row: 2, action: 'create', productId: null },
      { row: 3, action: 'unchanged', productId: 'p-1' },
    ]);
  });

  it("lists an update's changes in the form's order, and says a verified product's content changes wait for review", () => {
    const [prices] = plan(row({ product_id: 'p-1', price: '999', stock: '3' }));
    expect(prices).toMatchObject({
      action: 'update',
      review: false,
      changes: [
        { field: 'Price', before: '₹1,299.00', after: '₹999.00' },
        { field: 'Stock', before: '12', after: '3' },
      ],
    });
    const [content] = plan(row({ product_id: 'p-1', name: 'Kolhapuri chappal, tan', category: 'textiles' }));
    expect(content).toMatchObject({
      action: 'update',
      review: true,
      changes: [
        { field: 'Name', before: 'Kolhapuri chappal', after: 'Kolhapuri chappal, tan' },
        { field: 'Category', before: 'Handicrafts', after: 'Textiles' },
      ],
    });
  });

  it('leaves images and tax as they are when their columns are empty, and counts images given', () => {
    const [same] = plan(
      row({ product_id: 'p-1', image_urls: '/media/products/s/u/1024.webp', hsn: '6403', gst_rate: '5' }),
    );
    expect(same!.action).toBe('unchanged');
    const [more] = plan(row({ product_id: 'p-1', image_urls: '/media/products/s/u/1024.webp https://a.in/2.jpg' }));
    expect(more!.changes).toEqual([{ field: 'Images', before: '1 image', after: '2 images' }]);
  });

  it('refuses a row with the reasons: the form’s, an unknown category, a product not the seller’s, one already in the file', () => {
    const rows = plan(
      row({ price: '' }),
      row({ category: 'lamps' }),
      row({ product_id: 'someone-elses' }),
      row({ product_id: 'p-1' }),
      row({ product_id: 'p-1', price: '5' }),
    );
    expect(rows.map(({ action, problems }) => [action, problems])).toEqual([
      ['refuse', [{ column: 'price', message: 'Price must be greater than 0' }]],
      ['refuse', [{ column: 'category', message: 'Choose one of the categories' }]],
      ['refuse', [{ column: 'product_id', message: 'No product of yours has this id' }]],
      ['unchanged', []],
      ['refuse', [{ column: 'product_id', message: 'This product is already in row 5' }]],
    ]);
  });
});

describe('a new SKU for a product with options', () => {
  const SANDAL: ExistingProduct = {
    ...CHAPPAL,
    id: 'p-2',
    options: [
      { name: 'Size', values: ['8', '9'] },
      { name: 'Colour', values: ['Tan'] },
    ],
    variants: [
      {
        sku: 'SN-8-TAN',
        optionValues: ['8', 'Tan'],
        pricePaise: 129_900,
        originalPricePaise: null,
        stockQuantity: 5,
        imageUrls: [],
      },
      {
        sku: 'SN-9-TAN',
        optionValues: ['9', 'Tan'],
        pricePaise: 129_900,
        originalPricePaise: null,
        stockQuantity: 7,
        imageUrls: [],
      },
    ],
    stockQuantity: 12,
  };
  const variantRow = (sku: string, size: string, colour: string, fields: Partial<CatalogRowText> = {}) =>
    row({
      product_id: 'p-2',
      sku,
      option1_name: 'Size',
      option1_value: size,
      option2_name: 'Colour',
      option2_value: colour,
      stock: '4',
      ...fields,
    });
  const planOf = (...rows: CatalogRowText[]) => planRows(rows, new Map([[SANDAL.id, SANDAL]]), NAMES);

  it('adds a variant for a combination the product lacks, new values and all: on a verified product, for review', () => {
    expect(planOf(variantRow('SN-10-TAN', '10', 'tan'))).toEqual([
      expect.objectContaining({
        action: 'update',
        productId: 'p-2',
        changes: [{ field: 'New variant Size 10 · Tan', before: '', after: 'SKU SN-10-TAN, ₹1,299.00, stock 4' }],
        review: true,
      }),
    ]);
  });

  it("tells the product's made-to-order days and a variant's own apart, a variant shipping from stock too", () => {
    const [own, product, fromStock] = planOf(
      variantRow('SN-8-TAN', '8', 'Tan', { stock: '5', variant_made_to_order_days: '12' }),
      variantRow('SN-9-TAN', '9', 'Tan', { stock: '7', made_to_order_days: '10' }),
      variantRow('SN-10-TAN', '10', 'Tan', { made_to_order_days: '10', variant_made_to_order_days: '0' }),
    );
    expect(own).toMatchObject({
      action: 'update',
      changes: [{ field: 'Made to order of Size 8 · Tan', before: "the product's", after: '12 days' }],
    });
    expect(product).toMatchObject({
      action: 'update',
      changes: [{ field: 'Made to order', before: 'none', after: '10 days' }],
    });
    expect(fromStock!.action).toBe('update');
  });

  it("tells a variant's pictures, and refuses pictures that are not among the product's images", () => {
    const [pictures, unknown] = planOf(
      variantRow('SN-8-TAN', '8', 'Tan', { stock: '5', variant_image_urls: '/media/products/s/u/1024.webp' }),
      variantRow('SN-9-TAN', '9', 'Tan', { stock: '7', variant_image_urls: '/media/products/s/other/1024.webp' }),
    );
    expect(pictures).toMatchObject({
      action: 'update',
      changes: [{ field: 'Images of Size 8 · Tan', before: "the product's", after: 'image 1' }],
      review: true,
    });
    expect(unknown!.problems).toEqual([
      { column: 'variant_image_urls', message: "A variant's images must be among the product's images" },
    ]);
  });

  it('refuses a second row adding the same new combination or the same new SKU, naming the first', () => {
    const rows = planOf(
      variantRow('SN-10-TAN', '10', 'Tan'),
      variantRow('SN-10-T', '10', 'tan'),
      variantRow('SN-11-TAN', '11', 'Tan'),
      variantRow('sn-11-tan', '12', 'Tan'),
    );
    expect(rows.map(({ action, problems }) => [action, problems])).toEqual([
      ['update', []],
      ['refuse', [{ column: 'option1_value', message: 'Size 10 · Tan is already added to this product by row 2' }]],
      ['update', []],
      ['refuse', [{ column: 'sku', message: 'This SKU is already in row 4' }]],
    ]);
  });

  it('refuses a new product whose rows give one combination twice, naming the first', () => {
    const bangle = (sku: string, size: string) =>
      row({ name: 'Glass bangle', sku, option1_name: 'Size', option1_value: size });
    const rows = planOf(bangle('BG-S', 'S'), bangle('BG-M', 'M'), bangle('BG-S2', 's'));
    expect(rows.map(({ action, problems }) => [action, problems])).toEqual([
      ['refuse', [{ column: 'name', message: 'Row 4 of this product is refused' }]],
      ['refuse', [{ column: 'name', message: 'Row 4 of this product is refused' }]],
      ['refuse', [{ column: 'option1_value', message: 'S is already added to this product by row 2' }]],
    ]);
  });

  it("refuses a combination another SKU has, and options that are not the product's", () => {
    const rows = planOf(variantRow('SN-8-TAN-2', '8', 'TAN'), variantRow('SN-8', '8', '', { option2_name: '' }));
    expect(rows.map(({ action, problems }) => [action, problems])).toEqual([
      ['refuse', [{ column: 'sku', message: 'Size 8 · Tan is already a variant of this product, SKU SN-8-TAN' }]],
      ['refuse', [{ column: 'option1_name', message: "Give a value of each of this product's options: Size, Colour" }]],
    ]);
  });
});
