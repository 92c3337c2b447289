import { type Paise, multiply, sum } from '../money.ts';

/** Where a product stands with the admins: new listings wait for review. */
export const VERIFICATIONS = ['pending', 'verified', 'rejected'] as const;
export type Verification = (typeof VERIFICATIONS)[number];

/** What the derived status of a product depends on. */
export interface ProductStatusFacts {
  verification: Verification;
  featured: boolean;
  delisted: boolean;
  stockQuantity: number;
}

export const DISPLAY_STATUSES = [
  'Delisted',
  'Rejected',
  'Pending Review',
  'Featured',
  'Out of Stock',
  'Active',
] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

/**
 * The badge of a product (spec section 4): not verified = Pending Review; verified and
 * featured = Featured, even without stock; verified without stock = Out of Stock;
 * otherwise Active. Delisted and Rejected come first: such products are not for sale.
 */
export function displayStatus(product: ProductStatusFacts): DisplayStatus {
  if (product.delisted) return 'Delisted';
  if (product.verification === 'rejected') return 'Rejected';
  if (product.verification === 'pending') return 'Pending Review';
  if (product.featured) return 'Featured';
  return product.stockQuantity === 0 ? 'Out of Stock' : 'Active';
}

/** Whether a buyer may put the product in a cart or order it (stock aside). */
export const isPurchasable = (product: Pick<ProductStatusFacts, 'verification' | 'delisted'>): boolean =>
  product.verification === 'verified' && !product.delisted;

/** Counts towards the seller's Active Products: in stock and verified (and still listed). */
export const isActive = (product: ProductStatusFacts): boolean => isPurchasable(product) && product.stockQuantity > 0;

/** Below this many units (and above none) a product shows 'Only Few Left!'. */
export const LOW_STOCK_THRESHOLD = 10;

export const isLowStock = (stockQuantity: number): boolean => stockQuantity > 0 && stockQuantity < LOW_STOCK_THRESHOLD;

/** The seller's Inventory Value: sum of price x stock. */
export function inventoryValue(products: ReadonlyArray<{ pricePaise: Paise; stockQuantity: number }>): Paise {
  return sum(products.map((product) => multiply(product.pricePaise, product.stockQuantity)));
}
