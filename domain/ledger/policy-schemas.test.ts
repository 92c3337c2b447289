import { expect, it } from 'vitest';
import { categoryCommissionSchema, categoryReturnsSchema } from './policy-schemas.ts';

const fieldsOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

it('takes a rate from 0 to 10000 basis points, or null, with a reason', () => {
  for (const rateBps of [0, 1, 1250, 10_000, null]) {
    expect(categoryCommissionSchema.parse({ rateBps, reason: '  Festival offer ' })).toEqual({
      rateBps,
      reason: 'Festival offer',
    });
  }
  const rate = 'Rate must be a whole number of basis points from 0 to 10000, or null for the default';
  for (const rateBps of [-1, 10_001, 12.5, '1000', undefined]) {
    expect(fieldsOf(categoryCommissionSchema.safeParse({ rateBps, reason: 'x' }))).toEqual({ rateBps: rate });
  }
  expect(fieldsOf(categoryCommissionSchema.safeParse({ rateBps: 1000, reason: '   ' }))).toEqual({
    reason: 'A reason is required',
  });
  expect(fieldsOf(categoryCommissionSchema.safeParse({ rateBps: 1000 }))).toEqual({ reason: 'A reason is required' });
});

it('takes returnable true or false, with a reason', () => {
  expect(categoryReturnsSchema.parse({ returnable: false, reason: 'Food safety' })).toEqual({
    returnable: false,
    reason: 'Food safety',
  });
  expect(fieldsOf(categoryReturnsSchema.safeParse({ returnable: 'no', reason: 'Food safety' }))).toEqual({
    returnable: 'Returnable must be true or false',
  });
  expect(fieldsOf(categoryReturnsSchema.safeParse({ returnable: true, reason: 'x'.repeat(501) }))).toEqual({
    reason: 'Reason must be at most 500 characters',
  });
});
