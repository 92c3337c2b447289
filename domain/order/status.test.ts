import { expect, it } from 'vitest';
import { shortOrderId } from './status.ts';

it('shows the first 8 characters of an order id', () => {
  expect(shortOrderId('3f2b9c1e-77aa-4b1e-9d7c-0a1b2c3d4e5f')).toBe('3f2b9c1e');
});
