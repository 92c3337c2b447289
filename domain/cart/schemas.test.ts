import { expect, it } from 'vitest';
import { errorsOf } from '../testing.ts';
import { addToCartSchema, setCartQuantitySchema } from './schemas.ts';

it('adds one unit unless told otherwise, with no answers unless given', () => {
  expect(addToCartSchema.parse({ productId: 'p-1' })).toEqual({ productId: 'p-1', quantity: 1, personalisation: [] });
  expect(addToCartSchema.parse({ productId: 'p-1', quantity: 3 })).toMatchObject({ productId: 'p-1', quantity: 3 });
});

it.each([
  [{ quantity: 1 }, { productId: 'Product is required' }],
  [{ productId: 'p-1', quantity: 0 }, { quantity: 'Quantity must be at least 1' }],
  [{ productId: 'p-1', quantity: 1.5 }, { quantity: 'Quantity must be a whole number' }],
  [{ productId: 'p-1', quantity: '2' }, { quantity: 'Quantity must be a whole number' }],
  [{ productId: 'p-1', quantity: 1_000_001 }, { quantity: 'Quantity is too large' }],
])('add to cart %j: %j', (body, errors) => {
  expect(errorsOf(addToCartSchema, body)).toEqual(errors);
});

it('takes zero or less as a quantity to set, which removes the line', () => {
  expect(setCartQuantitySchema.parse({ quantity: 0 })).toEqual({ quantity: 0 });
  expect(setCartQuantitySchema.parse({ quantity: -1 })).toEqual({ quantity: -1 });
  expect(setCartQuantitySchema.safeParse({ quantity: 0.5 }).success).toBe(false);
});
