export interface Category {
  /** Stable slug, used in `/products?category={id}` and on products. */
  id: string;
  name: string;
  description: string;
  /** Whether delivered items may be sent back, until an admin sets otherwise (see policy.ts). */
  returnable: boolean;
}

/**
 * The six categories the marketplace starts with, in the order the product filter lists them.
 * Their names are server catalog messages: texts made of them (a product's history) read back in
 * the reader's language.
 */
export const CATEGORIES = [
  {
    id: 'textiles',
    name: /*i18n*/ 'Textiles',
    description: 'Handloom sarees, shawls, fabrics and garments woven by weavers across India.',
    returnable: true,
  },
  {
    id: 'handicrafts',
    name: /*i18n*/ 'Handicrafts',
    description: 'Pottery, woodwork, metalware and other pieces made by hand in artisan clusters.',
    returnable: true,
  },
  {
    id: 'spices',
    name: /*i18n*/ 'Spices',
    description: 'Whole and ground spices, masalas and teas sourced from Indian farms and estates.',
    returnable: false,
  },
  {
    id: 'jewelry',
    name: /*i18n*/ 'Jewelry',
    description: 'Silver, brass, beaded and temple jewellery crafted by traditional artisans.',
    returnable: true,
  },
  {
    id: 'home-decor',
    name: /*i18n*/ 'Home Decor',
    description: 'Lamps, rugs, wall art and furnishings that bring Indian design into the home.',
    returnable: true,
  },
  {
    id: 'ayurveda',
    name: /*i18n*/ 'Ayurveda',
    description: 'Herbal oils, powders and wellness products made to traditional Ayurvedic recipes.',
    returnable: false,
  },
] as const satisfies readonly Category[];
