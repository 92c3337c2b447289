import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../domain/order/schemas.ts';
import { expectStatus } from '../testing/harness.ts';
import { fileApi } from '../routes/catalog.fixtures.ts';
import { checkoutBody, listedProduct, buyerWith, signedIn } from '../routes/orders.fixtures.ts';
import { localeOf } from './language.ts';

const api = await fileApi();
const seller = await signedIn(api, 'seller');
const buyer = await buyerWith(api, await listedProduct(api, seller, { stockQuantity: 5 }));

const unnamed = checkoutBody({
  shippingAddress: { ...checkoutBody().shippingAddress, firstName: ' ', city: 'x'.repeat(101) },
});
const checkout = (headers: Record<string, string>) => buyer.raw.post('/api/orders', unnamed, { headers });

describe('the language of API messages', () => {
  it('is Hindi when Accept-Language asks for it: the message, each field’s, and a generated one with its label', async () => {
    const reply = await checkout({ 'accept-language': 'hi' });
    expectStatus(reply, 400);
    expect(reply.body.error).toEqual({
      code: 'validation_failed',
      message: 'पहला नाम ज़रूरी है',
      fields: {
        'shippingAddress.firstName': 'पहला नाम ज़रूरी है',
        'shippingAddress.city': 'शहर: ज़्यादा से ज़्यादा 100 अक्षर लिखें',
      },
    });
    expect(reply.headers.get('content-language')).toBe('hi');
    expect(reply.headers.get('vary')).toMatch(/\bAccept-Language\b/);
  });

  it('stays English, word for word, without the header or for a language MIBI does not speak', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-language': 'fr-FR, de;q=0.8' },
      { 'accept-language': 'hi;q=0.5, en' },
    ]) {
      const reply = await checkout(headers);
      expectStatus(reply, 400);
      expect(reply.body.error).toEqual({
        code: 'validation_failed',
        message: CHECKOUT_MESSAGES.firstNameRequired,
        fields: {
          'shippingAddress.firstName': CHECKOUT_MESSAGES.firstNameRequired,
          'shippingAddress.city': 'City must be at most 100 characters',
        },
      });
      expect(reply.headers.get('content-language')).toBe('en');
      expect(reply.headers.get('vary')).toMatch(/\bAccept-Language\b/);
    }
  });

  it('is negotiated by preference: the first MIBI speaks, by its q-value', () => {
    expect(localeOf('fr;q=0.9, hi-IN;q=0.8, en;q=0.5')).toBe('hi');
    expect(localeOf('hi;q=0.1, en-GB')).toBe('en');
    expect(localeOf('hi;q=0')).toBe('en');
    expect(localeOf(undefined)).toBe('en');
  });
});
