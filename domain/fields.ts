import { z } from 'zod';
import { english } from './i18n/message.ts';

/** How a text field is written: one line (names, cities, references) or several (descriptions, comments, reasons). */
export interface TextOptions {
  /** Keeps tabs and line breaks (CR LF, CR and U+2028/U+2029 become LF). */
  multiline?: boolean;
}

/**
 * Trimmed text that must not be empty. `requiredMessage` is also what a missing or
 * non-text value reports, so an API caller sees the same words as a form user. Characters
 * that hide or disguise text are refused (see `hasOnlyAllowedCharacters`).
 */
export function requiredText(requiredMessage: string, maxLength: number, label: string, options: TextOptions = {}) {
  return cleanText(requiredMessage, options)
    .min(1, requiredMessage)
    .max(maxLength, tooLong(label, maxLength))
    .refine(...allowedCharacters(label, options));
}

/**
 * Trimmed text of a field, line breaks made LF when multiline: what a schema with its own
 * length rules starts from. End it with `.refine(...allowedCharacters(label, options))`.
 */
export function cleanText(typeMessage: string, { multiline = false }: TextOptions = {}) {
  const text = z.string({ error: typeMessage }).trim();
  return multiline ? text.overwrite((value) => value.replace(/\r\n?|[\u2028\u2029]/g, '\n')) : text;
}

export const tooLong = (label: string, maxLength: number): string =>
  english(/*i18n*/ '{label} must be at most {max} characters', { label, max: maxLength });

export const notAllowedCharacters = (label: string): string =>
  english(/*i18n*/ '{label} contains characters that are not allowed', { label });

/** The refinement of a text field: only allowed characters, else `<label> contains characters that are not allowed`. */
export const allowedCharacters = (
  label: string,
  { multiline = false }: TextOptions = {},
): [check: (text: string) => boolean, message: string] => [
  (text) => hasOnlyAllowedCharacters(text, multiline),
  notAllowedCharacters(label),
];

/**
 * Always refused: control characters (C0, DEL, C1), lone surrogates, noncharacters, invisible
 * format characters (Unicode category Cf: bidi embeddings, overrides and isolates U+202A-U+202E
 * and U+2066-U+2069, zero-width space U+200B, word joiner U+2060, U+FEFF, invisible operators,
 * interlinear annotation marks...), the Hangul fillers, which show as nothing, and the line and
 * paragraph separators U+2028/U+2029 (multiline text has them as LF by then). The few format
 * characters real writing needs are let through below, before this is applied.
 */
const REFUSED = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;

/** Format characters that are visible or only mark direction, so they cannot hide or reorder text. */
const VISIBLE_FORMAT = new Set([
  0x200e, // LEFT-TO-RIGHT MARK and RIGHT-TO-LEFT MARK: mixed Urdu and English text needs them
  0x200f,
  0x061c, // ARABIC LETTER MARK
  0x0600, // Arabic and Syriac number signs, abbreviation marks: drawn as signs
  0x0601,
  0x0602,
  0x0603,
  0x0604,
  0x0605,
  0x06dd,
  0x070f,
  0x0890,
  0x0891,
  0x08e2,
  0x110bd, // KAITHI NUMBER SIGN
  0x110cd,
]);

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const SOFT_HYPHEN = 0x00ad;

/**
 * The viramas of the Indian scripts (and Sinhala): ZWJ and ZWNJ after one choose a half form,
 * an eyelash RA, an old-style Malayalam chillu (ന്‍) or a visible virama instead of a conjunct.
 */
const VIRAMA = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\uAAF6\uABED]/u;
/** Letters and signs of those scripts: a joiner before a virama (Bengali র‍্য, Kannada ರ‍್) follows one. */
const INDIC =
  /[\p{sc=Deva}\p{sc=Beng}\p{sc=Guru}\p{sc=Gujr}\p{sc=Orya}\p{sc=Taml}\p{sc=Telu}\p{sc=Knda}\p{sc=Mlym}\p{sc=Sinh}\p{sc=Mtei}]/u;
/** Urdu, Kashmiri, Sindhi and Persian put ZWNJ between letters of a word to keep them unjoined. */
const ARABIC = /[\p{sc=Arab}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
/** An emoji ZWJ sequence (👩‍💻, 🏳️‍🌈, 👩🏽‍🍳) joins an emoji, maybe with its VS16 or skin tone, to the next. */
const EMOJI = /\p{Extended_Pictographic}/u;
const EMOJI_END = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
/** Emoji tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿, a subdivision flag) spell their region in tag characters after the black flag. */
const BLACK_FLAG = 0x1f3f4;
const isTag = (cp: number | undefined): boolean => cp !== undefined && cp >= 0xe0020 && cp <= 0xe007f;

const is = (pattern: RegExp, cp: number | undefined): boolean =>
  cp !== undefined && pattern.test(String.fromCodePoint(cp));

/** ZWJ or ZWNJ where a script or an emoji needs it, between `before` and `after`. */
function joinerFits(joiner: number, before: number | undefined, after: number | undefined): boolean {
  if (is(VIRAMA, before)) return true;
  if (is(INDIC, before) && is(VIRAMA, after)) return true;
  if (joiner === ZWNJ)
    return is(ARABIC, before) && is(LETTER_OR_MARK, before) && is(ARABIC, after) && is(LETTER_OR_MARK, after);
  return is(EMOJI_END, before) && is(EMOJI, after);
}

/**
 * Whether `text` holds only characters a field may show. Refused: control characters (but
 * tab and line feed in multiline text), lone surrogates, noncharacters, bidi embeddings,
 * overrides and isolates, zero-width and other invisible characters: they let a name pass for
 * another ("admin" with a hidden joiner, a file name reversed by U+202E) or break what reads
 * it. ZWJ and ZWNJ, which Indian scripts need, pass right after a virama (क्‍ष, ന്‍, ශ්‍රී) or
 * right before one after a letter of the script (র‍্য); ZWNJ also between two Arabic-script
 * letters (Urdu, Persian), and ZWJ inside an emoji sequence. Direction marks (LRM, RLM, ALM)
 * stay: they cannot reorder letters. A soft hyphen passes in multiline text only.
 */
export function hasOnlyAllowedCharacters(text: string, multiline = false): boolean {
  if (!REFUSED.test(text)) return true;
  const points = Array.from(text, (char) => char.codePointAt(0)!);
  return points.every((cp, i) => {
    if (!REFUSED.test(String.fromCodePoint(cp))) return true;
    if (multiline && (cp === 0x09 || cp === 0x0a || cp === SOFT_HYPHEN)) return true;
    if (VISIBLE_FORMAT.has(cp)) return true;
    if (cp === ZWJ || cp === ZWNJ) return joinerFits(cp, points[i - 1], points[i + 1]);
    if (isTag(cp)) return points[i - 1] === BLACK_FLAG || isTag(points[i - 1]);
    return false;
  });
}

/**
 * The first message per field, keyed by its dotted path ('shippingAddress.city'), or `_` for
 * the value as a whole: for API errors, `DomainError.fields` and forms alike.
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
