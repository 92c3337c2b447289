import { i18n } from '@lingui/core';
import { beforeAll, expect, it } from 'vitest';
import { orderable, shortageText } from './shortage.ts';

const line = (available: boolean, left: number | null) => ({
  product: {
    id: 'p-1',
    name: 'Rare Saree',
    names: {},
    pricePaise: 100,
    imageUrl: null,
    stockQuantity: left ?? 9,
    available,
    madeToOrderDays: null,
  },
  shortage: left === null ? null : { left },
});

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

it('says nothing of a line that can be ordered', () => {
  expect(shortageText(line(true, null))).toBeNull();
});

it('says how many are left, or that none are, or that the product left sale', () => {
  expect(shortageText(line(true, 1))).toBe('Only 1 left');
  expect(shortageText(line(true, 0))).toBe('Out of stock');
  expect(shortageText(line(false, 0))).toBe('No longer available');
});

it('lets the order go only when no line is flagged', () => {
  expect(orderable([line(true, null), line(true, null)])).toBe(true);
  expect(orderable([line(true, null), line(true, 2)])).toBe(false);
  expect(orderable([])).toBe(true);
});
