/**
 * The domain's fixed labels in the language on screen. The domain (and so the API) names its
 * categories, delivery and payment options and shared notices in English; the SPA shows them
 * through these maps, keyed by the domain's value and kept in the shell's catalog, which every
 * page loads at start (the shop's first page shows them before the other catalogs arrive).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CATEGORIES } from '../../../domain/catalog/categories.ts';
import type { NOTICES } from '../../../domain/notices.ts';
import type { DeliveryMethod, PaymentMethod } from '../../../domain/order/options.ts';
import { i18n } from './i18n.ts';

type CategoryId = (typeof CATEGORIES)[number]['id'];

const CATEGORY_TEXTS: Record<CategoryId, { name: MessageDescriptor; description: MessageDescriptor }> = {
  textiles: {
    name: msg`Textiles`,
    description: msg`Handloom sarees, shawls, fabrics and garments woven by weavers across India.`,
  },
  handicrafts: {
    name: msg`Handicrafts`,
    description: msg`Pottery, woodwork, metalware and other pieces made by hand in artisan clusters.`,
  },
  spices: {
    name: msg`Spices`,
    description: msg`Whole and ground spices, masalas and teas sourced from Indian farms and estates.`,
  },
  jewelry: {
    name: msg`Jewelry`,
    description: msg`Silver, brass, beaded and temple jewellery crafted by traditional artisans.`,
  },
  'home-decor': {
    name: msg`Home Decor`,
    description: msg`Lamps, rugs, wall art and furnishings that bring Indian design into the home.`,
  },
  ayurveda: {
    name: msg`Ayurveda`,
    description: msg`Herbal oils, powders and wellness products made to traditional Ayurvedic recipes.`,
  },
};

const categoryTexts = (id: string) => (Object.hasOwn(CATEGORY_TEXTS, id) ? CATEGORY_TEXTS[id as CategoryId] : null);

/** A category's name on screen; a category the SPA does not know keeps the name the API gives. */
export function categoryName(category: { id: string; name: string }): string {
  const texts = categoryTexts(category.id);
  return texts ? i18n._(texts.name) : category.name;
}

/** A category's description on screen; as the API gives it for a category the SPA does not know. */
export function categoryDescription(category: { id: string; description: string }): string {
  const texts = categoryTexts(category.id);
  return texts ? i18n._(texts.description) : category.description;
}

const DELIVERY_TEXTS: Record<DeliveryMethod, { label: MessageDescriptor; estimate: MessageDescriptor }> = {
  standard: { label: msg`Standard Delivery`, estimate: msg`5-7 business days` },
  express: { label: msg`Express Delivery`, estimate: msg`2-3 business days` },
  overnight: { label: msg`Overnight Delivery`, estimate: msg`Next day` },
};

/** "Standard Delivery" (DELIVERY_OPTIONS[method].label) on screen. */
export const deliveryLabel = (method: DeliveryMethod): string => i18n._(DELIVERY_TEXTS[method].label);

/** "5-7 business days" (DELIVERY_OPTIONS[method].estimate) on screen. */
export const deliveryEstimate = (method: DeliveryMethod): string => i18n._(DELIVERY_TEXTS[method].estimate);

const PAYMENT_TEXTS: Record<PaymentMethod, { label: MessageDescriptor; description: MessageDescriptor }> = {
  cod: { label: msg`Cash on Delivery`, description: msg`Pay when you receive` },
  online: { label: msg`Pay online (UPI, cards, netbanking)`, description: msg`Pay now on the payment page` },
};

/** "Cash on Delivery" (PAYMENT_METHODS[method].label) on screen. */
export const paymentLabel = (method: PaymentMethod): string => i18n._(PAYMENT_TEXTS[method].label);

/** "Pay when you receive" (PAYMENT_METHODS[method].description) on screen. */
export const paymentDescription = (method: PaymentMethod): string => i18n._(PAYMENT_TEXTS[method].description);

type NoticeKey = keyof typeof NOTICES;

const NOTICE_TEXTS: Record<NoticeKey, { title: MessageDescriptor; description: MessageDescriptor }> = {
  loginToAddToCart: { title: msg`Login Required`, description: msg`Please login to add items to cart` },
  loginToReview: { title: msg`Login Required`, description: msg`Please login to submit a review` },
  purchaseRequired: { title: msg`Purchase Required`, description: msg`You can only review products you've purchased` },
  reviewSubmitted: { title: msg`Review Submitted`, description: msg`Thank you for your review!` },
};

/** A toast of the spec shared with the API (NOTICES[key]) on screen: its title and description. */
export function noticeText(key: NoticeKey): { title: string; description: string } {
  const { title, description } = NOTICE_TEXTS[key];
  return { title: i18n._(title), description: i18n._(description) };
}
