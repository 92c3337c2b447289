import { describe, expect, it } from 'vitest';
import { englishTextReader } from './english-text.ts';

const read = englishTextReader([
  'City',
  '{label} must be at most {max} characters',
  '{label} contains characters that are not allowed',
  'Order #{number}, sold by {seller}',
  '{name} is not available',
  '"{name}" is not available',
]);

describe('englishTextReader', () => {
  it('reads a message as itself', () => {
    expect(read('City')).toEqual({ id: 'City' });
  });

  it('reads a filled-in text back as its template and values, special characters and all', () => {
    expect(read('City must be at most 100 characters')).toEqual({
      id: '{label} must be at most {max} characters',
      values: { label: 'City', max: '100' },
    });
    expect(read('Order #3f2b9c1e-1, sold by Meera (Weaves) $1.*')).toEqual({
      id: 'Order #{number}, sold by {seller}',
      values: { number: '3f2b9c1e-1', seller: 'Meera (Weaves) $1.*' },
    });
  });

  it('prefers the template with more words of its own', () => {
    expect(read('"Brass Diya" is not available')).toEqual({
      id: '"{name}" is not available',
      values: { name: 'Brass Diya' },
    });
  });

  it('reads nothing from a text no message makes', () => {
    expect(read('Something else')).toBeUndefined();
    expect(read('City must be at most characters')).toBeUndefined();
  });
});
