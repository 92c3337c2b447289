import { sha256 } from '@noble/hashes/sha2';
import { utf8ToBytes } from '@noble/hashes/utils';

/** Crockford's base32: no I, L, O or U, so a code read off a printed tag is not misread. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/**
 * A product's provenance code, printed on its tag: 10 characters (50 bits) of Crockford base32 of
 * sha256(productId). No secret and deterministic, so every product has its page from the start.
 */
export function provenanceCode(productId: string): string {
  const digest = sha256(utf8ToBytes(productId));
  let code = '';
  for (let i = 0; i < LENGTH; i++) {
    const bit = i * 5;
    const pair = (digest[bit >> 3]! << 8) | digest[(bit >> 3) + 1]!;
    code += CROCKFORD[(pair >> (11 - (bit & 7))) & 31];
  }
  return code;
}
