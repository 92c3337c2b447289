import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';
import { describe, expect, it } from 'vitest';
import { provenanceCode } from './code.ts';

describe('provenanceCode', () => {
  it('is 10 Crockford base32 characters, the same for the same product', () => {
    const code = provenanceCode('p-banarasi-1');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(provenanceCode('p-banarasi-1')).toBe(code);
    expect(provenanceCode('p-banarasi-2')).not.toBe(code);
  });

  it("reads the first 50 bits of the product id's sha256, 5 at a time", () => {
    const digest = sha256(utf8ToBytes('p1'));
    const bits = [...digest.subarray(0, 7)].map((byte) => byte.toString(2).padStart(8, '0')).join('');
    const expected = Array.from({ length: 10 }, (_, i) =>
      '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.charAt(Number.parseInt(bits.slice(i * 5, i * 5 + 5), 2)),
    ).join('');
    expect(provenanceCode('p1')).toBe(expected);
  });

  it('gives distinct codes to many products', () => {
    const codes = new Set(Array.from({ length: 5000 }, (_, i) => provenanceCode(`product-${i}`)));
    expect(codes.size).toBe(5000);
  });
});
