import { z } from 'zod';
import { allowedCharacters, cleanText, requiredText, tooLong } from '../fields.ts';
import { formatInr, parseRupees } from '../money.ts';
import { gstRateSchema, hsnSchema, PRODUCT_TAX_MESSAGES, productTaxSchema } from '../tax/product-tax.ts';
import { MAX_IMAGE_MEGAPIXELS, MAX_PRODUCT_IMAGES } from './image.ts';
import { madeToOrderDaysField, madeToOrderDaysSchema } from './made-to-order.ts';
import { questionsSchema } from './personalisation.ts';
import {
  MAX_OPTION_NAME_LENGTH,
  MAX_OPTION_VALUE_LENGTH,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_SKU_LENGTH,
  MAX_VARIANTS,
  SKU_PATTERN,
  VARIANT_MESSAGES,
  optionIssues,
  variantIssues,
} from './variants.ts';
import { english } from '../i18n/message.ts';

/** Texts of spec section 5, written once for the form and the API. */
export const PRODUCT_MESSAGES = {
  nameRequired: /*i18n*/ 'Product name is required',
  descriptionTooShort: /*i18n*/ 'Description must be at least 10 characters',
  priceTooLow: /*i18n*/ 'Price must be greater than 0',
  originalPriceTooLow: /*i18n*/ 'Original price must be greater than 0',
  /** An original price at or below the price would show a discount that is not there. */
  originalPriceNotAbove: /*i18n*/ 'Original price must be more than the price',
  /** The same rule met by an edit of the price alone, against the original price kept. */
  priceNotBelowOriginal: /*i18n*/ 'Price must be less than the original price',
  amountFormat: /*i18n*/ 'Enter an amount in rupees, like 499.50',
  stockNegative: /*i18n*/ 'Stock cannot be negative',
  stockWhole: /*i18n*/ 'Stock must be a whole number',
  categoryRequired: /*i18n*/ 'Category is required',
  imageUrlInvalid: /*i18n*/ 'Image URL must be a valid URL',
  /** The server fetches an image URL once and keeps its own copy (see api/images/remote-image.ts). */
  imageUrlInsecure: /*i18n*/ 'Image URL must start with https://',
  imageUrlNotPublic: /*i18n*/ 'Image URL must point to a public website',
  imageUrlNotOurs: /*i18n*/ 'Image URL must be an uploaded image or an https:// address',
  imageUrlUnreachable: /*i18n*/ 'The image at this URL could not be loaded',
  imageUrlNotImage: /*i18n*/ 'Image URL must point to a PNG, JPEG, WEBP or GIF image',
  imageUrlTooLarge: /*i18n*/ 'Image must be less than 5MB',
  imageTooManyPixels: english(/*i18n*/ 'Image must be at most {max} megapixels', { max: MAX_IMAGE_MEGAPIXELS }),
  tooManyImages: english(/*i18n*/ 'A product can have at most {max} images', { max: MAX_PRODUCT_IMAGES }),
  imageRepeated: /*i18n*/ 'Each image can be added once',
  imageInvalid: /*i18n*/ 'Images must be a list of uploaded image ids',
  /** An id of no upload, or of another seller's: the same words, so ids of others cannot be probed. */
  imageUnknown: /*i18n*/ 'Each image must be one you uploaded',
  imagesAndUrl: /*i18n*/ 'Give images or an image URL, not both',
  tooManyTags: /*i18n*/ 'A product can have at most 20 tags',
} as const;

export const MIN_DESCRIPTION_LENGTH = 10;
export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_PRICE_PAISE = 10_000_000 * 100;
export const MAX_STOCK = 1_000_000;
const MAX_URL_LENGTH = 2048;

const amount = (tooLowMessage: string) =>
  z
    .number({ error: tooLowMessage })
    .int(/*i18n*/ 'Amounts must be whole paise')
    .min(1, tooLowMessage)
    .max(MAX_PRICE_PAISE, english(/*i18n*/ 'Price cannot be more than {max}', { max: formatInr(MAX_PRICE_PAISE) }));

const stockQuantity = z
  .number({ error: PRODUCT_MESSAGES.stockWhole })
  .int(PRODUCT_MESSAGES.stockWhole)
  .min(0, PRODUCT_MESSAGES.stockNegative)
  .max(MAX_STOCK, english(/*i18n*/ 'Stock cannot be more than {max}', { max: MAX_STOCK.toLocaleString('en-IN') }));

const webUrl = z.url({ protocol: /^https?$/ });
const sitePath = /^\/(?!\/)\S*$/;

/** A web address (http or https), or a path on this site such as an uploaded image's `/media/...`. */
const imageUrl = z
  .string({ error: PRODUCT_MESSAGES.imageUrlInvalid })
  .trim()
  .max(MAX_URL_LENGTH, tooLong(/*i18n*/ 'Image URL', MAX_URL_LENGTH))
  .refine(...allowedCharacters(/*i18n*/ 'Image URL'))
  .refine((text) => sitePath.test(text) || webUrl.safeParse(text).success, PRODUCT_MESSAGES.imageUrlInvalid);

/** Ids of uploads (POST /api/uploads), or of images the product has, the main one first. */
const images = z
  .array(
    z
      .string({ error: PRODUCT_MESSAGES.imageInvalid })
      .min(1, PRODUCT_MESSAGES.imageInvalid)
      .max(MAX_URL_LENGTH, PRODUCT_MESSAGES.imageInvalid),
    {
      error: PRODUCT_MESSAGES.imageInvalid,
    },
  )
  .max(MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES.tooManyImages)
  .refine((ids) => new Set(ids).size === ids.length, PRODUCT_MESSAGES.imageRepeated);

const tags = z
  .array(requiredText(/*i18n*/ 'Tags cannot be empty', MAX_TAG_LENGTH, /*i18n*/ 'Each tag'))
  .max(MAX_TAGS, PRODUCT_MESSAGES.tooManyTags);

const sku = z
  .string({ error: VARIANT_MESSAGES.skuRequired })
  .trim()
  .min(1, VARIANT_MESSAGES.skuRequired)
  .max(MAX_SKU_LENGTH, VARIANT_MESSAGES.skuTooLong)
  .regex(SKU_PATTERN, VARIANT_MESSAGES.skuInvalid);

const option = z.object({
  name: requiredText(VARIANT_MESSAGES.optionNameRequired, MAX_OPTION_NAME_LENGTH, /*i18n*/ 'Option name'),
  values: z
    .array(requiredText(VARIANT_MESSAGES.valueRequired, MAX_OPTION_VALUE_LENGTH, /*i18n*/ 'Option value'), {
      error: VARIANT_MESSAGES.valuesRequired,
    })
    .min(1, VARIANT_MESSAGES.valuesRequired)
    .max(MAX_OPTION_VALUES, VARIANT_MESSAGES.tooManyValues),
});

/** The options: at most MAX_OPTIONS, each named once, each value given once. */
const options = z
  .array(option, { error: VARIANT_MESSAGES.optionNameRequired })
  .max(MAX_OPTIONS, VARIANT_MESSAGES.tooManyOptions)
  .superRefine((given, ctx) => {
    for (const { path, message } of optionIssues(given)) ctx.addIssue({ code: 'custom', path: path.slice(1), message });
  });

/**
 * A variant as the seller's grid gives it: its values (one per option, in order), SKU, prices,
 * stock, and images named by the ids of the product's images (`images`). `id` names a variant
 * the product has; without it a variant of the same values keeps its id, else a new one is made.
 */
const variant = z.object({
  id: z.string({ error: VARIANT_MESSAGES.variantUnknown }).min(1).max(40, VARIANT_MESSAGES.variantUnknown).optional(),
  sku,
  optionValues: z
    .array(z.string({ error: VARIANT_MESSAGES.optionValuesCount }).trim(), {
      error: VARIANT_MESSAGES.optionValuesCount,
    })
    .max(MAX_OPTIONS, VARIANT_MESSAGES.optionValuesCount),
  pricePaise: amount(PRODUCT_MESSAGES.priceTooLow),
  originalPricePaise: amount(PRODUCT_MESSAGES.originalPriceTooLow).nullable().default(null),
  stockQuantity,
  images: images.default([]),
  // Left out: the product's made-to-order days.
  madeToOrderDays: madeToOrderDaysSchema.optional(),
});

/** Variants against the options given beside them (an edit of the variants alone is checked against the stored options). */
const variantsFitOptions = (
  product: { options?: Array<{ name: string; values: string[] }> | undefined; variants?: unknown },
  ctx: z.RefinementCtx,
) => {
  const { options, variants } = product as {
    options?: Array<{ name: string; values: string[] }>;
    variants?: Array<z.output<typeof variant>>;
  };
  if (options === undefined) return;
  if (variants === undefined) {
    if (options.length > 0)
      ctx.addIssue({ code: 'custom', path: ['variants'], message: VARIANT_MESSAGES.variantsRequired });
    return;
  }
  for (const { path, message } of variantIssues(options, variants)) ctx.addIssue({ code: 'custom', path, message });
  variants.forEach((one, i) => {
    if (!originalPriceFits(one.pricePaise, one.originalPricePaise))
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i, 'originalPricePaise'],
        message: PRODUCT_MESSAGES.originalPriceNotAbove,
      });
  });
};

/** Each listing field's rule, for the command, the edit and the forms (variant-form.ts too). */
export const fields = {
  name: requiredText(PRODUCT_MESSAGES.nameRequired, MAX_NAME_LENGTH, /*i18n*/ 'Product name'),
  description: cleanText(PRODUCT_MESSAGES.descriptionTooShort, { multiline: true })
    .min(MIN_DESCRIPTION_LENGTH, PRODUCT_MESSAGES.descriptionTooShort)
    .max(MAX_DESCRIPTION_LENGTH, tooLong(/*i18n*/ 'Description', MAX_DESCRIPTION_LENGTH))
    .refine(...allowedCharacters(/*i18n*/ 'Description', { multiline: true })),
  pricePaise: amount(PRODUCT_MESSAGES.priceTooLow),
  originalPricePaise: amount(PRODUCT_MESSAGES.originalPriceTooLow).nullable(),
  stockQuantity,
  categoryId: requiredText(PRODUCT_MESSAGES.categoryRequired, 100, /*i18n*/ 'Category'),
  imageUrl: imageUrl.nullable(),
  images,
  tags,
  tax: productTaxSchema,
  madeToOrderDays: madeToOrderDaysSchema,
  personalisation: questionsSchema,
  sku,
  options,
  variants: z.array(variant).max(MAX_VARIANTS, VARIANT_MESSAGES.tooManyVariants),
};

/** A listing as parsed: the product's price and stock given, or taken from its variants. */
type ListingBody<T extends { variants?: unknown }> = Omit<T, 'variants'> & {
  variants?: T['variants'] | undefined;
  pricePaise: number;
  stockQuantity: number;
};

/** Whether an original price, when there is one, is above the price: a struck-out price must be a real discount. */
export const originalPriceFits = (pricePaise: number, originalPricePaise: number | null): boolean =>
  originalPricePaise === null || originalPricePaise > pricePaise;

/**
 * Compares two fields only once both are valid, so a bad price reports its own message alone;
 * never when the value as a whole is wrong (not an object at all: its issue has no path).
 */
export const bothValid =
  (...keys: string[]) =>
  (payload: { issues: ReadonlyArray<{ path?: PropertyKey[] | undefined }> }): boolean =>
    !payload.issues.some(({ path = [] }) => path.length === 0 || keys.includes(String(path[0])));

type Prices = { pricePaise?: number | undefined; originalPricePaise?: number | null | undefined };
type PriceIssue = { message: string; path: string[]; when: ReturnType<typeof bothValid> };
const originalAbovePrice: [check: (product: Prices) => boolean, issue: PriceIssue] = [
  ({ pricePaise, originalPricePaise }) =>
    pricePaise === undefined || originalPricePaise === undefined || originalPriceFits(pricePaise, originalPricePaise),
  {
    message: PRODUCT_MESSAGES.originalPriceNotAbove,
    path: ['originalPricePaise'],
    when: bothValid('pricePaise', 'originalPricePaise'),
  },
];

/** `images`, or `imageUrl` (one image, as clients before galleries give it): not both. */
const oneWayToGiveImages: [
  check: (product: { images?: unknown; imageUrl?: unknown }) => boolean,
  issue: { message: string; path: string[] },
] = [
  ({ images, imageUrl }) => images === undefined || imageUrl === undefined,
  { message: PRODUCT_MESSAGES.imagesAndUrl, path: ['images'] },
];

/**
 * Body of "list a product": money in paise; original price, images, tags, tax, made-to-order
 * days and personalisation questions may be left out. The images are upload ids; `imageUrl` instead gives one image by its address. Without
 * `tax` the product takes its category's defaults.
 */
export const productCommandSchema = z
  .object({
    ...fields,
    // Without options, the product's price and stock (its default variant's); with them, each variant's.
    pricePaise: fields.pricePaise.optional(),
    stockQuantity: fields.stockQuantity.optional(),
    originalPricePaise: fields.originalPricePaise.default(null),
    imageUrl: fields.imageUrl.optional(),
    images: fields.images.optional(),
    tags: fields.tags.default([]),
    tax: fields.tax.optional(),
    madeToOrderDays: fields.madeToOrderDays.default(null),
    personalisation: fields.personalisation.default([]),
    sku: fields.sku.optional(),
    options: fields.options.default([]),
    variants: fields.variants.optional(),
  })
  // Sold as one thing: a price and stock of its own, as before options.
  .refine((product) => product.options.length > 0 || product.pricePaise !== undefined, {
    message: PRODUCT_MESSAGES.priceTooLow,
    path: ['pricePaise'],
    when: bothValid('pricePaise', 'options'),
  })
  .refine((product) => product.options.length > 0 || product.stockQuantity !== undefined, {
    message: PRODUCT_MESSAGES.stockWhole,
    path: ['stockQuantity'],
    when: bothValid('stockQuantity', 'options'),
  })
  .refine(...originalAbovePrice)
  .refine(...oneWayToGiveImages)
  .superRefine(variantsFitOptions)
  .transform(({ pricePaise, stockQuantity, ...product }): ListingBody<typeof product> => {
    if (product.options.length === 0)
      return { ...product, variants: undefined, pricePaise: pricePaise!, stockQuantity: stockQuantity! };
    // The lowest variant price is the product's; the stock is each variant's.
    const variants = product.variants ?? [];
    const cheapest = variants.reduce((low, one) => (one.pricePaise < low.pricePaise ? one : low), variants[0]!);
    return {
      ...product,
      variants,
      pricePaise: cheapest.pricePaise,
      originalPricePaise: cheapest.originalPricePaise,
      stockQuantity: variants.reduce((units, one) => units + one.stockQuantity, 0),
    };
  });

export type ProductBody = z.output<typeof productCommandSchema>;

/** A listing as a client sends it (defaults not filled in). */
export type ProductRequest = z.input<typeof productCommandSchema>;

/**
 * Body of "edit a product": any subset of the fields; `null` clears the original price, and
 * `imageUrl: null` (like `images: []`) the images. With both prices the original must be above
 * the price; with one, the command compares it with the other one kept.
 */
export const productUpdateSchema = z
  .object(fields)
  .partial()
  .refine(...originalAbovePrice)
  .refine(...oneWayToGiveImages)
  .superRefine(variantsFitOptions);

export type ProductChangesBody = z.output<typeof productUpdateSchema>;

/** Body of "set the stock": of the variant named, or of a product sold as one thing. */
export const adjustStockSchema = z.object({
  stockQuantity,
  variantId: z
    .string({ error: VARIANT_MESSAGES.variantUnknown })
    .trim()
    .min(1, VARIANT_MESSAGES.variantUnknown)
    .max(40, VARIANT_MESSAGES.variantUnknown)
    .optional(),
});

export const rejectProductSchema = z.object({
  reason: requiredText(/*i18n*/ 'A reason is required', 500, /*i18n*/ 'Reason', { multiline: true }),
});

/** "silk, handloom, , Banarasi " -> ["silk", "handloom", "Banarasi"]: trimmed, empties and repeats dropped. */
export function parseTags(input: string): string[] {
  const tags = input.split(',').map((tag) => tag.trim());
  return [...new Set(tags.filter((tag) => tag !== ''))];
}

/** Rupee text from a form field to paise; an empty field is `empty`. */
export const rupeeField = <Empty extends number | null>(tooLowMessage: string, empty: Empty) =>
  z.string().transform((input, ctx): number | Empty => {
    const text = input.trim();
    if (text === '') return empty;
    const paise = parseRupees(text);
    if (paise !== null) return paise;
    // Only to choose the message: "-5" is too low, "abc" or "12.345" is badly written.
    ctx.addIssue({ code: 'custom', message: Number(text) <= 0 ? tooLowMessage : PRODUCT_MESSAGES.amountFormat });
    return z.NEVER;
  });

/** Decimal text to a number for the stock rules to judge; an empty field is 0. */
export const stockField = z
  .string()
  .transform((input) => {
    const text = input.trim();
    if (text === '') return 0;
    // Plain decimals only: Number() would also take "0x10" or "1e3". NaN reads as not a whole number.
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  })
  .pipe(stockQuantity);

/**
 * The Add/Edit Product form: every field is the text of its input. Parses to the body of
 * `productCommandSchema` (and of `productUpdateSchema`). Empty price and stock read as 0
 * (spec section 5); an empty original price or image URL becomes null, which an edit
 * needs to clear them.
 */
export const productFormSchema = z
  .object({
    name: fields.name,
    description: fields.description,
    price: rupeeField(PRODUCT_MESSAGES.priceTooLow, 0).pipe(fields.pricePaise),
    originalPrice: rupeeField(PRODUCT_MESSAGES.originalPriceTooLow, null).pipe(fields.originalPricePaise),
    stockQuantity: stockField,
    categoryId: fields.categoryId,
    imageUrl: z
      .string()
      .trim()
      .transform((text) => (text === '' ? null : text))
      .pipe(fields.imageUrl),
    tags: z.string().transform(parseTags).pipe(fields.tags),
    hsn: hsnSchema,
    // The value of the rate's select: basis points as text, empty until one is chosen.
    gstRateBps: z.string().trim().min(1, PRODUCT_TAX_MESSAGES.rate).transform(Number).pipe(gstRateSchema),
    madeToOrderDays: madeToOrderDaysField,
  })
  .refine(({ price, originalPrice }) => originalPriceFits(price, originalPrice), {
    message: PRODUCT_MESSAGES.originalPriceNotAbove,
    path: ['originalPrice'],
    when: bothValid('price', 'originalPrice'),
  })
  .transform(({ price, originalPrice, hsn, gstRateBps, ...rest }) => ({
    ...rest,
    pricePaise: price,
    originalPricePaise: originalPrice,
    tax: { hsn, gstRateBps },
  }));

export type ProductForm = z.input<typeof productFormSchema>;
