import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogs } from '../../../i18n/catalogs.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { fieldLabel, fieldValue } from './fieldWords.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} }));

async function hindi() {
  const messages = { ...(await loadCatalogs('hi', 'start')), ...(await loadCatalogs('hi', 'rest')) };
  i18n.loadAndActivate({ locale: 'hi', locales: ['hi-IN'], messages });
}

describe('the fields of a version', () => {
  it('keep in English the words the domain gives', () => {
    i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} });
    expect(fieldLabel('Original price')).toBe('Original price');
    expect(fieldLabel('Stock of Size 8 · Tan')).toBe('Stock of Size 8 · Tan');
    expect(fieldValue('Status', 'Pending Review')).toBe('Pending Review');
    expect(fieldValue('Original price', 'none')).toBe('none');
  });

  it('are named in Hindi for a Hindi reader, the seller’s data left as written', async () => {
    await hindi();
    expect(fieldLabel('Original price')).toBe('मूल कीमत');
    expect(fieldLabel('Name in Hindi')).toBe('हिन्दी में नाम');
    expect(fieldLabel('Stock of Size 8 · Tan')).toBe('Size 8 · Tan का स्टॉक');
    expect(fieldLabel('Warranty')).toBe('Warranty');
    expect(fieldValue('Status', 'Rejected')).toBe('अस्वीकृत');
    expect(fieldValue('Original price', 'none')).toBe('कुछ नहीं');
    expect(fieldValue('Name', 'Banarasi saree')).toBe('Banarasi saree');
  });
});
