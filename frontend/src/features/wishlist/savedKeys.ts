/**
 * What the buyer has saved, as keys the server also uses: a product's id for the product as a
 * whole, `${productId}~${variantId}` for one of its variants (the default variant is the product).
 */

export const wishKey = (productId: string, variantId?: string | null): string =>
  variantId && variantId !== 'default' ? `${productId}~${variantId}` : productId;

export function parseWishKey(key: string): { productId: string; variantId?: string } {
  const [productId = '', variantId] = key.split('~');
  return variantId === undefined ? { productId } : { productId, variantId };
}

/**
 * The keys saved after a change the server answered: every variant it lists, and each product it
 * lists without a variant of it. A product listed with a variant may be saved itself too (the
 * answer cannot tell): then it is saved if it was before or just now (`wanted`).
 */
export function keysAfter(
  answer: { productIds: readonly string[]; variants: ReadonlyArray<{ productId: string; variantId: string }> },
  wanted: ReadonlySet<string>,
): Set<string> {
  const withVariants = new Set(answer.variants.map((one) => one.productId));
  return new Set([
    ...answer.variants.map((one) => wishKey(one.productId, one.variantId)),
    ...answer.productIds.filter((id) => !withVariants.has(id) || wanted.has(id)),
  ]);
}

/** The products with anything saved: the hearts of product cards show these filled. */
export const productsOf = (keys: ReadonlySet<string>): Set<string> =>
  new Set([...keys].map((key) => parseWishKey(key).productId));
