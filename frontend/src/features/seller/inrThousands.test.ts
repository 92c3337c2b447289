import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../i18n/catalogs.ts';
import { i18n } from '../../i18n/i18n.ts';
import { inrThousands } from './inrThousands.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} }));

describe('thousands of rupees', () => {
  it('keep the K in English, and whole rupees below ₹1,000', () => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} });
    expect(inrThousands(1_245_000)).toBe('₹12.5K');
    expect(inrThousands(45_000)).toBe('₹450');
  });

  it('are named in Hindi for a Hindi reader', async () => {
    const messages = { ...(await loadCatalogs('hi', 'start')), ...(await loadCatalogs('hi', 'rest')) };
    i18n.loadAndActivate({ locale: 'hi', locales: ['hi-IN'], messages });
    expect(inrThousands(28_590_000)).toBe('₹285.9 हज़ार');
    expect(inrThousands(45_000)).toBe('₹450');
  });
});
