import { expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';

it('seeds the six categories of the product filter, each with a slug of its name', () => {
  expect(CATEGORIES.map((category) => category.name)).toEqual([
    'Textiles',
    'Handicrafts',
    'Spices',
    'Jewelry',
    'Home Decor',
    'Ayurveda',
  ]);
  for (const { id, name, description } of CATEGORIES) {
    expect(id).toBe(name.toLowerCase().replaceAll(' ', '-'));
    expect(description).toMatch(/^[A-Z].{20,}\.$/);
  }
});
