import { describe, expect, it } from 'vitest';
import { pickLocale, splitLocalePath } from './locales.ts';

describe('pickLocale', () => {
  it('takes the first preferred language MIBI speaks, by its primary subtag', () => {
    expect(pickLocale(['hi-IN', 'en'])).toBe('hi');
    expect(pickLocale(['fr-FR', 'HI', 'en'])).toBe('hi');
    expect(pickLocale(['en-GB', 'hi'])).toBe('en');
  });

  it('falls back to English when none is spoken here', () => {
    expect(pickLocale(['fr', 'de-DE'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});

describe('splitLocalePath', () => {
  it('reads the language a path names and the page within it', () => {
    expect(splitLocalePath('/hi/products/p-1')).toEqual({ locale: 'hi', page: '/products/p-1' });
    expect(splitLocalePath('/hi')).toEqual({ locale: 'hi', page: '/' });
    expect(splitLocalePath('/pseudo/cart')).toEqual({ locale: 'pseudo', page: '/cart' });
  });

  it('takes a path naming no language (English has none) as the page itself', () => {
    expect(splitLocalePath('/products')).toEqual({ locale: null, page: '/products' });
    expect(splitLocalePath('/en/products')).toEqual({ locale: null, page: '/en/products' });
    expect(splitLocalePath('/history')).toEqual({ locale: null, page: '/history' });
    expect(splitLocalePath('/')).toEqual({ locale: null, page: '/' });
  });
});
