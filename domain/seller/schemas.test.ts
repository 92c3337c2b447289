import { describe, expect, it } from 'vitest';
import { sellerReasonSchema, verifySellerSchema } from './schemas.ts';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('verifySellerSchema', () => {
  it('takes an optional note, blank meaning none', () => {
    expect(verifySellerSchema.parse({})).toEqual({ reason: null });
    expect(verifySellerSchema.parse({ reason: null })).toEqual({ reason: null });
    expect(verifySellerSchema.parse({ reason: '   ' })).toEqual({ reason: null });
    expect(verifySellerSchema.parse({ reason: ' GST checked ' })).toEqual({ reason: 'GST checked' });
  });

  it('refuses a note that is not text or too long', () => {
    expect(messageOf(verifySellerSchema.safeParse({ reason: 42 }))).toBe('Reason must be text');
    expect(messageOf(verifySellerSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe('Reason must be at most 500 characters');
  });
});

describe('sellerReasonSchema', () => {
  it('needs a reason', () => {
    expect(sellerReasonSchema.parse({ reason: ' Counterfeit goods ' })).toEqual({ reason: 'Counterfeit goods' });
    for (const body of [{}, { reason: '' }, { reason: '  ' }, { reason: 7 }]) {
      expect(messageOf(sellerReasonSchema.safeParse(body))).toBe('A reason is required');
    }
    expect(messageOf(sellerReasonSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe('Reason must be at most 500 characters');
  });
});
