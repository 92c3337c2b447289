import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrivesText, looksLikePin } from './windowText.ts';

describe('a delivery window as text', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} }));
  it('names the month once within a month, both across months, one day alone', () => {
    expect(arrivesText('2026-12-03', '2026-12-05')).toBe('Arrives 3-5 Dec');
    expect(arrivesText('2026-11-30', '2026-12-02')).toBe('Arrives 30 Nov-2 Dec');
    expect(arrivesText('2026-12-31', '2027-01-02')).toBe('Arrives 31 Dec-2 Jan');
    expect(arrivesText('2026-12-03', '2026-12-03')).toBe('Arrives 3 Dec');
  });

  it('asks only about six digits not starting with 0', () => {
    expect(looksLikePin('560 001')).toBe(true);
    expect(looksLikePin('056001')).toBe(false);
    expect(looksLikePin('56001')).toBe(false);
  });
});

it('writes the days in the language on screen', () => {
  i18n.loadAndActivate({ locale: 'hi', locales: ['hi-IN'], messages: {} });
  expect(arrivesText('2026-12-03', '2026-12-05')).toMatch(/^Arrives 3-5 दिस/);
});
