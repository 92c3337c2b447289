import { describe, expect, it } from 'vitest';
import { answersDigest, keyFields, lineKey, productIdOfKey } from './line-key.ts';

const engraved = (answer: string) => [{ questionId: 'q1', question: 'Name to engrave', answer }];

describe('lineKey', () => {
  it('is the product id of the default variant without answers, as lines before variants were', () => {
    expect(lineKey({ productId: 'p-1' })).toBe('p-1');
    expect(lineKey({ productId: 'p-1', variantId: 'default', personalisation: [] })).toBe('p-1');
  });

  it('tells variants and answers apart, the same answers in any order alike', () => {
    expect(lineKey({ productId: 'p-1', variantId: 'v3' })).toBe('p-1~v3');
    const asha = lineKey({ productId: 'p-1', variantId: 'v3', personalisation: engraved('Asha') });
    expect(asha).toMatch(/^p-1~v3~[0-9a-f]{16}$/);
    expect(asha).not.toBe(lineKey({ productId: 'p-1', variantId: 'v3', personalisation: engraved('Ravi') }));
    const two = [...engraved('Asha'), { questionId: 'q2', question: 'Wrap', answer: 'Yes' }];
    expect(answersDigest(two)).toBe(answersDigest([...two].reverse()));
    expect(productIdOfKey(asha)).toBe('p-1');
  });

  it('writes the variant and answers of a line only when they are not the default', () => {
    expect(keyFields({ productId: 'p-1', variantId: 'default', personalisation: [] })).toEqual({});
    expect(keyFields({ productId: 'p-1', variantId: 'v2' })).toEqual({ variantId: 'v2' });
  });
});
