import { describe, expect, it } from 'vitest';
import { choiceFrom, isColourOption, missingChoice, valueState, variantOf, withValue } from './variantChoice.ts';

const variant = (size: string, colour: string, stockQuantity: number) => ({
  id: `${size}-${colour}`,
  optionValues: [size, colour],
  stockQuantity,
});

/** Sizes 6-9 in two colours; no size 9 in tan, none left of 7 in tan. */
const chappal = {
  options: [
    { name: 'Size', values: ['6', '7', '8', '9'] },
    { name: 'Colour', values: ['Tan', 'Black'] },
  ],
  variants: [
    variant('6', 'Tan', 3),
    variant('7', 'Tan', 0),
    variant('8', 'Tan', 2),
    variant('6', 'Black', 1),
    variant('7', 'Black', 4),
    variant('8', 'Black', 0),
    variant('9', 'Black', 5),
  ],
};

const plain = { options: [], variants: [{ id: 'default', optionValues: [], stockQuantity: 4 }] };

describe('choiceFrom', () => {
  it('starts from the variant the URL names, else from nothing chosen', () => {
    expect(choiceFrom(chappal, '8-Tan')).toEqual(['8', 'Tan']);
    expect(choiceFrom(chappal, null)).toEqual([null, null]);
    expect(choiceFrom(chappal, 'no-such-variant')).toEqual([null, null]);
  });

  it('chooses an option that has one value only', () => {
    const oneColour = { ...chappal, options: [chappal.options[0]!, { name: 'Colour', values: ['Tan'] }] };
    expect(choiceFrom(oneColour, null)).toEqual([null, 'Tan']);
  });
});

describe('variantOf', () => {
  it('names the variant of a full choice only', () => {
    expect(variantOf(chappal, ['8', 'Tan'])?.id).toBe('8-Tan');
    expect(variantOf(chappal, ['8', null])).toBeNull();
    expect(variantOf(chappal, ['9', 'Tan'])).toBeNull();
  });

  it('is the default variant of a product without options', () => {
    expect(variantOf(plain, choiceFrom(plain, null))?.id).toBe('default');
  });
});

describe('valueState', () => {
  it('judges each value with the other options as chosen', () => {
    expect(valueState(chappal, [null, 'Tan'], 0, '9')).toBe('missing');
    expect(valueState(chappal, [null, 'Tan'], 0, '7')).toBe('soldOut');
    expect(valueState(chappal, [null, 'Black'], 0, '7')).toBe('available');
    expect(valueState(chappal, ['9', null], 1, 'Tan')).toBe('missing');
    expect(valueState(chappal, ['8', null], 1, 'Black')).toBe('soldOut');
  });

  it('with nothing else chosen, a value is sold out only when every variant with it is', () => {
    expect(valueState(chappal, [null, null], 0, '7')).toBe('available');
    const allGone = { ...chappal, variants: chappal.variants.map((v) => ({ ...v, stockQuantity: 0 })) };
    expect(valueState(allGone, [null, null], 1, 'Tan')).toBe('soldOut');
  });

  it('ignores the value it replaces', () => {
    expect(valueState(chappal, ['9', 'Black'], 0, '8')).toBe('soldOut');
    expect(valueState(chappal, ['8', 'Tan'], 1, 'Black')).toBe('soldOut');
    expect(withValue(['8', 'Tan'], 1, 'Black')).toEqual(['8', 'Black']);
  });
});

describe('missingChoice', () => {
  it('names the first option not chosen, in lower case', () => {
    expect(missingChoice(chappal, [null, null])).toBe('size');
    expect(missingChoice(chappal, ['8', null])).toBe('colour');
    expect(missingChoice(chappal, ['8', 'Tan'])).toBeNull();
    expect(missingChoice(plain, [])).toBeNull();
  });
});

it('tells colours from other options', () => {
  expect(['Colour', 'color', 'Colours', 'Size', 'Material'].map(isColourOption)).toEqual([
    true,
    true,
    true,
    false,
    false,
  ]);
});
