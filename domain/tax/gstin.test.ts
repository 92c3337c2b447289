import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES, PAN_MESSAGES, gstinCheckCharacter, panError, parseGstin } from './gstin.ts';

/**
 * Real GSTINs as their holders print them, to check the checksum against the GST Network's: the
 * Ministry of Railways (Delhi, on every e-ticket as the supplier), Reliance Industries
 * (Maharashtra), Amazon Seller Services (Karnataka), the GSTN's own e-invoice sample, and
 * businesses' invoices in Delhi, Uttar Pradesh and Haryana.
 */
const PUBLISHED = [
  '07AAAGM0289C1ZL',
  '27AAACR5055K1Z7',
  '29AAICA3918J1ZE',
  '27AAPFU0939F1ZV',
  '07AATCM6426C1ZB',
  '09AACCH6287K1Z1',
  '09AAHFR1192B1ZD',
  '06ARFPS0542R1ZB',
];

describe('parseGstin', () => {
  it('accepts published GSTINs and takes them apart', () => {
    for (const gstin of PUBLISHED) expect(parseGstin(gstin)).toMatchObject({ gstin, pan: gstin.slice(2, 12) });
    expect(parseGstin('29AAICA3918J1ZE')).toEqual({
      gstin: '29AAICA3918J1ZE',
      stateCode: '29',
      state: expect.objectContaining({ name: 'Karnataka' }),
      pan: 'AAICA3918J',
      entity: '1',
    });
  });

  it('computes the check character of each published GSTIN', () => {
    for (const gstin of PUBLISHED) expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });

  it('refuses a wrong check character, and any single typing mistake', () => {
    expect(parseGstin('27AAACR5055K1Z8')).toBe(GSTIN_MESSAGES.checkCharacter);
    // One character changed anywhere in the PAN changes the check, as does two neighbours swapped.
    expect(parseGstin('27AAACR5065K1Z7')).toBe(GSTIN_MESSAGES.checkCharacter);
    expect(parseGstin('27AAACR5505K1Z7')).toBe(GSTIN_MESSAGES.checkCharacter);
    expect(parseGstin('27AAACR5055K2Z7')).toBe(GSTIN_MESSAGES.checkCharacter);
  });

  it('refuses a lower-case GSTIN, saying so', () => {
    expect(parseGstin('27aaacr5055k1z7')).toBe('Write the GSTIN in capital letters');
    expect(parseGstin('27AAACR5055K1z7')).toBe(GSTIN_MESSAGES.lowerCase);
  });

  it('refuses a GSTIN of 14 or 16 characters, or with spaces or signs', () => {
    expect(parseGstin('27AAACR5055K1Z')).toBe('A GSTIN has 15 characters; this one has 14');
    expect(parseGstin('27AAACR5055K1Z77')).toBe(GSTIN_MESSAGES.length(16));
    expect(parseGstin('')).toBe(GSTIN_MESSAGES.length(0));
    expect(parseGstin('27 AAACR5055K1Z7')).toBe(GSTIN_MESSAGES.characters);
    expect(parseGstin('27-AAACR5055K1Z7')).toBe(GSTIN_MESSAGES.characters);
  });

  it('refuses a state code that is no state, or retired', () => {
    expect(parseGstin('00AAACR5055K1Z7')).toBe('The GSTIN starts with 00, which is not a GST state code');
    // Andhra Pradesh before 2014 (now 37), and Daman and Diu before its merger (now 26).
    expect(parseGstin('28AAACR5055K1Z7')).toBe(GSTIN_MESSAGES.stateCode('28'));
    expect(parseGstin('25AAACR5055K1Z7')).toBe(GSTIN_MESSAGES.stateCode('25'));
    expect(parseGstin('AAAAACR5055K1Z7')).toBe(GSTIN_MESSAGES.stateCode('AA'));
  });

  it('refuses a GSTIN whose characters 3 to 12 are no PAN', () => {
    expect(parseGstin('27AAAC15055K1Z7')).toBe(GSTIN_MESSAGES.pan);
    expect(parseGstin('27AAACR505551Z7')).toBe(GSTIN_MESSAGES.pan);
  });

  it('refuses an entity number 0 and a 14th character other than Z', () => {
    const withEntity = (entity: string) => {
      const first14 = `27AAACR5055K${entity}Z`;
      return first14 + gstinCheckCharacter(first14);
    };
    expect(parseGstin(withEntity('0'))).toBe(GSTIN_MESSAGES.entity);
    expect(parseGstin(withEntity('2'))).toMatchObject({ entity: '2' });
    expect(parseGstin(withEntity('A'))).toMatchObject({ entity: 'A' });
    const first14 = '27AAACR5055K1Y';
    expect(parseGstin(first14 + gstinCheckCharacter(first14))).toBe(GSTIN_MESSAGES.reserved);
  });
});

describe('panError', () => {
  it('accepts a PAN of 5 letters, 4 digits and a letter', () => {
    expect(panError('AAACR5055K')).toBeNull();
  });

  it('refuses a lower-case PAN, and any other shape', () => {
    expect(panError('aaacr5055k')).toBe(PAN_MESSAGES.lowerCase);
    for (const pan of ['AAACR5055', 'AAACR5055KK', 'AAAC15055K', 'AAACR505AK', 'AAACR50551', '', 'AAACR 5055K'])
      expect(panError(pan)).toBe(PAN_MESSAGES.shape);
  });
});
