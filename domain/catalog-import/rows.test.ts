import { describe, expect, it } from 'vitest';
import { CATALOG_COLUMNS, type CatalogRowText, catalogCsv, checkHeader, checkRow, rowText } from './rows.ts';

const text = (fields: Partial<CatalogRowText>): CatalogRowText => ({
  ...rowText([...CATALOG_COLUMNS], []),
  name: 'Kolhapuri chappal',
  description: 'Hand-stitched leather sandals from Kolhapur.',
  price: '1299.50',
  stock: '12',
  category: 'handicrafts',
  ...fields,
});

describe('a catalog row', () => {
  it('reads into a product: rupees to paise, tags split, the GST rate in percent, images by spaces', () => {
    const checked = checkRow(
      text({
        original_price: '1500',
        tags: 'leather, handmade, ',
        hsn: '6403',
        gst_rate: '5%',
        made_to_order_days: '7',
        image_urls: 'https://example.in/a.jpg  /media/products/s/u/1024.webp',
      }),
    );
    expect(checked).toEqual({
      ok: true,
      product: {
        productId: null,
        name: 'Kolhapuri chappal',
        description: 'Hand-stitched leather sandals from Kolhapur.',
        pricePaise: 129_950,
        originalPricePaise: 150_000,
        stockQuantity: 12,
        madeToOrderDays: 7,
        categoryId: 'handicrafts',
        tags: ['leather', 'handmade'],
        tax: { hsn: '6403', gstRateBps: 500 },
        imageUrls: ['https://example.in/a.jpg', '/media/products/s/u/1024.webp'],
        sku: null,
        options: [],
        variantMadeToOrderDays: undefined,
        variantImageUrls: [],
      },
    });
  });

  it("reads a variant's own columns: its days (0 ships from stock, empty the product's) and its pictures among the row's", () => {
    const variant = (fields: Partial<CatalogRowText>) =>
      checkRow(
        text({
          sku: 'KC-8',
          option1_name: 'Size',
          option1_value: '8',
          image_urls: '/media/a.webp /media/b.webp',
          ...fields,
        }),
      );
    const own = (fields: Partial<CatalogRowText>) => {
      const checked = variant(fields);
      return checked.ok ? [checked.product.variantMadeToOrderDays, checked.product.variantImageUrls] : checked.problems;
    };
    expect(own({ variant_made_to_order_days: '0', variant_image_urls: '/media/b.webp' })).toEqual([
      null,
      ['/media/b.webp'],
    ]);
    expect(own({ variant_made_to_order_days: '12' })).toEqual([12, []]);
    expect(own({})).toEqual([undefined, []]);
    expect(own({ variant_made_to_order_days: '91', variant_image_urls: '/media/c.webp' })).toEqual([
      {
        column: 'variant_made_to_order_days',
        message: 'Made-to-order days must be a whole number from 1 to 90, or 0 when this variant ships from stock',
      },
      { column: 'variant_image_urls', message: "A variant's images must be among the product's images" },
    ]);
    const single = checkRow(text({ variant_made_to_order_days: '3' }));
    expect(single.ok || single.problems).toEqual([
      {
        column: 'variant_made_to_order_days',
        message: 'Only the row of a variant (with options) has variant columns',
      },
    ]);
  });

  it("leaves the tax to the category's defaults when both its columns are empty", () => {
    const checked = checkRow(text({ product_id: ' 6f1c2e1a ' }));
    expect(checked.ok && checked.product).toMatchObject({ productId: '6f1c2e1a', tax: null, madeToOrderDays: null });
  });

  it("is refused with the product form's messages, by column", () => {
    expect(
      checkRow(
        text({
          name: '',
          description: 'short',
          price: '-5',
          original_price: '10',
          stock: '2.5',
          hsn: '12',
          gst_rate: 'lots',
          made_to_order_days: '120',
        }),
      ),
    ).toEqual({
      ok: false,
      problems: [
        { column: 'name', message: 'Product name is required' },
        { column: 'description', message: 'Description must be at least 10 characters' },
        { column: 'price', message: 'Price must be greater than 0' },
        { column: 'stock', message: 'Stock must be a whole number' },
        { column: 'hsn', message: 'HSN code must be 4, 6 or 8 digits, not starting with 00' },
        { column: 'gst_rate', message: 'Choose a GST rate' },
        { column: 'made_to_order_days', message: 'Made-to-order days must be a whole number from 1 to 90' },
      ],
    });
    expect(checkRow(text({ price: '500', original_price: '400' }))).toEqual({
      ok: false,
      problems: [{ column: 'original_price', message: 'Original price must be more than the price' }],
    });
  });

  it('takes images from https addresses or our own paths only, at most six, each once', () => {
    const problem = (image_urls: string) => {
      const checked = checkRow(text({ image_urls }));
      return checked.ok ? null : checked.problems;
    };
    expect(problem('http://example.in/a.jpg')).toEqual([
      { column: 'image_urls', message: 'Image URL must start with https://' },
    ]);
    expect(problem('not-a-url')).toEqual([{ column: 'image_urls', message: 'Image URL must be a valid URL' }]);
    expect(problem('https://a.in/1.jpg https://a.in/1.jpg')).toEqual([
      { column: 'image_urls', message: 'Each image can be added once' },
    ]);
    expect(problem(Array.from({ length: 7 }, (_, i) => `https://a.in/${i}.jpg`).join(' '))).toEqual([
      { column: 'image_urls', message: 'A product can have at most 6 images' },
    ]);
  });

  it('reads the columns in any order and case, and what the export guarded against formulas as typed', () => {
    const row = rowText([' Name', 'PRICE', 'description'], ["'=SUM(A1)", '100', "'-10% off"]);
    expect(row).toMatchObject({ name: '=SUM(A1)', price: '100', description: '-10% off', stock: '' });
  });
});

describe('the header', () => {
  it('names every required column, none unknown, none twice', () => {
    expect(checkHeader([...CATALOG_COLUMNS])).toEqual({ ok: true });
    expect(checkHeader(['name', 'description', 'price', 'stock', 'category'])).toEqual({ ok: true });
    expect(checkHeader(['name', 'price'])).toEqual({
      ok: false,
      message: 'The first row must name the columns; missing: description, stock, category',
    });
    expect(checkHeader(['name', 'description', 'price', 'stock', 'category', 'colour'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Unknown columns: colour\. The columns are: product_id, name, /),
    });
    expect(checkHeader(['name', 'name', 'description', 'price', 'stock', 'category'])).toEqual({
      ok: false,
      message: 'Columns named twice: name',
    });
  });
});

describe('the export', () => {
  it('writes a row per product under the header (RFC 4180), text guarded against formulas, that reads back as it was', () => {
    const csv = catalogCsv([
      {
        id: 'p-1',
        name: '=HYPERLINK("https://evil.test")',
        description: 'Two lines,\nwith "quotes".',
        pricePaise: 129_950,
        originalPricePaise: null,
        stockQuantity: 4,
        madeToOrderDays: 10,
        categoryId: 'textiles',
        tags: ['silk', 'handloom'],
        tax: { hsn: '5007', gstRateBps: 1250 },
        images: [{ url: '/media/products/s/u/1024.webp' }],
        options: [],
        variants: [
          {
            sku: 'SAREE-1',
            optionValues: [],
            pricePaise: 129_950,
            originalPricePaise: null,
            stockQuantity: 4,
            imageUrls: [],
          },
        ],
      },
    ]);
    expect(csv).toBe(
      `${CATALOG_COLUMNS.join(',')}\r\n` +
        `p-1,"'=HYPERLINK(""https://evil.test"")","Two lines,\nwith ""quotes"".",1299.50,,4,10,textiles,"silk, handloom",5007,12.50,/media/products/s/u/1024.webp,SAREE-1,,,,,,,,\r\n`,
    );
  });
});
