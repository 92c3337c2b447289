import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanText, allowedCharacters, fieldErrors, hasOnlyAllowedCharacters, requiredText } from './fields.ts';

// Written with escapes so the invisible characters under test can be seen in the source.
const ZWJ = '\u200D';
const ZWNJ = '\u200C';

describe('hasOnlyAllowedCharacters', () => {
  it.each([
    ['Asha Rao', 'Latin'],
    ['राम कुमार', 'Hindi'],
    ['श्रीमती लक्ष्मी', 'Hindi conjuncts without joiners'],
    [`\u0915\u094D${ZWJ}\u0937\u092E\u0940`, 'Hindi half form: क्‍षमी, ZWJ after the virama'],
    [`\u0915\u094D${ZWNJ}\u0937`, 'Hindi visible virama: क्‌ष, ZWNJ after the virama'],
    [`\u0926\u0930\u094D${ZWJ}\u092F\u093E`, 'Marathi eyelash RA: दर्‍या'],
    ['മലയാളം', 'Malayalam'],
    [`\u0D05\u0D35\u0D28\u0D4D${ZWJ}`, 'Malayalam old-style chillu at the end of a word: അവന്‍'],
    [`\u0D0E\u0D28\u0D4D${ZWJ}\u0D31\u0D46`, 'Malayalam എന്‍റെ'],
    [`\u0D15\u0D4D${ZWNJ}\u0D15`, 'Malayalam visible chandrakkala'],
    [`\u09B0${ZWJ}\u09CD\u09AF\u09BE\u09AC`, 'Bengali ra-yaphala: র‍্যাব, ZWJ before the virama'],
    [`\u0CB0${ZWJ}\u0CCD\u0C95`, 'Kannada RA without repha'],
    [`\u0DC1\u0DCA${ZWJ}\u0DBB\u0DD3`, 'Sinhala ශ්‍රී'],
    ['தமிழ்நாடு', 'Tamil'],
    [`\u0645\u06CC${ZWNJ}\u062E\u0648\u0627\u0647\u0645`, 'Persian/Urdu ZWNJ between letters'],
    ['\u200Fاردو\u200E (Urdu)', 'direction marks'],
    [`\u{1F469}${ZWJ}\u{1F4BB} great`, 'emoji ZWJ sequence 👩‍💻'],
    [`\u{1F3F3}\uFE0F${ZWJ}\u{1F308}`, 'rainbow flag, VS16 before the ZWJ'],
    [`\u{1F469}\u{1F3FD}${ZWJ}\u{1F373}`, 'skin tone before the ZWJ'],
    ['\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', 'subdivision flag tag sequence'],
    ['₹ 1,499 — 20% off ✓ 😀', 'symbols and emoji'],
  ])('accepts %s (%s)', (text) => {
    expect(hasOnlyAllowedCharacters(text)).toBe(true);
    expect(hasOnlyAllowedCharacters(text, true)).toBe(true);
  });

  it.each([
    ['Asha\u0000', 'NUL'],
    ['Asha\u0007', 'BEL'],
    ['Asha\u007F', 'DEL'],
    ['Asha\u0085', 'C1 next line'],
    ['Asha\u009B', 'C1 CSI'],
    ['\u202Egnp.exe', 'right-to-left override'],
    ['a\u202Ab', 'left-to-right embedding'],
    ['a\u202Cb', 'pop directional formatting'],
    ['a\u2066b\u2069', 'isolates'],
    ['a\u2067b', 'right-to-left isolate'],
    ['ad\u200Bmin', 'zero-width space'],
    ['ad\u2060min', 'word joiner'],
    ['ad\uFEFFmin', 'BOM inside'],
    [`ad${ZWNJ}min`, 'ZWNJ between Latin letters'],
    [`ad${ZWJ}min`, 'ZWJ between Latin letters'],
    [`Asha${ZWJ}`, 'trailing ZWJ after a Latin letter'],
    [ZWJ, 'a lone ZWJ'],
    [`\u0930${ZWJ}\u0930`, 'ZWJ between Devanagari letters without a virama'],
    [`\u0645${ZWJ}\u062E`, 'ZWJ between Arabic letters'],
    ['Asha\uD800', 'lone high surrogate'],
    ['\uDC00Asha', 'lone low surrogate'],
    ['a\uFFFE', 'noncharacter'],
    ['\u3164', 'Hangul filler'],
    ['a\u2028b', 'line separator'],
    ['a\u{E0041}', 'tag character outside a flag'],
    ['a\u00ADb', 'soft hyphen in one-line text'],
  ])('refuses %j (%s)', (text) => {
    expect(hasOnlyAllowedCharacters(text)).toBe(false);
  });

  it('lets multiline text keep tabs, line feeds and soft hyphens, and nothing else of the above', () => {
    expect(hasOnlyAllowedCharacters('Line one\n\tLine two', true)).toBe(true);
    expect(hasOnlyAllowedCharacters('hand\u00ADloom', true)).toBe(true);
    expect(hasOnlyAllowedCharacters('Line one\n\tLine two')).toBe(false);
    expect(hasOnlyAllowedCharacters('a\u000Bb', true)).toBe(false);
    expect(hasOnlyAllowedCharacters('a\u202Eb\nc', true)).toBe(false);
  });
});

describe('requiredText', () => {
  const name = z.object({ name: requiredText('Name is required', 20, 'Name') });
  const comment = z.object({ comment: requiredText('Comment is required', 50, 'Comment', { multiline: true }) });
  const errors = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? null : fieldErrors(parsed.error);
  };

  it('refuses hidden characters with the field message', () => {
    expect(errors(name, { name: 'Asha\u202ERao' })).toEqual({ name: 'Name contains characters that are not allowed' });
    expect(errors(name, { name: 'Asha\u0000' })).toEqual({ name: 'Name contains characters that are not allowed' });
    expect(errors(name, { name: 'Asha\nRao' })).toEqual({ name: 'Name contains characters that are not allowed' });
    expect(errors(comment, { comment: 'Nice\u200B' })).toEqual({
      comment: 'Comment contains characters that are not allowed',
    });
  });

  it('keeps its other messages first: empty is required, long is too long', () => {
    expect(errors(name, { name: '  ' })).toEqual({ name: 'Name is required' });
    expect(errors(name, { name: 'x'.repeat(21) })).toEqual({ name: 'Name must be at most 20 characters' });
  });

  it('trims before judging, so a pasted trailing newline or BOM is dropped, not refused', () => {
    expect(name.parse({ name: '\uFEFFAsha Rao\n' })).toEqual({ name: 'Asha Rao' });
  });

  it('makes every line break of multiline text a line feed', () => {
    expect(comment.parse({ comment: 'One\r\nTwo\rThree\u2028Four\n\tFive' })).toEqual({
      comment: 'One\nTwo\nThree\nFour\n\tFive',
    });
  });

  it('accepts Indian names written with joiners', () => {
    const hindi = `\u0932\u0915\u094D${ZWJ}\u0937\u094D\u092E\u0940`;
    expect(name.parse({ name: hindi })).toEqual({ name: hindi });
  });
});

describe('cleanText with allowedCharacters', () => {
  it('builds a field with its own length rules and the same character rule', () => {
    const note = cleanText('Note must be text', { multiline: true })
      .max(10)
      .refine(...allowedCharacters('Note', { multiline: true }));
    expect(note.parse(' a\r\nb ')).toBe('a\nb');
    expect(note.safeParse('a\u202Eb').error?.issues[0]?.message).toBe('Note contains characters that are not allowed');
  });
});
