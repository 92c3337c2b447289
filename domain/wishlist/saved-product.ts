/**
 * A saved product or variant as the wishlist shows it, from the product as the catalog has it
 * now: the server's wishlist reads it so, and the SPA again from each live change of the product,
 * so a saved variant keeps its own price and stock on screen.
 */
import { type Paise, percentOff } from '../money.ts';
import { type ProductTranslations, type TranslatedNames, translatedNames } from '../product/translation.ts';

/** What a saved item reads of the catalog's product (a public product has it all). */
export interface CatalogProduct {
  id: string;
  name: string;
  translations: ProductTranslations;
  sellerName: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  percentOff: number | null;
  imageUrl: string | null;
  stockQuantity: number;
  /** In the public catalog. */
  visible: boolean;
  options: readonly unknown[];
  personalisation: ReadonlyArray<{ required: boolean }>;
  variants: ReadonlyArray<{
    id: string;
    label: string;
    pricePaise: Paise;
    originalPricePaise: Paise | null;
    imageUrls: readonly string[];
    stockQuantity: number;
  }>;
}

/** What Add to Cart must ask on the product page first: a variant to choose, or answers to required questions. */
export const ASK_FIRST = ['variant', 'answers'] as const;
export type AskFirst = (typeof ASK_FIRST)[number];

export interface SavedProduct {
  id: string;
  name: string;
  names: TranslatedNames;
  sellerName: string;
  pricePaise: Paise;
  originalPricePaise: Paise | null;
  percentOff: number | null;
  imageUrl: string | null;
  stockQuantity: number;
  variantLabel: string;
  asksFirst: AskFirst | null;
  available: boolean;
}

/**
 * The product at the price, picture and stock of the variant saved (`variantId`; null: the
 * product as a whole, its lowest price and all its stock); a variant it no longer has is not
 * available. Add to Cart asks first for a variant of a product with options saved as a whole,
 * else for the answers to its required questions.
 */
export function savedProduct(product: CatalogProduct, variantId: string | null): SavedProduct {
  const variant = variantId === null ? undefined : product.variants.find((one) => one.id === variantId);
  const of = variant ?? product;
  return {
    id: product.id,
    name: product.name,
    names: translatedNames(product.translations),
    sellerName: product.sellerName,
    pricePaise: of.pricePaise,
    originalPricePaise: of.originalPricePaise,
    percentOff: variant ? percentOff(variant.pricePaise, variant.originalPricePaise) : product.percentOff,
    imageUrl: variant?.imageUrls[0] ?? product.imageUrl,
    stockQuantity: of.stockQuantity,
    variantLabel: variant?.label ?? '',
    asksFirst:
      variantId === null && product.options.length > 0
        ? 'variant'
        : product.personalisation.some((question) => question.required)
          ? 'answers'
          : null,
    available: product.visible && (variantId === null || variant !== undefined),
  };
}
