import { describe, expect, it } from 'vitest';
import { pickLocale } from './locales.ts';

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
