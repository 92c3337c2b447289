import { describe, expect, it } from 'vitest';
import { sellerProfileSchema, sellerProfileUpdateSchema, sellerReasonSchema, verifySellerSchema } from './schemas.ts';

const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('verifySellerSchema', () => {
  it('takes an optional note, blank meaning none', () => {
    expect(verifySellerSchema.parse({})).toEqual({ reason: null });
    expect(verifySellerSchema.parse({ reason: null })).toEqual({ reason: null });
    expect(verifySellerSchema.parse({ reason: '   ' })).toEqual({ reason: null });
    expect(verifySellerSchema.parse({ reason: ' GST checked ' })).toEqual({ reason: 'GST checked' });
  });

  it('refuses a note that is not text or too long', () => {
    expect(messageOf(verifySellerSchema.safeParse({ reason: 42 }))).toBe('Reason must be text');
    expect(messageOf(verifySellerSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe(
      'Reason must be at most 500 characters',
    );
  });
});

describe('sellerReasonSchema', () => {
  it('needs a reason', () => {
    expect(sellerReasonSchema.parse({ reason: ' Counterfeit goods ' })).toEqual({ reason: 'Counterfeit goods' });
    for (const body of [{}, { reason: '' }, { reason: '  ' }, { reason: 7 }]) {
      expect(messageOf(sellerReasonSchema.safeParse(body))).toBe('A reason is required');
    }
    expect(messageOf(sellerReasonSchema.safeParse({ reason: 'x'.repeat(501) }))).toBe(
      'Reason must be at most 500 characters',
    );
  });
});

describe('sellerProfileSchema', () => {
  const profile = {
    displayName: ' Meera Weaves ',
    region: 'Varanasi',
    craft: 'Silk weaving',
    story: 'Line one\r\nLine two',
  };

  it('trims, keeps the story on several lines, and makes blank optional fields null', () => {
    expect(sellerProfileSchema.parse(profile)).toEqual({
      displayName: 'Meera Weaves',
      region: 'Varanasi',
      craft: 'Silk weaving',
      story: 'Line one\nLine two',
    });
    expect(sellerProfileSchema.parse({ displayName: 'Meera', region: ' ', craft: '' })).toEqual({
      displayName: 'Meera',
      region: null,
      craft: null,
      story: null,
    });
  });

  it('needs a display name and keeps every field within its length', () => {
    for (const displayName of [undefined, '', '   ', 7]) {
      expect(messageOf(sellerProfileSchema.safeParse({ ...profile, displayName }))).toBe('Display name is required');
    }
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, displayName: 'x'.repeat(61) }))).toBe(
      'Display name must be at most 60 characters',
    );
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, region: 'x'.repeat(61) }))).toBe(
      'Region must be at most 60 characters',
    );
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, craft: 'x'.repeat(61) }))).toBe(
      'Craft must be at most 60 characters',
    );
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, story: 'x'.repeat(1001) }))).toBe(
      'Story must be at most 1000 characters',
    );
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, craft: 42 }))).toBe('Craft must be text');
  });

  it('refuses hidden characters, and line breaks outside the story', () => {
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, displayName: 'Meera\u202EWeaves' }))).toBe(
      'Display name contains characters that are not allowed',
    );
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, region: 'Varanasi\nUP' }))).toBe(
      'Region contains characters that are not allowed',
    );
    expect(messageOf(sellerProfileSchema.safeParse({ ...profile, story: 'zero\u200Bwidth' }))).toBe(
      'Story contains characters that are not allowed',
    );
    // The joiners Indian scripts need pass (क्‍ष).
    expect(sellerProfileSchema.parse({ ...profile, displayName: 'क्\u200Dष Weaves' }).displayName).toBe(
      'क्\u200Dष Weaves',
    );
  });
});

describe('sellerProfileUpdateSchema', () => {
  it('takes the version the edit started from, if any', () => {
    expect(sellerProfileUpdateSchema.parse({ displayName: 'Meera' }).expectedVersion).toBeNull();
    expect(sellerProfileUpdateSchema.parse({ displayName: 'Meera', expectedVersion: 3 }).expectedVersion).toBe(3);
    for (const expectedVersion of [-1, 1.5, '2']) {
      expect(messageOf(sellerProfileUpdateSchema.safeParse({ displayName: 'Meera', expectedVersion }))).toBe(
        'Expected version must be a whole number, 0 or more',
      );
    }
  });
});
