/** A product's details for tests: one copy, so a change of the listing fields changes it once. */

/** The brass diya as its seller lists it, without images and stock. */
export const DIYA_DETAILS = {
  name: 'Brass Diya',
  description: 'Hand-cast brass oil lamp.',
  pricePaise: 49_900,
  originalPricePaise: null,
  categoryId: 'handicrafts',
  tags: [],
};
