/**
 * A line's identity in a cart, an order, a return or a credit note: what tells two lines of
 * one product apart. The product id alone for its default variant without answers, so every
 * line written before variants keeps its key; else the product, the variant and a digest of
 * the answers (two engravings of one variant are two lines).
 */
import type { Answer } from '../product/personalisation.ts';
import { DEFAULT_VARIANT_ID } from '../product/variants.ts';

export interface KeyedLine {
  productId: string;
  /** Absent on lines written before variants: the default variant. */
  variantId?: string | undefined;
  personalisation?: readonly Answer[] | undefined;
}

/** Separates the parts of a key: unreserved in URLs, and in no product id, variant id or digest. */
const SEPARATOR = '~';

export function lineKey({ productId, variantId = DEFAULT_VARIANT_ID, personalisation = [] }: KeyedLine): string {
  if (variantId === DEFAULT_VARIANT_ID && personalisation.length === 0) return productId;
  const parts = [productId, variantId];
  if (personalisation.length > 0) parts.push(answersDigest(personalisation));
  return parts.join(SEPARATOR);
}

/** The product a line key names. */
export const productIdOfKey = (key: string): string => key.split(SEPARATOR)[0]!;

/**
 * The same answers (in any order of questions) give the same 16 hex digits: FNV-1a over the
 * question ids and answers, twice with different seeds (pure: the domain has no node:crypto).
 */
export function answersDigest(answers: readonly Answer[]): string {
  const text = [...answers]
    .sort((a, b) => (a.questionId < b.questionId ? -1 : a.questionId > b.questionId ? 1 : 0))
    .map((a) => `${a.questionId}\u0000${a.answer}`)
    .join('\u0001');
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x01000193 ^ 0x5bd1e995);
}

function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** What names a line beyond its product: its variant and answers. */
export interface LineKeyFields {
  variantId?: string;
  personalisation?: Answer[];
}

/**
 * The variant and answers of a line, each only when it is not the default one, so the lines of
 * a product sold as one thing are written as they were before variants.
 */
export function keyFields({ variantId = DEFAULT_VARIANT_ID, personalisation = [] }: KeyedLine): LineKeyFields {
  return {
    ...(variantId === DEFAULT_VARIANT_ID ? {} : { variantId }),
    ...(personalisation.length === 0 ? {} : { personalisation: [...personalisation] }),
  };
}

/** Lines grouped by their product, in the order each product first comes: one stream's work each. */
export function byProduct<T>(lines: readonly T[], productIdOf: (line: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const line of lines) {
    const productId = productIdOf(line);
    groups.set(productId, [...(groups.get(productId) ?? []), line]);
  }
  return groups;
}
