import { expect, it } from 'vitest';
import { averageRating } from './rating.ts';

it.each([
  [0, 0, null],
  [5, 1, 5],
  [9, 2, 4.5],
  [17, 4, 4.3],
  [13, 3, 4.3],
  [14, 3, 4.7],
])('sum %i over %i ratings averages %s', (sum, count, average) => {
  expect(averageRating(sum, count)).toBe(average);
});
