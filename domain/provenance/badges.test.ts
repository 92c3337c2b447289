import { describe, expect, it } from 'vitest';
import { badgeOf, badgeOn } from './badges.ts';
import type { CertificateKind } from './events.ts';

const SELLER = { kind: 'seller' } as const;
const banarasi = { kind: 'gi-authorised-user' as const, title: 'Banarasi Brocades and Sarees', scope: SELLER };

describe('badges', () => {
  it('names a GI by its name, a mark by the mark, and another certificate by its own title', () => {
    const titles = (['handloom-mark', 'craftmark', 'india-handmade', 'silk-mark'] as CertificateKind[]).map(
      (kind) => badgeOf({ kind, title: '', scope: SELLER }).title,
    );
    expect(titles).toEqual(['Handloom Mark', 'Craftmark', 'India Handmade', 'Silk Mark']);
    expect(badgeOf(banarasi).title).toBe('GI: Banarasi Brocades and Sarees');
    expect(badgeOf({ kind: 'other', title: 'Khadi Mark', scope: SELLER }).title).toBe('Khadi Mark');
  });

  it("says a seller's registration does not certify each item, and what a product's or a lot's covers", () => {
    expect(badgeOf(banarasi)).toEqual({
      kind: 'gi-authorised-user',
      title: 'GI: Banarasi Brocades and Sarees',
      certifies: 'The seller is a registered authorised user of this GI. It does not certify each item.',
    });
    expect(badgeOf({ kind: 'handloom-mark', title: '', scope: SELLER }).certifies).toBe(
      'The seller is a registered user of the Handloom Mark. It does not certify each item.',
    );
    expect(badgeOf({ ...banarasi, scope: { kind: 'product', productId: 'p1' } }).certifies).toBe(
      'This product is covered by the certificate.',
    );
    expect(badgeOf({ ...banarasi, scope: { kind: 'lot', productId: 'p1', lot: 'L-7' } }).certifies).toBe(
      'Items of lot L-7 are covered.',
    );
  });

  it('is given only by a verified certificate up to its last valid day', () => {
    const verified = { ...banarasi, state: 'verified' as const, validUntil: '2026-12-31' };
    expect(badgeOn(verified, '2026-12-31')).toEqual(badgeOf(banarasi));
    expect(badgeOn(verified, '2027-01-01')).toBeNull();
    for (const state of ['submitted', 'rejected', 'revoked', 'expired'] as const)
      expect(badgeOn({ ...verified, state }, '2026-06-01')).toBeNull();
  });
});
