import type { ProductDoc } from './documents.ts';

/** A complete, visible product document for tests; `fields` override any part. */
export function productDoc(id: string, fields: Partial<ProductDoc> = {}): ProductDoc {
  return {
    id,
    sellerId: 'seller-1',
    sellerName: 'Meera Weaves',
    name: `Product ${id}`,
    description: 'Handwoven in Varanasi.',
    pricePaise: 100_000,
    originalPricePaise: null,
    percentOff: null,
    categoryId: 'textiles',
    imageUrl: null,
    images: [],
    tags: [],
    stockQuantity: 5,
    verification: 'verified',
    rejectionReason: null,
    featured: false,
    delisted: false,
    sellerVerified: false,
    sellerSuspended: false,
    visible: true,
    displayStatus: 'Active',
    ratingCount: 0,
    ratingSum: 0,
    rating: null,
    unitsSold: 0,
    lastSoldAt: null,
    pendingRevision: null,
    hasPendingRevision: false,
    rejectedRevision: null,
    listedAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...fields,
  };
}
