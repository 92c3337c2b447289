export const COLLECTIONS = {
  products: 'products',
} as const;
