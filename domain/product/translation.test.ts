import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { AT, actors, errorsOf, given } from '../testing.ts';
import { productDecider } from './decider.ts';
import { SAREE_DETAILS } from './details.fixtures.ts';
import type { ProductEvent } from './events.ts';
import { describeProductEvents } from './history.ts';
import { TRANSLATION_MESSAGES, productTranslationSchema } from './translation-schema.ts';
import { type ProductTranslation, localizedName, localizedText, translatedNames } from './translation.ts';
import { defaultVariant } from './variants.ts';

const { seller, otherSeller, admin } = actors;
const productId = 'p-1';
const { stockQuantity: _, ...details } = { ...SAREE_DETAILS, images: [] };
const listed: ProductEvent = {
  type: 'ProductListed',
  data: {
    productId,
    sellerId: seller.userId,
    ...details,
    options: [],
    variants: [defaultVariant(SAREE_DETAILS)],
    stockQuantity: 5,
    stockByVariant: { default: 5 },
    imageUrl: null,
    listedAt: AT,
  },
};
const hindi: ProductTranslation = {
  name: 'बनारसी रेशमी साड़ी',
  description: 'ज़री के काम वाली हाथ से बुनी शुद्ध रेशमी साड़ी।',
  tags: ['रेशम'],
};
const translated = (before: ProductTranslation | null, after: ProductTranslation | null, by = seller.userId) =>
  ({ type: 'ProductTranslated', data: { productId, by, at: AT, locale: 'hi', before, after } }) as const;

describe('TranslateProduct', () => {
  const translate = (
    translation: ProductTranslation | null,
    history: ProductEvent[] = [listed],
    actor: Actor = seller,
  ) => given(productDecider, history).when({ type: 'TranslateProduct', actor, locale: 'hi', translation, at: AT });

  it('gives, changes and takes away the Hindi name, description and tags, each change once', () => {
    translate(hindi).then([translated(null, hindi)]);
    const renamed = { ...hindi, name: 'बनारसी साड़ी' };
    translate(renamed, [listed, translated(null, hindi)]).then([translated(hindi, renamed)]);
    translate(hindi, [listed, translated(null, hindi)]).then([]);
    translate(null, [listed, translated(null, hindi)]).then([translated(hindi, null)]);
    translate(null).then([]);
  });

  it('is for the seller of the product and the admins', () => {
    translate(hindi, [listed], otherSeller).then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'You can only translate your own products',
    });
    translate(hindi, [listed], admin).then([translated(null, hindi, admin.userId)]);
  });

  it('keeps the translation in the state, taken away by null', () => {
    expect(fold(productDecider, [listed, translated(null, hindi)])?.translations).toEqual({ hi: hindi });
    expect(fold(productDecider, [listed, translated(null, hindi), translated(hindi, null)])?.translations).toEqual({});
  });
});

describe('productTranslationSchema', () => {
  it('needs the name; the description is empty or long enough', () => {
    expect(errorsOf(productTranslationSchema, { name: ' ' })).toEqual({ name: TRANSLATION_MESSAGES.nameRequired });
    expect(errorsOf(productTranslationSchema, { name: 'साड़ी', description: 'छोटा' })).toEqual({
      description: TRANSLATION_MESSAGES.descriptionTooShort,
    });
    expect(productTranslationSchema.parse({ name: ' साड़ी ' })).toEqual({ name: 'साड़ी', description: '', tags: [] });
  });
});

describe('localizedText', () => {
  const product = { name: 'Banarasi Silk Saree', description: 'Handwoven silk.', tags: ['silk'] };

  it('shows the Hindi fields given to a Hindi reader, the English ones otherwise, each with its language', () => {
    const hi = { name: 'hi', description: 'hi', tags: 'hi' } as const;
    const en = { name: 'en', description: 'en', tags: 'en' } as const;
    expect(localizedText({ ...product, translations: { hi: hindi } }, 'hi')).toEqual({ ...hindi, lang: hi });
    expect(localizedText({ ...product, translations: { hi: hindi } }, 'en')).toEqual({ ...product, lang: en });
    expect(localizedText({ ...product, translations: {} }, 'hi')).toEqual({ ...product, lang: en });
    const nameOnly = { name: 'बनारसी साड़ी', description: '', tags: [] };
    expect(localizedText({ ...product, translations: { hi: nameOnly } }, 'hi')).toEqual({
      ...product,
      name: 'बनारसी साड़ी',
      lang: { ...en, name: 'hi' },
    });
  });
});

describe('a line of a cart or wishlist', () => {
  it('carries only the names, and shows the Hindi one to a Hindi reader, the English one otherwise', () => {
    const names = translatedNames({ hi: hindi });
    expect(names).toEqual({ hi: hindi.name });
    expect(translatedNames({})).toEqual({});
    expect(localizedName({ name: 'Banarasi Silk Saree', names }, 'hi')).toEqual({ name: hindi.name, lang: 'hi' });
    expect(localizedName({ name: 'Banarasi Silk Saree', names }, 'en')).toEqual({
      name: 'Banarasi Silk Saree',
      lang: 'en',
    });
    expect(localizedName({ name: 'Banarasi Silk Saree', names: {} }, 'hi')).toEqual({
      name: 'Banarasi Silk Saree',
      lang: 'en',
    });
  });
});

describe('the history of a translation', () => {
  const described = (event: ProductEvent) => describeProductEvents([event], { category: (id) => id })[0]!.description;

  it('says in plain words what was given, changed and taken away in Hindi', () => {
    expect(described(translated(null, { ...hindi, description: '' })).summary).toBe(
      'Added in Hindi: Name in Hindi: none → बनारसी रेशमी साड़ी; Tags in Hindi: none → रेशम',
    );
    expect(described(translated(hindi, { ...hindi, name: 'बनारसी साड़ी' }))).toEqual({
      summary: 'Changed in Hindi: Name in Hindi: बनारसी रेशमी साड़ी → बनारसी साड़ी',
      changes: [{ field: 'Name in Hindi', before: 'बनारसी रेशमी साड़ी', after: 'बनारसी साड़ी' }],
    });
    expect(described(translated(hindi, null)).summary).toBe('Hindi name, description and tags removed');
  });
});
