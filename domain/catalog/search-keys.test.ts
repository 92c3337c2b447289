import { describe, expect, it } from 'vitest';
import { holdsSearch, romanize, searchIndexOf, wordKey } from './search-keys.ts';

describe('romanize', () => {
  it('writes Devanagari in Latin letters as Hindi is usually written: inherent vowels, signs, virama, nukta', () => {
    expect(romanize('बनारसी')).toBe('banaarasee');
    expect(romanize('पश्मीना')).toBe('pashmeenaa');
    expect(romanize('साड़ी ज़री')).toBe('saaree zaree');
    // The precomposed nukta letter (U+095B) reads as the consonant with its nukta.
    expect(romanize('\u095Bरी')).toBe('zaree');
    expect(romanize('कांचीपुरम १२')).toBe('kaancheepurama 12');
  });
});

describe('wordKey', () => {
  it.each([
    ['बनारसी', 'Banarasi'],
    ['चिकनकारी', 'chikankari'],
    ['कांचीपुरम', 'Kanchipuram'],
    ['पश्मीना', 'pashmina'],
    ['जयपुर', 'Jaipur'],
    ['साड़ी', 'saree'],
    ['साड़ी', 'sari'],
    ['ज़री', 'zari'],
    ['ज़री', 'jari'],
    ['दुपट्टा', 'dupatta'],
    ['फुलकारी', 'phulkari'],
    ['कढ़ाई', 'kadhai'],
    ['वारली', 'Warli'],
    ['हैंडलूम', 'handloom'],
    ['बांधनी', 'Bāndhanī'],
  ])('gives %s and %s one key', (devanagari, latin) => {
    expect(wordKey(devanagari)).toBe(wordKey(latin));
  });

  it('keeps words that sound apart apart', () => {
    expect(wordKey('बनारसी')).not.toBe(wordKey('banjara'));
    expect(wordKey('silk')).not.toBe(wordKey('sulk'));
  });
});

describe('holdsSearch', () => {
  const english = searchIndexOf(['Banarasi Silk Saree', 'Handwoven with zari work.', 'silk']);
  const hindi = searchIndexOf(['Silk stole', 'बनारसी रेशमी साड़ी']);

  it('finds the text as written, and a Devanagari word by the Latin spelling of its sound, and back', () => {
    expect(holdsSearch('silk saree', english)).toBe(true);
    expect(holdsSearch('बनारसी', english)).toBe(true);
    expect(holdsSearch('बनारसी साड़ी', english)).toBe(true);
    expect(holdsSearch('banarasi', hindi)).toBe(true);
    expect(holdsSearch('resham', hindi)).toBe(true);
    expect(holdsSearch('बनार', english)).toBe(true);
  });

  it('needs every word, each at the start of a word of the other script', () => {
    expect(holdsSearch('बनारसी पीतल', english)).toBe(false);
    expect(holdsSearch('रसी', english)).toBe(false);
    expect(holdsSearch('kanjivaram', hindi)).toBe(false);
  });

  it('does not compare Latin words by sound with Latin words', () => {
    expect(holdsSearch('sari', searchIndexOf(['Srinagar walnut box']))).toBe(false);
    expect(holdsSearch('sari', hindi)).toBe(true);
  });
});
