import { describe, expect, it } from 'vitest';
import { accountStream } from '../../domain/account/events.ts';
import { LANGUAGE_MESSAGE } from '../../domain/i18n/schemas.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { eventsOf, storesNothing } from './admin/admin.fixtures.ts';
import { fileApi } from './catalog.fixtures.ts';
import { signedIn } from './orders.fixtures.ts';

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
