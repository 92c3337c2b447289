import { describe, expect, it } from 'vitest';
import {
  type ProductStatusFacts,
  displayStatus,
  inventoryValue,
  isActive,
  isLowStock,
  isPurchasable,
} from './status.ts';

const product = (facts: Partial<ProductStatusFacts> = {}): ProductStatusFacts => ({
  verification: 'verified',
  featured: false,
  delisted: false,
  stockQuantity: 5,
  ...facts,
});

describe('displayStatus', () => {
  it.each([
    [{ verification: 'pending' }, 'Pending Review'],
    [{ verification: 'pending', featured: true }, 'Pending Review'],
    [{ featured: true }, 'Featured'],
    [{ featured: true, stockQuantity: 0 }, 'Featured'],
    [{ stockQuantity: 0 }, 'Out of Stock'],
    [{}, 'Active'],
    [{ verification: 'rejected' }, 'Rejected'],
    [{ delisted: true, verification: 'rejected' }, 'Delisted'],
    [{ delisted: true }, 'Delisted'],
  ] as const)('%j is %s', (facts, status) => {
    expect(displayStatus(product(facts))).toBe(status);
  });
});

describe('isActive and isPurchasable', () => {
  it.each([
    [{}, true, true],
    [{ stockQuantity: 0 }, false, true],
    [{ verification: 'pending' }, false, false],
    [{ verification: 'rejected' }, false, false],
    [{ delisted: true }, false, false],
  ] as const)('%j: active %s, purchasable %s', (facts, active, purchasable) => {
    expect(isActive(product(facts))).toBe(active);
    expect(isPurchasable(product(facts))).toBe(purchasable);
  });
});

it.each([
  [0, false],
  [1, true],
  [9, true],
  [10, false],
])('stock %i shows Only Few Left!: %s', (stock, low) => {
  expect(isLowStock(stock)).toBe(low);
});

it('values the inventory as the sum of price x stock', () => {
  expect(inventoryValue([])).toBe(0);
  expect(
    inventoryValue([
      { pricePaise: 49_950, stockQuantity: 3 },
      { pricePaise: 1, stockQuantity: 0 },
      { pricePaise: 10_000, stockQuantity: 10 },
    ]),
  ).toBe(249_850);
});
