/**
 * The buyer's choice among a product's variants (the shapes of domain/product/variants.ts, with
 * each variant's stock from the read model): which values can be picked given the others
 * chosen, the variant a full choice names, and what is missing before Add to Cart.
 */

export interface OptionOf {
  name: string;
  values: readonly string[];
}

export interface VariantOf {
  id: string;
  optionValues: readonly string[];
  stockQuantity: number;
}

export interface Choosable<V extends VariantOf = VariantOf> {
  options: readonly OptionOf[];
  variants: readonly V[];
}

/** One value per option, in order; null where nothing is chosen yet. */
export type Choice = ReadonlyArray<string | null>;

/** Why a value cannot be picked with the others chosen: no such combination, or none left. */
export type ValueState = 'available' | 'soldOut' | 'missing';

const fits = (variant: VariantOf, choice: Choice): boolean =>
  choice.every((value, i) => value === null || variant.optionValues[i] === value);

/**
 * The choice `?variant=` names, else the only values there are (an option with one value is
 * chosen already), else nothing. A product without options has nothing to choose.
 */
export function choiceFrom({ options, variants }: Choosable, variantId: string | null): Choice {
  const named = variants.find((variant) => variant.id === variantId);
  if (named && named.optionValues.length === options.length) return [...named.optionValues];
  return options.map((option) => (option.values.length === 1 ? option.values[0]! : null));
}

/** The variant a full choice names; for a product without options, its default variant. */
export function variantOf<V extends VariantOf>({ variants }: Choosable<V>, choice: Choice): V | null {
  if (choice.some((value) => value === null)) return null;
  return variants.find((variant) => variant.optionValues.every((value, i) => value === choice[i])) ?? null;
}

/**
 * Whether `value` of option `index` can be picked, the other options as chosen: 'missing' when no
 * variant has it with them, 'soldOut' when every one that has it is out of stock.
 */
export function valueState({ variants }: Choosable, choice: Choice, index: number, value: string): ValueState {
  const tried = choice.map((chosen, i) => (i === index ? value : chosen));
  const matching = variants.filter((variant) => fits(variant, tried));
  if (matching.length === 0) return 'missing';
  return matching.some((variant) => variant.stockQuantity > 0) ? 'available' : 'soldOut';
}

/** `choice` with option `index` set to `value`. */
export const withValue = (choice: Choice, index: number, value: string): Choice =>
  choice.map((chosen, i) => (i === index ? value : chosen));

/** The first option still to choose, named as Add to Cart says it ("Please choose a size"), or null. */
export function missingChoice({ options }: Choosable, choice: Choice): string | null {
  const missing = options.find((_, i) => (choice[i] ?? null) === null);
  return missing ? missing.name.toLowerCase() : null;
}

/** A colour option's values show as swatches with their names. */
export const isColourOption = (name: string): boolean => /^colou?rs?$/i.test(name.trim());
