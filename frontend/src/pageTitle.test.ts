import { i18n } from '@lingui/core';
import { beforeAll, expect, it } from 'vitest';
import { pageTitle } from './pageTitle.ts';

// English, as the catalogs' source: the ids' default texts.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

it("names a page by its main heading, then the site's name", () => {
  expect(pageTitle('/checkout', { text: 'Checkout' })).toBe('Checkout | MIBI');
  expect(pageTitle('/products/p-1', { text: '  Banarasi\n Silk   Saree ' })).toBe('Banarasi Silk Saree | MIBI');
});

it('takes the heading’s data-title when it has one', () => {
  expect(pageTitle('/no/such/page', { text: '404', title: 'Page not found' })).toBe('Page not found | MIBI');
});

it("keeps the site's title at home, while a page loads, and without a heading", () => {
  expect(pageTitle('/', { text: 'Make in India, Buy in India' })).toBe('MIBI · Make in India, Buy in India');
  expect(pageTitle('/products/p-1', { text: 'Loading...' })).toBe('MIBI · Make in India, Buy in India');
  expect(pageTitle('/dashboard/seller', null)).toBe('MIBI · Make in India, Buy in India');
});
