/**
 * GSTIN and PAN: their shape and the GSTIN's check character. A supplier's GSTIN (CGST Rules
 * 2017, rule 10) is the state code (2 digits), the holder's PAN (10), the entity number for that
 * PAN in that state (1-9, then A-Z), 'Z' (reserved) and a check character over the first 14.
 * The other kinds of GST number (a tax deductor's, built on a TAN; a UN body's UIN) are no
 * seller's, so they are refused.
 */
import { type IndianState, stateByCode } from './states.ts';

/** A valid GSTIN taken apart. */
export interface Gstin {
  gstin: string;
  stateCode: string;
  state: IndianState;
  pan: string;
  /** Which registration of this PAN in this state: '1' for the first. */
  entity: string;
}

/** Five letters, four digits, a letter: the PAN's shape (its last letter is a check whose rule is not published). */
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

export const PAN_MESSAGES = {
  lowerCase: /*i18n*/ 'Write the PAN in capital letters',
  shape: /*i18n*/ 'A PAN has 10 characters: 5 letters, 4 digits and a letter (like ABCDE1234F)',
} as const;

/** The error message for a PAN that is not valid, or null for a valid one. */
export function panError(pan: string): string | null {
  if (/[a-z]/.test(pan)) return PAN_MESSAGES.lowerCase;
  return PAN.test(pan) ? null : PAN_MESSAGES.shape;
}

export const GSTIN_MESSAGES = {
  lowerCase: /*i18n*/ 'Write the GSTIN in capital letters',
  characters: /*i18n*/ 'A GSTIN has only capital letters and digits',
  length: (length: number) => `A GSTIN has 15 characters; this one has ${length}`,
  stateCode: (code: string) => `The GSTIN starts with ${code}, which is not a GST state code`,
  pan: /*i18n*/ 'Characters 3 to 12 of the GSTIN must be a PAN: 5 letters, 4 digits and a letter',
  entity: /*i18n*/ "The GSTIN's 13th character must be a digit from 1 to 9 or a letter",
  reserved: /*i18n*/ "The GSTIN's 14th character must be Z",
  checkCharacter: /*i18n*/ "The GSTIN's last character does not match: check for a typing mistake",
} as const;

const CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character over the first 14 characters (the GST Network's Luhn mod 36): each
 * character's value (0-9, A=10 ... Z=35) is multiplied by 1 and 2 alternately from the left,
 * each product's base-36 digits are added up, and the check is what brings the sum to a
 * multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index++) {
    const product = CHARACTERS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/**
 * A GSTIN taken apart, or the message saying what is wrong with it (the first fault, in the
 * order a person checks the printed certificate). No trimming or upper-casing: the caller's
 * field does the trimming, and a lower-case GSTIN is refused so what is stored is what is printed.
 */
export function parseGstin(text: string): Gstin | string {
  if (/[a-z]/.test(text)) return GSTIN_MESSAGES.lowerCase;
  if (!/^[A-Z0-9]*$/.test(text)) return GSTIN_MESSAGES.characters;
  if (text.length !== 15) return GSTIN_MESSAGES.length(text.length);
  const stateCode = text.slice(0, 2);
  const state = stateByCode(stateCode);
  if (!state) return GSTIN_MESSAGES.stateCode(stateCode);
  const pan = text.slice(2, 12);
  if (!PAN.test(pan)) return GSTIN_MESSAGES.pan;
  const entity = text.charAt(12);
  if (entity === '0') return GSTIN_MESSAGES.entity;
  if (text.charAt(13) !== 'Z') return GSTIN_MESSAGES.reserved;
  if (gstinCheckCharacter(text) !== text.charAt(14)) return GSTIN_MESSAGES.checkCharacter;
  return { gstin: text, stateCode, state, pan, entity };
}
