import type { Doc } from '../platform/readstore/port.ts';

export const COLLECTIONS = {
  products: 'products',
  categories: 'categories',
} as const;

/** projections/catalog/projection.ts */
export interface CategoryDoc extends Doc {
  name: string;
  description: string;
  /** Delivered items of the category may be returned (the default, or what an admin set). */
  returnable: boolean;
  /** Visible products in the category. */
  productCount: number;
}
