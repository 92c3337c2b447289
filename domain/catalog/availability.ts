import { DomainError } from '../decider.ts';
import type { Verification } from './status.ts';
import { english } from '../i18n/message.ts';

/** What a cart or an order must know about a product at the moment of buying it. */
export interface PurchaseFacts {
  name: string;
  sellerId: string;
  stockQuantity: number;
  /** `isPurchasable` of the product: verified and still listed. */
  available: boolean;
}

const NOT_AVAILABLE = 'not_available';
const INSUFFICIENT_STOCK = 'insufficient_stock';
/** The codes of `assertCanBuy`'s refusals: a cart line the buyer can fix (lower it, or remove it). */
export const SHORTAGE_CODES: readonly string[] = [NOT_AVAILABLE, INSUFFICIENT_STOCK];

/** Throws a conflict, `not_available` or `insufficient_stock`, unless `quantity` units may be bought. */
export function assertCanBuy(product: PurchaseFacts, quantity: number): void {
  if (!product.available) {
    throw new DomainError(
      NOT_AVAILABLE,
      english(/*i18n*/ '"{name}" is not available for purchase', { name: product.name }),
      'conflict',
    );
  }
  if (quantity > product.stockQuantity) {
    const message =
      product.stockQuantity === 0
        ? `"${product.name}" is out of stock`
        : `Only ${product.stockQuantity} of "${product.name}" left in stock`;
    throw new DomainError(INSUFFICIENT_STOCK, message, 'conflict');
  }
}

export const OWN_PRODUCT_MESSAGE = /*i18n*/ 'You cannot buy your own product';

export const NOT_ON_SALE_MESSAGES = {
  pending: /*i18n*/ 'This product is waiting for review: it is not on sale yet',
  other: /*i18n*/ 'This product is not on sale',
} as const;

/**
 * Why `buyerId` (null: a visitor) cannot put the product in a cart at all, stock aside; null when they may. The
 * product page says it where Add to Cart would be, rather than offer a button the server refuses.
 */
export function whyNotForSale(
  product: { sellerId: string; verification: Verification; visible: boolean },
  buyerId: string | null,
): string | null {
  if (buyerId !== null && product.sellerId === buyerId) return OWN_PRODUCT_MESSAGE;
  if (product.visible) return null;
  return product.verification === 'pending' ? NOT_ON_SALE_MESSAGES.pending : NOT_ON_SALE_MESSAGES.other;
}

/** No self-dealing: a seller buying its own product would make fake sales and reviews possible. */
export function assertNotOwnProduct(buyerId: string, product: Pick<PurchaseFacts, 'sellerId'>): void {
  if (product.sellerId === buyerId) throw new DomainError('own_product', OWN_PRODUCT_MESSAGE, 'forbidden');
}
