import type { BuyerNotificationDoc } from './documents.ts';

/** Test fixture: asha's unread notice of a price drop on the saved Brass Diya; `fields` override any part. */
export const priceDropNotice = (id: string, fields: Partial<BuyerNotificationDoc> = {}): BuyerNotificationDoc => ({
  id,
  buyerId: 'asha',
  topic: 'wishlist',
  kind: 'price_drop',
  productId: 'diya',
  orderId: null,
  sellerOrderId: null,
  title: 'Price drop: Brass Diya',
  body: 'Now ₹399.00, was ₹499.00.',
  read: false,
  createdAt: '2024-05-01T10:00:00.000Z',
  position: 1,
  ...fields,
});
