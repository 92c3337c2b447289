/**
 * Options and variants of a product (issue 26): up to three options (Size, Colour, Material),
 * each with its values, and one variant per combination sold, with its own SKU, price, original
 * price, stock and images from the product's gallery. A product without options has one default
 * variant, whose SKU and prices are the product's; the product's own price is its lowest
 * variant's, what cards and readers of the older shape show.
 */
import type { Paise } from '../money.ts';
import { english } from '../i18n/message.ts';

export interface ProductOption {
  name: string;
  values: string[];
}

export interface Variant {
  /** 'default' for the one variant of a product without options; else `v${n}`, n counting the product's variants. */
  id: string;
  /** 1-64 characters of SKU_PATTERN, unique within the seller; '' for a default variant given none. */
  sku: string;
  /** One value per option, in the options' order; none for the default variant. */
  optionValues: string[];
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  /** URLs of images of the product's gallery; none: the product's images. */
  imageUrls: string[];
  /** Its own made-to-order days (made-to-order.ts), null when it ships from stock; absent: the product's. */
  madeToOrderDays?: number | null;
}

/**
 * A variant as a listing or an edit gives it: its stock beside it (an edit may leave it as it
 * is), its id when it names one the product has.
 */
export interface VariantInput extends Omit<Variant, 'id'> {
  id?: string | undefined;
  stockQuantity?: number | undefined;
}

export const DEFAULT_VARIANT_ID = 'default';
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 30;
export const MAX_VARIANTS = 100;
export const MAX_OPTION_NAME_LENGTH = 40;
export const MAX_OPTION_VALUE_LENGTH = 40;
export const MAX_SKU_LENGTH = 64;
export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;

export const VARIANT_MESSAGES = {
  tooManyOptions: english(/*i18n*/ 'A product can have at most {max} options', { max: MAX_OPTIONS }),
  optionNameRequired: /*i18n*/ 'Option name is required',
  optionRepeated: /*i18n*/ 'Each option can be added once',
  valuesRequired: /*i18n*/ 'Give at least one value for each option',
  tooManyValues: english(/*i18n*/ 'An option can have at most {max} values', { max: MAX_OPTION_VALUES }),
  valueRequired: /*i18n*/ 'Option values cannot be empty',
  valueRepeated: /*i18n*/ 'Each value of an option can be given once',
  variantsRequired: /*i18n*/ 'Give the price and stock of at least one combination of the options',
  variantsWithoutOptions: /*i18n*/ 'Add options before variants',
  tooManyVariants: english(/*i18n*/ 'A product can have at most {max} variants', { max: MAX_VARIANTS }),
  optionValuesCount: /*i18n*/ 'Choose one value of each option',
  unknownValue: /*i18n*/ 'Choose a value the option has',
  combinationRepeated: /*i18n*/ 'Each combination can be listed once',
  skuRequired: /*i18n*/ 'SKU is required',
  skuTooLong: english(/*i18n*/ 'SKU must be at most {max} characters', { max: MAX_SKU_LENGTH }),
  skuInvalid: /*i18n*/ 'SKU may only hold letters, digits, dots, hyphens and underscores',
  skuRepeated: /*i18n*/ 'Each SKU can be used once',
  skuTaken: /*i18n*/ 'Another of your products has this SKU',
  variantImageUnknown: /*i18n*/ "A variant's images must be among the product's images",
  variantUnknown: /*i18n*/ 'This product has no such variant',
  /** Add to cart of a product with options, naming none. */
  variantRequired: /*i18n*/ 'Choose one of the variants of this product',
  /** An edit of the product's price or stock alone, on a product whose variants each have theirs. */
  priceOfVariants: /*i18n*/ 'This product has variants: set the price of each variant',
  stockOfVariants: /*i18n*/ 'This product has variants: set the stock of each variant',
  skuOfVariants: /*i18n*/ 'This product has variants: set the SKU of each variant',
} as const;

/** The one variant of a product without options: its price is the product's. */
export const defaultVariant = (
  { pricePaise, originalPricePaise }: Pick<Variant, 'pricePaise' | 'originalPricePaise'>,
  sku = '',
): Variant => ({ id: DEFAULT_VARIANT_ID, sku, optionValues: [], pricePaise, originalPricePaise, imageUrls: [] });

export const variantIdOf = (number: number): string => `v${number}`;

/** What a product's details hold of its variants. */
export interface Variants {
  options: ProductOption[];
  variants: Variant[];
}

/** Only the default variant: the product is sold as it was before options existed. */
export const hasOptions = (product: Pick<Variants, 'options'>): boolean => product.options.length > 0;

export const findVariant = (product: Pick<Variants, 'variants'>, variantId: string): Variant | undefined =>
  product.variants.find((variant) => variant.id === variantId);

/** The lowest price of the variants: the product's own price. */
export const lowestPrice = (variants: readonly Pick<Variant, 'pricePaise'>[]): Paise =>
  Math.min(...variants.map((variant) => variant.pricePaise));

/** The product's own price and original price: its cheapest variant's (the first of the cheapest). */
export function cheapestPrice(
  variants: readonly Pick<Variant, 'pricePaise' | 'originalPricePaise'>[],
): Pick<Variant, 'pricePaise' | 'originalPricePaise'> {
  const cheapest = variants.reduce((low, variant) => (variant.pricePaise < low.pricePaise ? variant : low));
  return { pricePaise: cheapest.pricePaise, originalPricePaise: cheapest.originalPricePaise };
}

/** Lowest and highest price of the variants ("from ₹X" when they differ). */
export function priceRange(variants: readonly Pick<Variant, 'pricePaise'>[]): { minPaise: Paise; maxPaise: Paise } {
  const prices = variants.map((variant) => variant.pricePaise);
  return { minPaise: Math.min(...prices), maxPaise: Math.max(...prices) };
}

/**
 * "Size 8 · Tan": a variant's values in the options' order, a number named by its option
 * ("8" alone says nothing); '' for the default variant.
 */
export function variantLabel(options: readonly ProductOption[], optionValues: readonly string[]): string {
  return optionValues
    .map((value, i) => (/^\d+([./]\d+)?$/.test(value) && options[i] ? `${options[i].name} ${value}` : value))
    .join(' · ');
}

/** A problem with options and variants: the path of the field, and what to say. */
export interface VariantIssue {
  path: (string | number)[];
  message: string;
}

const key = (text: string) => text.trim().toLowerCase();

/** The options' own rules: names and values given once each (ignoring case). */
export function optionIssues(options: readonly ProductOption[]): VariantIssue[] {
  const issues: VariantIssue[] = [];
  if (options.length > MAX_OPTIONS) issues.push({ path: ['options'], message: VARIANT_MESSAGES.tooManyOptions });
  const names = new Set<string>();
  options.forEach((option, i) => {
    if (names.has(key(option.name)))
      issues.push({ path: ['options', i, 'name'], message: VARIANT_MESSAGES.optionRepeated });
    names.add(key(option.name));
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(key(value)))
        issues.push({ path: ['options', i, 'values', j], message: VARIANT_MESSAGES.valueRepeated });
      values.add(key(value));
    });
  });
  return issues;
}

/**
 * Variants against the options: one value of each option, a combination once, a SKU once. A
 * product without options has at most its default variant (no values).
 */
export function variantIssues(
  options: readonly ProductOption[],
  variants: ReadonlyArray<Pick<Variant, 'sku' | 'optionValues'>>,
): VariantIssue[] {
  const issues: VariantIssue[] = [];
  if (options.length === 0) {
    if (variants.length > 1 || variants.some((variant) => variant.optionValues.length > 0))
      issues.push({ path: ['variants'], message: VARIANT_MESSAGES.variantsWithoutOptions });
    return issues;
  }
  if (variants.length === 0) issues.push({ path: ['variants'], message: VARIANT_MESSAGES.variantsRequired });
  const combinations = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((variant, i) => {
    const at = (...rest: (string | number)[]) => ['variants', i, ...rest];
    if (variant.optionValues.length !== options.length) {
      issues.push({ path: at('optionValues'), message: VARIANT_MESSAGES.optionValuesCount });
    } else {
      variant.optionValues.forEach((value, j) => {
        if (!options[j]!.values.includes(value))
          issues.push({ path: at('optionValues', j), message: VARIANT_MESSAGES.unknownValue });
      });
      const combination = JSON.stringify(variant.optionValues);
      if (combinations.has(combination))
        issues.push({ path: at('optionValues'), message: VARIANT_MESSAGES.combinationRepeated });
      combinations.add(combination);
    }
    if (variant.sku === '') issues.push({ path: at('sku'), message: VARIANT_MESSAGES.skuRequired });
    else if (skus.has(key(variant.sku))) issues.push({ path: at('sku'), message: VARIANT_MESSAGES.skuRepeated });
    skus.add(key(variant.sku));
  });
  return issues;
}

/**
 * The ids of a new set of variants: an id given that the product has, else the id of the variant
 * with the same combination, else the next new one (`count` variants were ever made). The
 * default variant keeps its id.
 */
export function assignVariantIds<T extends { id?: string | undefined; optionValues: string[] }>(
  current: readonly Pick<Variant, 'id' | 'optionValues'>[],
  given: readonly T[],
  count: number,
): { variants: Array<T & { id: string }>; count: number } {
  let next = count;
  const known = new Set(current.map((variant) => variant.id));
  const variants = given.map((variant) => {
    if (variant.optionValues.length === 0) return { ...variant, id: DEFAULT_VARIANT_ID };
    if (variant.id !== undefined && known.has(variant.id)) return { ...variant, id: variant.id };
    const same = current.find(
      (kept) =>
        kept.optionValues.length > 0 && JSON.stringify(kept.optionValues) === JSON.stringify(variant.optionValues),
    );
    return { ...variant, id: same?.id ?? variantIdOf(++next) };
  });
  return { variants, count: next };
}

/**
 * Details after an edit's `after`: a product without options given a new price (as every edit
 * before variants was) sells its default variant at that price.
 */
export function withDetailChanges<T extends Variants & Pick<Variant, 'pricePaise' | 'originalPricePaise'>>(
  details: T,
  after: Partial<T>,
): T {
  const merged = { ...details, ...after };
  if (after.variants !== undefined || hasOptions(merged)) return merged;
  if (after.pricePaise === undefined && after.originalPricePaise === undefined) return merged;
  const sku = merged.variants[0]?.sku ?? '';
  const imageUrls = merged.variants[0]?.imageUrls ?? [];
  return { ...merged, variants: [{ ...defaultVariant(merged, sku), imageUrls }] };
}
