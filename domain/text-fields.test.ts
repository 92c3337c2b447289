/**
 * Every free-text field of the API's bodies refuses hidden characters with its own message,
 * and the multiline ones (descriptions, comments, reasons) keep their line breaks.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUpSchema } from './account/schemas.ts';
import { fieldErrors } from './fields.ts';
import { categoryCommissionSchema, categoryReturnsSchema } from './ledger/policy-schemas.ts';
import { checkoutSchema, orderStatusChangeSchema, returnDecisionSchema, returnRequestSchema } from './order/schemas.ts';
import { recordPayoutSchema } from './payout/schemas.ts';
import { productCommandSchema, rejectProductSchema } from './product/schemas.ts';
import { reviewSchema } from './review/schemas.ts';
import { sellerReasonSchema, verifySellerSchema } from './seller/schemas.ts';
import { PUNE_ADDRESS } from './order/addresses.fixtures.ts';
const product = {
  name: 'Brass Diya',
  description: 'Hand-cast brass oil lamp.',
  pricePaise: 49_900,
  stockQuantity: 3,
  categoryId: 'home-decor',
  tags: ['brass'],
};

type Case = [
  name: string,
  schema: z.ZodType,
  body: Record<string, unknown>,
  path: (string | number)[],
  label: string,
  multiline: boolean,
];

const CASES: Case[] = [
  [
    'sign-up full name',
    signUpSchema,
    { fullName: 'Asha Rao', email: 'asha@example.com', password: 'secret-pass' },
    ['fullName'],
    'Full name',
    false,
  ],
  [
    'first name',
    checkoutSchema,
    { shippingAddress: PUNE_ADDRESS },
    ['shippingAddress', 'firstName'],
    'First name',
    false,
  ],
  ['last name', checkoutSchema, { shippingAddress: PUNE_ADDRESS }, ['shippingAddress', 'lastName'], 'Last name', false],
  ['address', checkoutSchema, { shippingAddress: PUNE_ADDRESS }, ['shippingAddress', 'address'], 'Address', false],
  ['city', checkoutSchema, { shippingAddress: PUNE_ADDRESS }, ['shippingAddress', 'city'], 'City', false],
  ['state', checkoutSchema, { shippingAddress: PUNE_ADDRESS }, ['shippingAddress', 'state'], 'State', false],
  [
    'cancel reason',
    orderStatusChangeSchema,
    { status: 'cancelled', reason: 'Out of stock' },
    ['reason'],
    'Reason',
    true,
  ],
  [
    'return reason',
    returnRequestSchema,
    { lines: [{ productId: 'p1', quantity: 1 }], reason: 'Torn' },
    ['reason'],
    'Reason',
    true,
  ],
  ['return decision reason', returnDecisionSchema, { accept: true, reason: 'Fine' }, ['reason'], 'Reason', true],
  [
    'payout reference',
    recordPayoutSchema,
    { amountPaise: 100, paidOn: '2024-05-01', reference: 'UTR123' },
    ['reference'],
    'Reference',
    false,
  ],
  ['product name', productCommandSchema, product, ['name'], 'Product name', false],
  ['product description', productCommandSchema, product, ['description'], 'Description', true],
  ['tag', productCommandSchema, product, ['tags', 0], 'Each tag', false],
  ['category', productCommandSchema, product, ['categoryId'], 'Category', false],
  ['rejection reason', rejectProductSchema, { reason: 'Blurry' }, ['reason'], 'Reason', true],
  ['review comment', reviewSchema, { comment: 'Lovely' }, ['comment'], 'Comment', true],
  ['seller verification note', verifySellerSchema, { reason: 'Checked' }, ['reason'], 'Reason', true],
  ['suspension reason', sellerReasonSchema, { reason: 'Fraud' }, ['reason'], 'Reason', true],
  ['commission reason', categoryCommissionSchema, { rateBps: 500, reason: 'Festival' }, ['reason'], 'Reason', true],
  [
    'returns policy reason',
    categoryReturnsSchema,
    { returnable: false, reason: 'Perishable' },
    ['reason'],
    'Reason',
    true,
  ],
];

/** `body` with the text at `path` replaced by `change(text)`. */
function withText(
  body: Record<string, unknown>,
  path: (string | number)[],
  change: (text: string) => string,
): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  node[last] = change(node[last] as string);
  return copy;
}

const valueAt = (value: unknown, path: (string | number)[]) => path.reduce((node: any, key) => node[key], value);

describe.each(CASES)('%s', (_name, schema, body, path, label, multiline) => {
  it('takes the valid body', () => {
    expect(schema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['a NUL', (text: string) => `${text}\u0000`],
    ['a right-to-left override', (text: string) => `\u202E${text}`],
    ['a zero-width space', (text: string) => `${text.slice(0, 1)}\u200B${text.slice(1)}`],
    ['a joiner between Latin letters', (text: string) => `${text.slice(0, 1)}\u200D${text.slice(1)}`],
    ['a lone surrogate', (text: string) => `${text}\uD83D`],
    ['a C1 control', (text: string) => `${text}\u009B`],
  ])(`refuses ${label} with %s`, (_what, change) => {
    const parsed = schema.safeParse(withText(body, path, change));
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({
      [path.join('.')]: `${label} contains characters that are not allowed`,
    });
  });

  it(multiline ? 'keeps line breaks and tabs' : 'refuses line breaks and tabs', () => {
    const parsed = schema.safeParse(withText(body, path, (text) => `${text}\r\n\tmore`));
    expect(parsed.success).toBe(multiline);
    if (multiline) expect(valueAt(parsed.data, path)).toMatch(/\n\tmore$/);
  });

  it('takes a Hindi text written with a joiner', () => {
    const hindi = '\u0915\u094D\u200D\u0937';
    expect(schema.safeParse(withText(body, path, (text) => `${text} ${hindi}`)).success).toBe(true);
  });
});
