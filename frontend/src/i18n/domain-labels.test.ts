import { afterEach, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../domain/catalog/categories.ts';
import { NOTICES } from '../../../domain/notices.ts';
import {
  DELIVERY_METHODS,
  DELIVERY_OPTIONS,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
} from '../../../domain/order/options.ts';
import {
  categoryDescription,
  categoryName,
  deliveryEstimate,
  deliveryLabel,
  noticeText,
  paymentDescription,
  paymentLabel,
} from './domain-labels.ts';
import { loadCatalogs } from './catalogs.ts';
import { i18n } from './i18n.ts';

// The Hindi catalogs every page loads at start, as the SPA loads them.
const hindi = await loadCatalogs('hi', 'start');

const noticeKeys = Object.keys(NOTICES) as (keyof typeof NOTICES)[];

/** Every label the maps give, with the domain's English for it. */
const labels = () => [
  ...CATEGORIES.flatMap((category) => [
    [categoryName(category), category.name],
    [categoryDescription(category), category.description],
  ]),
  ...DELIVERY_METHODS.flatMap((method) => [
    [deliveryLabel(method), DELIVERY_OPTIONS[method].label],
    [deliveryEstimate(method), DELIVERY_OPTIONS[method].estimate],
  ]),
  ...PAYMENT_METHOD_IDS.flatMap((method) => [
    [paymentLabel(method), PAYMENT_METHODS[method].label],
    [paymentDescription(method), PAYMENT_METHODS[method].description],
  ]),
  ...noticeKeys.flatMap((key) => [
    [noticeText(key).title, NOTICES[key].title],
    [noticeText(key).description, NOTICES[key].description],
  ]),
];

afterEach(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} }));

describe('the domain labels', () => {
  it('say in English exactly what the domain says', () => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} });
    for (const [shown, domain] of labels()) expect(shown).toBe(domain);
  });

  it('are all in Hindi for a Hindi reader', () => {
    i18n.loadAndActivate({ locale: 'hi', locales: ['hi-IN'], messages: hindi });
    for (const [shown, domain] of labels()) expect(shown, domain).not.toBe(domain);
    expect(categoryName({ id: 'textiles', name: 'Textiles' })).toBe('कपड़े');
    expect(deliveryLabel('express')).toBe('एक्सप्रेस डिलीवरी');
  });

  it('keep the name the API gives to a category the SPA does not know', () => {
    i18n.loadAndActivate({ locale: 'hi', locales: ['hi-IN'], messages: hindi });
    expect(categoryName({ id: 'toys', name: 'Toys' })).toBe('Toys');
    expect(categoryDescription({ id: 'toys', description: 'Wooden toys' })).toBe('Wooden toys');
  });
});
