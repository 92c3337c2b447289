/**
 * Names and product texts with hidden characters (issue 13, finding 9): refused with the
 * field's message and nothing stored, through the API as a client sends them (JSON escapes
 * included, which is how a lone surrogate arrives).
 */
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../testing/harness.ts';
import { SAREE, listProduct, fileApi } from './catalog.fixtures.ts';

const api = await fileApi();
const seller = await api.signUp({ role: 'seller' });

const HIDDEN = [
  ['NUL', 'Asha\u0000Rao'],
  ['a right-to-left override', 'Asha \u202Eoa\u0052'],
  ['a lone surrogate', 'Asha Rao\uD800'],
  ['a zero-width space', 'Asha\u200BRao'],
  ['a bidi isolate', 'Asha \u2067Rao\u2069'],
] as const;

const refused = (field: string, label: string) => {
  const message = `${label} contains characters that are not allowed`;
  return { error: { code: 'validation_failed', message, fields: { [field]: message } } };
};

describe('hidden characters', () => {
  it.each(HIDDEN)('are refused in a full name at sign-up (%s)', async (_what, fullName) => {
    const before = await api.platform.events.lastPosition();
    const reply = await api
      .anonymous()
      .api.auth.signup.$post({ json: { fullName, email: `hidden-${Date.now()}@mibi.test`, password: 'secret-pass' } });
    expectStatus(reply, 400);
    expect(reply.body).toEqual(refused('fullName', 'Full name'));
    expect(await api.platform.events.lastPosition()).toBe(before);
  });

  it.each(HIDDEN)('are refused in product texts when listing and editing (%s)', async (_what, text) => {
    const { id, position } = await listProduct(seller);
    for (const [field, label] of [
      ['name', 'Product name'],
      ['description', 'Description'],
    ] as const) {
      const listing = await seller.api.seller.products.$post({ json: { ...SAREE, [field]: `${text} handwoven` } });
      expectStatus(listing, 400);
      expect(listing.body).toEqual(refused(field, label));
      const edit = await seller.api.seller.products[':id'].$patch({
        param: { id },
        json: { [field]: `${text} handwoven` },
      });
      expectStatus(edit, 400);
      expect(edit.body).toEqual(refused(field, label));
    }
    expect(await api.platform.events.lastPosition()).toBe(position);
  });

  it('leave Indian names and multiline descriptions alone', async () => {
    const reply = await api.anonymous().api.auth.signup.$post({
      json: {
        fullName: 'लक्\u094D\u200Dष्मी നായര്\u200D',
        email: `indic-${Date.now()}@mibi.test`,
        password: 'secret-pass',
      },
    });
    expectStatus(reply, 201);
    const description = 'हाथ से बुनी रेशमी साड़ी।\n\nZari border, 6.3 m.';
    const listing = await seller.api.seller.products.$post({ json: { ...SAREE, name: 'बनारसी साड़ी', description } });
    expectStatus(listing, 201);
  });
});
