/**
 * The product form's options and its grid of combinations, as the text of their inputs: a row
 * per combination of the options' values, kept when the options change (a row is its values),
 * new ones filled from the product's own price and a SKU made of its name and values.
 */

import type { Paise } from '../../../../domain/money.ts';
import { type VariantMadeToOrder, variantMadeToOrderText } from '../../../../domain/product/made-to-order.ts';
import { parseValues } from '../../../../domain/product/variant-form.ts';
import type { GalleryEntry } from './gallery.ts';
import { rupeeInput } from './productForm.ts';

/** A variant as the seller's product list gives it, with its stock. */
export interface VariantOfProduct {
  id: string;
  sku: string;
  optionValues: readonly string[];
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  imageUrls: readonly string[];
  stockQuantity: number;
  /** Its own made-to-order days (null: ships from stock); absent: the product's. */
  madeToOrderDays?: number | null;
}

export interface OptionText {
  name: string;
  values: string[];
}

/** An option as typed: its values as one comma-separated text, read as the seller types. */
export interface OptionDraft {
  name: string;
  valuesText: string;
}

export const optionsOf = (drafts: readonly OptionDraft[]): OptionText[] =>
  drafts.map((draft) => ({ name: draft.name.trim(), values: parseValues(draft.valuesText) }));

/** The options and the grid of the product form. */
export interface VariantsValue {
  options: OptionDraft[];
  rows: VariantRowText[];
}

/** The options and rows the form starts from: a product's own (its images found in the gallery by address), or none. */
export function variantsText(
  product: { options: readonly OptionText[]; variants: readonly VariantOfProduct[] } | null,
  entries: readonly GalleryEntry[],
): VariantsValue {
  if (!product || product.options.length === 0) return { options: [], rows: [] };
  const keyOf = (url: string) => entries.find((entry) => 'image' in entry && entry.image.url === url)?.key;
  return {
    options: product.options.map(({ name, values }) => ({ name, valuesText: values.join(', ') })),
    rows: product.variants.map((variant) => ({
      id: variant.id,
      optionValues: [...variant.optionValues],
      sku: variant.sku,
      price: rupeeInput(variant.pricePaise),
      originalPrice: variant.originalPricePaise === null ? '' : rupeeInput(variant.originalPricePaise),
      stockQuantity: String(variant.stockQuantity),
      ...variantMadeToOrderText(variant.madeToOrderDays),
      imageKeys: variant.imageUrls.map(keyOf).filter((key) => key !== undefined),
    })),
  };
}

export interface VariantRowText {
  /** The variant's id once saved; absent for a combination added in this form. */
  id?: string;
  optionValues: string[];
  sku: string;
  price: string;
  originalPrice: string;
  stockQuantity: string;
  /** As the product, from stock though the product is made to order, or its own days (`madeToOrderDays`). */
  madeToOrder: VariantMadeToOrder;
  madeToOrderDays: string;
  /** Keys of entries of the form's gallery (gallery.ts), in the gallery's order. */
  imageKeys: string[];
}

/** The columns a bulk edit sets in every row. */
export type BulkField = 'price' | 'stockQuantity';

/** Every combination of the options' values, the first option varying slowest; one empty combination without options. */
export function combinations(options: readonly OptionText[]): string[][] {
  return options.reduce<string[][]>(
    (combos, option) => combos.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );
}

/** "Kolhapuri Chappal", ["8", "Tan"] -> "KOLHAPURI-CHAPPAL-8-TAN": within the SKU's characters and 64 of them. */
export function suggestedSku(productName: string, optionValues: readonly string[]): string {
  const words = [productName.slice(0, 24), ...optionValues].join('-');
  return words
    .toUpperCase()
    .replace(/[^A-Z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

const sameValues = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * The rows for `options`: a row already there for a combination is kept as typed; a new
 * combination starts at `defaults` (the product's price and original price, no stock).
 */
export function rowsFor(
  options: readonly OptionText[],
  rows: readonly VariantRowText[],
  productName: string,
  defaults: Pick<VariantRowText, 'price' | 'originalPrice'>,
): VariantRowText[] {
  return combinations(options).map(
    (optionValues) =>
      rows.find((row) => sameValues(row.optionValues, optionValues)) ?? {
        optionValues,
        sku: suggestedSku(productName, optionValues),
        ...defaults,
        stockQuantity: '',
        madeToOrder: 'product',
        madeToOrderDays: '',
        imageKeys: [],
      },
  );
}

/** Every row with `field` set to `value` (bulk set price or stock). */
export const withAll = (rows: readonly VariantRowText[], field: BulkField, value: string): VariantRowText[] =>
  rows.map((row) => ({ ...row, [field]: value }));

/** "8 · Tan": a row's values, the header of its row in the grid. */
export const rowLabel = (optionValues: readonly string[]): string => optionValues.join(' · ');
