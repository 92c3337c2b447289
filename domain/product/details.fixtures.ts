/** A product's details for tests: one copy, so a change of the listing fields changes it once. */

/** The brass diya as its seller lists it, without images and stock. */
export const DIYA_DETAILS = {
  name: 'Brass Diya',
  description: 'Hand-cast brass oil lamp.',
  pricePaise: 49_900,
  originalPricePaise: null,
  categoryId: 'handicrafts',
  tags: [],
  tax: { hsn: '7418', gstRateBps: 500 },
  madeToOrderDays: null,
  personalisation: [],
};

/** The Banarasi silk saree as its seller lists it, 5 in stock, without images. */
export const SAREE_DETAILS = {
  name: 'Banarasi Silk Saree',
  description: 'Handwoven pure silk saree with zari work.',
  pricePaise: 1_250_000,
  originalPricePaise: 1_500_000,
  stockQuantity: 5,
  categoryId: 'textiles',
  tags: ['silk', 'handloom'],
  tax: { hsn: '50072010', gstRateBps: 500 },
  madeToOrderDays: null,
  personalisation: [],
};
