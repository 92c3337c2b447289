import { describe, expect, it } from 'vitest';
import { accountStream } from '../../domain/account/events.ts';
import { LANGUAGE_MESSAGE } from '../../domain/i18n/schemas.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { eventsOf, storesNothing } from './admin/admin.fixtures.ts';
import { fileApi } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, signedIn } from './orders.fixtures.ts';

const api = await fileApi();

/** Off the contract on purpose: what the typed client would not send. */
const choose = (client: Client, locale: unknown) => client.raw.put('/api/auth/language', { locale });

describe('/api/auth/language', () => {
  it('is none until the user chooses; the choice is kept on their account, once', async () => {
    const buyer = await signedIn(api, 'buyer');
    expect(ok(await buyer.api.auth.language.$get())).toEqual({ locale: null });
    expect(ok(await buyer.api.auth.language.$put({ json: { locale: 'hi' } }))).toEqual({
      locale: 'hi',
      position: expect.any(Number),
    });
    expect(ok(await buyer.api.auth.language.$get())).toEqual({ locale: 'hi' });
    await storesNothing(api, () => buyer.api.auth.language.$put({ json: { locale: 'hi' } }));
    ok(await buyer.api.auth.language.$put({ json: { locale: 'en' } }));
    expect(ok(await buyer.api.auth.language.$get())).toEqual({ locale: 'en' });
    const chosen = (await eventsOf(api, accountStream(buyer.user!.id))).filter(({ type }) => type === 'LanguageChosen');
    expect(chosen.map(({ data, actor }) => [data, actor])).toEqual([
      [{ userId: buyer.user!.id, locale: 'hi', at: expect.any(String) }, buyer.user!.id],
      [{ userId: buyer.user!.id, locale: 'en', at: expect.any(String) }, buyer.user!.id],
    ]);
  });

  it.each([
    ['a language MIBI does not speak', 'fr'],
    ['a regional tag', 'hi-IN'],
    ['upper case', 'HI'],
    ['not text', 1],
    ['nothing', undefined],
  ])('answers 400 to %s, recording nothing', async (_, locale) => {
    const buyer = await signedIn(api, 'buyer');
    const reply = await storesNothing(api, () => choose(buyer, locale));
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ locale: LANGUAGE_MESSAGE });
  });

  it('asks a visitor to sign in', async () => {
    expectStatus(await api.anonymous().api.auth.language.$get(), 401);
    expectStatus(await storesNothing(api, () => choose(api.anonymous(), 'hi')), 401);
  });
});

describe('the order confirmation mail', () => {
  const mailTo = async (buyer: Client) => {
    await api.settle();
    const [mail] = await api.platform.mailbox!.list({ to: buyer.user!.email, limit: 1 });
    return mail!;
  };

  it('is in Hindi to a buyer who chose Hindi', async () => {
    const seller = await signedIn(api, 'seller');
    const buyer = await buyerWith(api, await listedProduct(api, seller, { stockQuantity: 5 }));
    ok(await buyer.api.auth.language.$put({ json: { locale: 'hi' } }));
    const { order } = ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody() }));
    const mail = await mailTo(buyer);
    const number = order.id.slice(0, 8);
    expect(mail.subject).toBe(`आपका MIBI ऑर्डर #${number} कन्फ़र्म हो गया है`);
    expect(mail.text).toContain(`नमस्ते ${buyer.user!.fullName},`);
    expect(mail.text).toContain(`MIBI पर ख़रीदारी के लिए धन्यवाद। आपका ऑर्डर #${number} कन्फ़र्म हो गया है।`);
    expect(mail.text).toContain('स्टैंडर्ड डिलीवरी (5-7 कामकाजी दिन): ₹50.00');
    expect(mail.text).toContain('भुगतान: कैश ऑन डिलीवरी');
    expect(mail.text).not.toMatch(/Total|Payment|Delivering/);
  });

  it('stays in English to a buyer who chose English, as to one who never chose', async () => {
    const seller = await signedIn(api, 'seller');
    for (const language of ['en', null] as const) {
      const buyer = await buyerWith(api, await listedProduct(api, seller, { stockQuantity: 5 }));
      if (language) ok(await buyer.api.auth.language.$put({ json: { locale: language } }));
      const { order } = ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody() }));
      const mail = await mailTo(buyer);
      expect(mail.subject).toBe(`Your MIBI order #${order.id.slice(0, 8)} is confirmed`);
      expect(mail.text).toContain('Standard Delivery (5-7 business days): ₹50.00');
      expect(mail.text).toContain('Payment: Cash on Delivery');
    }
  });
});
