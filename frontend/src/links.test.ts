import { expect, it } from 'vitest';
import { afterSignIn, loginHref } from './links.ts';

it('sends the login page back to the page that asked for it', () => {
  expect(loginHref('/products/p-1?tab=reviews')).toBe('/auth?next=%2Fproducts%2Fp-1%3Ftab%3Dreviews');
  expect(afterSignIn('next=%2Fproducts%2Fp-1%3Ftab%3Dreviews')).toBe('/products/p-1?tab=reviews');
  expect(afterSignIn('tab=signup&next=%2Fwishlist')).toBe('/wishlist');
});

it.each([
  '',
  'next=',
  'next=https%3A%2F%2Fevil.example',
  'next=%2F%2Fevil.example',
  'next=%2F%5Cevil.example',
  'next=javascript%3Aalert(1)',
])('goes home for %j, never to another site', (search) => {
  expect(afterSignIn(search)).toBe('/');
});
