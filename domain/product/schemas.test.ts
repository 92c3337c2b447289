import { describe, expect, it } from 'vitest';
import { errorsOf } from '../testing.ts';
import {
  type ProductForm,
  parseTags,
  productCommandSchema,
  productFormSchema,
  productUpdateSchema,
  rejectProductSchema,
} from './schemas.ts';

describe('productFormSchema', () => {
  const form: ProductForm = {
    name: ' Banarasi Silk Saree ',
    description: 'Handwoven pure silk saree with zari work.',
    price: '12500.50',
    originalPrice: '15000',
    stockQuantity: '5',
    categoryId: 'textiles',
    imageUrl: 'https://images.example.com/saree.jpg',
    tags: ' silk, handloom,, silk ',
    hsn: '50072010',
    gstRateBps: '500',
    madeToOrderDays: '',
  };
  const formErrors = (changes: Partial<ProductForm>) => errorsOf(productFormSchema, { ...form, ...changes });

  it('turns the texts of the form into a product command in paise', () => {
    expect(productFormSchema.parse(form)).toEqual({
      name: 'Banarasi Silk Saree',
      description: 'Handwoven pure silk saree with zari work.',
      pricePaise: 1_250_050,
      originalPricePaise: 1_500_000,
      stockQuantity: 5,
      categoryId: 'textiles',
      imageUrl: 'https://images.example.com/saree.jpg',
      tags: ['silk', 'handloom'],
      tax: { hsn: '50072010', gstRateBps: 500 },
      madeToOrderDays: null,
    });
    expect(productCommandSchema.safeParse(productFormSchema.parse(form)).success).toBe(true);
  });

  it('reads an empty original price and image URL as none, an empty stock as 0', () => {
    expect(
      productFormSchema.parse({ ...form, originalPrice: ' ', imageUrl: '', stockQuantity: '', tags: '' }),
    ).toMatchObject({
      originalPricePaise: null,
      imageUrl: null,
      stockQuantity: 0,
      tags: [],
    });
  });

  it('reads made-to-order days as a number, an empty field as not made to order', () => {
    expect(productFormSchema.parse({ ...form, madeToOrderDays: ' 10 ' }).madeToOrderDays).toBe(10);
    expect(productFormSchema.parse({ ...form, madeToOrderDays: '' }).madeToOrderDays).toBeNull();
  });

  it.each([
    [{ hsn: '' }, 'hsn', 'HSN code must be 4, 6 or 8 digits, not starting with 00'],
    [{ hsn: '50071' }, 'hsn', 'HSN code must be 4, 6 or 8 digits, not starting with 00'],
    [{ hsn: '500720100' }, 'hsn', 'HSN code must be 4, 6 or 8 digits, not starting with 00'],
    [{ hsn: '0012' }, 'hsn', 'HSN code must be 4, 6 or 8 digits, not starting with 00'],
    [{ hsn: '50a7' }, 'hsn', 'HSN code must be 4, 6 or 8 digits, not starting with 00'],
    [{ gstRateBps: '' }, 'gstRateBps', 'Choose a GST rate'],
    [{ name: '' }, 'name', 'Product name is required'],
    [{ name: '   ' }, 'name', 'Product name is required'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
    [{ price: '' }, 'price', 'Price must be greater than 0'],
    [{ price: '0' }, 'price', 'Price must be greater than 0'],
    [{ price: '0.00' }, 'price', 'Price must be greater than 0'],
    [{ price: '-5' }, 'price', 'Price must be greater than 0'],
    [{ price: 'abc' }, 'price', 'Enter an amount in rupees, like 499.50'],
    [{ price: '12.345' }, 'price', 'Enter an amount in rupees, like 499.50'],
    [{ price: '10000000.01' }, 'price', 'Price cannot be more than ₹1,00,00,000.00'],
    [{ originalPrice: '0' }, 'originalPrice', 'Original price must be greater than 0'],
    [{ stockQuantity: '-1' }, 'stockQuantity', 'Stock cannot be negative'],
    [{ stockQuantity: '2.5' }, 'stockQuantity', 'Stock must be a whole number'],
    [{ stockQuantity: 'many' }, 'stockQuantity', 'Stock must be a whole number'],
    [{ stockQuantity: '1000001' }, 'stockQuantity', 'Stock cannot be more than 10,00,000'],
    [{ categoryId: '' }, 'categoryId', 'Category is required'],
    [{ madeToOrderDays: '0' }, 'madeToOrderDays', 'Made-to-order days must be a whole number from 1 to 90'],
    [{ madeToOrderDays: '91' }, 'madeToOrderDays', 'Made-to-order days must be a whole number from 1 to 90'],
    [{ madeToOrderDays: '2.5' }, 'madeToOrderDays', 'Made-to-order days must be a whole number from 1 to 90'],
    [{ madeToOrderDays: 'ten' }, 'madeToOrderDays', 'Made-to-order days must be a whole number from 1 to 90'],
    [{ imageUrl: 'not a url' }, 'imageUrl', 'Image URL must be a valid URL'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Image URL must be a valid URL'],
    [{ imageUrl: '//evil.example.com/x.png' }, 'imageUrl', 'Image URL must be a valid URL'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`).join(',') }, 'tags', 'A product can have at most 20 tags'],
    [{ tags: 'x'.repeat(41) }, 'tags.0', 'Each tag must be at most 40 characters'],
    [{ originalPrice: '12500.50' }, 'originalPrice', 'Original price must be more than the price'],
    [{ originalPrice: '999' }, 'originalPrice', 'Original price must be more than the price'],
    [{ name: 'Silk\u202Eeeras' }, 'name', 'Product name contains characters that are not allowed'],
    [{ name: 'Silk\u0000' }, 'name', 'Product name contains characters that are not allowed'],
    [
      { description: 'Handwoven\u200B silk saree' },
      'description',
      'Description contains characters that are not allowed',
    ],
    [{ tags: 'silk, hand\u2066loom' }, 'tags.1', 'Each tag contains characters that are not allowed'],
    [{ imageUrl: '/media/x\u202Egnp.png' }, 'imageUrl', 'Image URL contains characters that are not allowed'],
  ])('%j: %s says %j', (changes, field, message) => {
    expect(formErrors(changes)).toEqual({ [field]: message });
  });

  it('keeps the line breaks of a description, as LF', () => {
    expect(
      productFormSchema.parse({ ...form, description: 'Pure silk.\r\n\r\n- Zari border\r\n- Dry clean' }).description,
    ).toBe('Pure silk.\n\n- Zari border\n- Dry clean');
  });

  it('judges the original price only once the price itself is valid', () => {
    expect(formErrors({ price: 'abc', originalPrice: '1' })).toEqual({
      price: 'Enter an amount in rupees, like 499.50',
    });
  });

  it('accepts an uploaded image on this site', () => {
    expect(formErrors({ imageUrl: '/media/products/saree.webp' })).toEqual({});
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops empties and repeats', () => {
    expect(parseTags(' silk ,handloom,,  ,silk, Banarasi')).toEqual(['silk', 'handloom', 'Banarasi']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('productCommandSchema', () => {
  const body = {
    name: 'Brass Diya',
    description: 'Hand-cast brass oil lamp.',
    pricePaise: 49_900,
    stockQuantity: 12,
    categoryId: 'home-decor',
  };
  const bodyErrors = (changes: Record<string, unknown>) => errorsOf(productCommandSchema, { ...body, ...changes });

  it('fills in no original price, no tags, not made to order, no questions and no options; images left out are none', () => {
    expect(productCommandSchema.parse(body)).toEqual({
      ...body,
      originalPricePaise: null,
      tags: [],
      madeToOrderDays: null,
      personalisation: [],
      options: [],
    });
  });

  it.each([
    [{ name: undefined }, 'name', 'Product name is required'],
    [{ name: 'x'.repeat(201) }, 'name', 'Product name must be at most 200 characters'],
    [{ description: 42 }, 'description', 'Description must be at least 10 characters'],
    [{ description: 'x'.repeat(5001) }, 'description', 'Description must be at most 5000 characters'],
    [{ pricePaise: 0 }, 'pricePaise', 'Price must be greater than 0'],
    [{ pricePaise: '499' }, 'pricePaise', 'Price must be greater than 0'],
    [{ pricePaise: 499.5 }, 'pricePaise', 'Amounts must be whole paise'],
    [{ pricePaise: 1_000_000_001 }, 'pricePaise', 'Price cannot be more than ₹1,00,00,000.00'],
    [{ originalPricePaise: -1 }, 'originalPricePaise', 'Original price must be greater than 0'],
    [{ stockQuantity: -1 }, 'stockQuantity', 'Stock cannot be negative'],
    [{ stockQuantity: 1.5 }, 'stockQuantity', 'Stock must be a whole number'],
    [{ categoryId: '' }, 'categoryId', 'Category is required'],
    [{ imageUrl: 'ftp://example.com/x.png' }, 'imageUrl', 'Image URL must be a valid URL'],
    [{ images: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'images', 'A product can have at most 6 images'],
    [{ images: ['a', 'b', 'a'] }, 'images', 'Each image can be added once'],
    [{ images: ['a', ''] }, 'images.1', 'Images must be a list of uploaded image ids'],
    [{ images: 'a' }, 'images', 'Images must be a list of uploaded image ids'],
    [{ images: ['a'], imageUrl: null }, 'images', 'Give images or an image URL, not both'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'A product can have at most 20 tags'],
    [{ tags: ['ok', ' '] }, 'tags.1', 'Tags cannot be empty'],
    [{ originalPricePaise: 49_900 }, 'originalPricePaise', 'Original price must be more than the price'],
    [{ originalPricePaise: 100 }, 'originalPricePaise', 'Original price must be more than the price'],
    [{ name: 'Brass\u00A0Diya\uD800' }, 'name', 'Product name contains characters that are not allowed'],
  ])('%j: %s says %j', (changes, field, message) => {
    expect(bodyErrors(changes)).toEqual({ [field]: message });
  });

  it('takes up to six image ids, the main one first', () => {
    const images = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];
    expect(productCommandSchema.parse({ ...body, images }).images).toEqual(images);
  });

  it('takes an original price above the price', () => {
    expect(productCommandSchema.parse({ ...body, originalPricePaise: 49_901 }).originalPricePaise).toBe(49_901);
  });
});

describe('productUpdateSchema', () => {
  it('takes any subset of the fields, without defaults, and null to clear', () => {
    expect(productUpdateSchema.parse({})).toEqual({});
    const clearing = { originalPricePaise: null, stockQuantity: 3 };
    expect(productUpdateSchema.parse(clearing)).toEqual(clearing);
    expect(errorsOf(productUpdateSchema, { name: '' })).toEqual({ name: 'Product name is required' });
  });

  it('compares the prices when both are given; one alone is for the command to compare', () => {
    const refused = { originalPricePaise: 'Original price must be more than the price' };
    expect(errorsOf(productUpdateSchema, { pricePaise: 500, originalPricePaise: 500 })).toEqual(refused);
    expect(errorsOf(productUpdateSchema, { pricePaise: 500, originalPricePaise: 501 })).toEqual({});
    expect(errorsOf(productUpdateSchema, { pricePaise: 500, originalPricePaise: null })).toEqual({});
    expect(errorsOf(productUpdateSchema, { originalPricePaise: 1 })).toEqual({});
  });
});

it('requires a reason to reject a product, on one line or more', () => {
  expect(errorsOf(rejectProductSchema, { reason: ' ' })).toEqual({ reason: 'A reason is required' });
  expect(errorsOf(rejectProductSchema, { reason: 'Blurry photo.\nWrong category.' })).toEqual({});
  expect(errorsOf(rejectProductSchema, { reason: 'Fine\u202E' })).toEqual({
    reason: 'Reason contains characters that are not allowed',
  });
});

it('answers a body that is no object with one message, comparing no prices', () => {
  for (const schema of [productCommandSchema, productUpdateSchema]) {
    expect(schema.safeParse(null).success).toBe(false);
    expect(schema.safeParse('text').success).toBe(false);
  }
});
