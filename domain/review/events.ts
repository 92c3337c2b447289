export const reviewStream = (productId: string, userId: string): string => `review-${productId}-${userId}`;

/** One stream per buyer and product: a buyer has at most one review of a product, which they may edit. */
export type ReviewEvent =
  | {
      type: 'ReviewSubmitted';
      data: { productId: string; buyerId: string; authorName: string; rating: number; comment: string; at: string };
    }
  | { type: 'ReviewEdited'; data: { productId: string; buyerId: string; rating: number; comment: string; at: string } };
