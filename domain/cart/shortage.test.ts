import { expect, it } from 'vitest';
import { shortageOf } from './shortage.ts';

const onSale = (stockQuantity: number) => ({ available: true, stockQuantity });

it('finds no shortage while the stock covers the quantity', () => {
  expect(shortageOf(3, onSale(3))).toBeNull();
  expect(shortageOf(1, onSale(40))).toBeNull();
});

it('says how many units are left when the stock dropped below the quantity', () => {
  expect(shortageOf(3, onSale(1))).toEqual({ left: 1 });
  expect(shortageOf(3, onSale(0))).toEqual({ left: 0 });
});

it('leaves nothing of a product no longer for sale, whatever its stock', () => {
  expect(shortageOf(1, { available: false, stockQuantity: 9 })).toEqual({ left: 0 });
});
