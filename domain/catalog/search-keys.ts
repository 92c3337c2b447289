/**
 * The search across scripts (issue 30): "बनारसी" finds a product named "Banarasi Saree", and
 * "banarasi" one named "बनारसी साड़ी". Each word is brought to a key that spellings of the same
 * sound share: Devanagari written in Latin letters as Indians usually write Hindi (नी is "nee",
 * ड़ is "r", ज़ is "z"), then vowel length, doubled letters and the spellings that vary ("sh"
 * and "s", "w" and "v", "ph" and "f", "c" and "k") folded, and every "a" after the first letter
 * dropped, as Hindi drops the inherent vowel ("chikankari" and चिकनकारी, "chikanakari", meet).
 *
 * Why not a transliteration library: the ones on the registry follow Sanskrit schemes (ITRANS,
 * IAST), which keep vowel length and leave Hindi's nukta letters and candra vowels (ड़, ज़, ऑ)
 * unconverted; what matches the way sellers and buyers spell is this small table of Hindi letters.
 */

/** Vowels written as letters (at the start of a syllable). */
const VOWELS: Record<string, string> = {
  अ: 'a',
  आ: 'aa',
  इ: 'i',
  ई: 'ee',
  उ: 'u',
  ऊ: 'oo',
  ऋ: 'ri',
  ए: 'e',
  ऐ: 'ai',
  ओ: 'o',
  औ: 'au',
  ऑ: 'o',
  ऍ: 'e',
};

/** Vowel signs after a consonant, which replace its inherent "a". */
const VOWEL_SIGNS: Record<string, string> = {
  'ा': 'aa',
  'ि': 'i',
  'ी': 'ee',
  'ु': 'u',
  'ू': 'oo',
  'ृ': 'ri',
  'े': 'e',
  'ै': 'ai',
  'ो': 'o',
  'ौ': 'au',
  'ॉ': 'o',
  'ॅ': 'e',
};

const CONSONANTS: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ल: 'l',
  ळ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};

/** Consonants whose nukta (़) changes how they are written in Latin letters (the others keep theirs: ढ़ is "dh", as in kadhai). */
const WITH_NUKTA: Record<string, string> = { क: 'q', ज: 'z', ड: 'r', फ: 'f' };

/** Nasal signs and the visarga. */
const SIGNS: Record<string, string> = { 'ं': 'n', 'ँ': 'n', 'ः': 'h' };

const NUKTA = '\u093c';
const VIRAMA = '\u094d';
const DIGIT_ZERO = 0x0966;

/**
 * Devanagari written in Latin letters as Hindi is usually written in them: "बनारसी" is
 * "banaarasee" (the key folds it further). Other characters are kept.
 */
export function romanize(text: string): string {
  // NFD splits the precomposed nukta letters (क़ U+0958...) into consonant and nukta.
  const chars = [...text.normalize('NFD')];
  let latin = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const consonant = CONSONANTS[char];
    if (consonant === undefined) {
      const code = char.codePointAt(0)!;
      const digit = code >= DIGIT_ZERO && code <= DIGIT_ZERO + 9 ? String(code - DIGIT_ZERO) : undefined;
      latin += VOWELS[char] ?? VOWEL_SIGNS[char] ?? SIGNS[char] ?? digit ?? (char === NUKTA ? '' : char);
      continue;
    }
    const nukta = chars[i + 1] === NUKTA;
    if (nukta) i++;
    latin += nukta ? (WITH_NUKTA[char] ?? consonant) : consonant;
    const next = chars[i + 1] ?? '';
    if (next === VIRAMA) i++;
    else if (VOWEL_SIGNS[next] === undefined) latin += 'a';
  }
  return latin;
}

const DEVANAGARI = /\p{sc=Deva}/u;

/** Spellings of one sound, folded to one (in this order: "ee" before "y" is read as "i"). */
const FOLDS: ReadonlyArray<[RegExp, string]> = [
  [/ee/g, 'i'],
  [/oo/g, 'u'],
  [/ph/g, 'f'],
  [/sh/g, 's'],
  [/w/g, 'v'],
  [/z/g, 'j'],
  [/q/g, 'k'],
  [/c(?!h)/g, 'k'],
  [/y/g, 'i'],
  [/ai/g, 'a'],
  [/m(?=[pb])/g, 'n'],
  [/(.)\1+/g, '$1'],
];

/** The key of one word in Latin letters: lower-cased, accents off, spellings folded, and each "a" but a first one dropped. */
export function latinKey(word: string): string {
  let key = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  for (const [spelling, folded] of FOLDS) key = key.replace(spelling, folded);
  return key.slice(0, 1) + key.slice(1).replaceAll('a', '');
}

/** A word's key, in either script. */
export const wordKey = (word: string): string => latinKey(DEVANAGARI.test(word) ? romanize(word) : word);

const words = (text: string): string[] => text.split(/[^\p{L}\p{M}\p{N}]+/u).filter((word) => word !== '');

/** What a product is searched by: its text lower-cased, and the keys of its words in each script (" key key"). */
export interface SearchIndex {
  text: string;
  latin: string;
  devanagari: string;
}

export function searchIndexOf(texts: readonly string[]): SearchIndex {
  const text = texts.join('\n').toLowerCase();
  const keys = { latin: '', devanagari: '' };
  for (const word of words(text)) keys[DEVANAGARI.test(word) ? 'devanagari' : 'latin'] += ` ${wordKey(word)}`;
  return { text, ...keys };
}

/**
 * Whether the searched text `q` (lower-cased) is in the product: as it is written, or word by
 * word, each word written as it is or sounding like the start of a word in the other script
 * (a Devanagari word like one in either script, so that Hindi spellings that vary meet too).
 * Latin words are not compared by sound with Latin words: "sari" does not find "Srinagar".
 */
export function holdsSearch(q: string, index: SearchIndex): boolean {
  if (index.text.includes(q)) return true;
  const asked = words(q);
  return (
    asked.length > 0 &&
    asked.every((word) => {
      if (index.text.includes(word)) return true;
      const key = ` ${wordKey(word)}`;
      return DEVANAGARI.test(word)
        ? index.latin.includes(key) || index.devanagari.includes(key)
        : index.devanagari.includes(key);
    })
  );
}
