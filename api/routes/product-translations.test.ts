import { describe, expect, it } from 'vitest';
import { TRANSLATION_MESSAGES } from '../../domain/product/translation-schema.ts';
import { type Client, errorOf, expectStatus, ok } from '../testing/harness.ts';
import { listProduct, twoSellers } from './catalog.fixtures.ts';

const { api, seller, otherSeller, admin } = await twoSellers();
const buyer = await api.signUp({ role: 'buyer' });

const hindi = {
  name: 'बनारसी रेशमी साड़ी',
  description: 'ज़री के काम वाली हाथ से बुनी शुद्ध रेशमी साड़ी।',
  tags: ['रेशम', 'हथकरघा'],
};

const translate = (client: Client, id: string, json: unknown, locale = 'hi') =>
  client.api.seller.products[':id'].translations[':locale'].$put({
    param: { id, locale: locale as 'hi' },
    json: json as typeof hindi,
  });
const untranslate = (client: Client, id: string) =>
  client.api.seller.products[':id'].translations[':locale'].$delete({ param: { id, locale: 'hi' } });
const search = async (q: string, after?: number) =>
  ok(await buyer.after(after).products.$get({ query: { q } })).items.map((item) => item.name);

describe('PUT /api/seller/products/{id}/translations/{locale}', () => {
  it('gives the Hindi name, description and tags, which the list and the product page carry', async () => {
    const { id } = await listProduct(seller, { name: 'Kanchipuram Temple Saree' });
    const reply = await translate(seller, id, hindi);
    expectStatus(reply, 200);
    const product = ok(await buyer.after(reply.body.position).products[':id'].$get({ param: { id } }));
    expect(product).toMatchObject({ name: 'Kanchipuram Temple Saree', translations: { hi: hindi } });
    const listed = ok(await buyer.api.products.$get({ query: { q: 'kanchipuram' } })).items;
    expect(listed.map((item) => item.translations)).toEqual([{ hi: hindi }]);
  });

  it('takes them away: buyers see the English ones', async () => {
    const { id } = await listProduct(seller, { name: 'Chanderi Dupatta' });
    await translate(seller, id, { name: 'चंदेरी दुपट्टा' });
    const removed = await untranslate(seller, id);
    expectStatus(removed, 200);
    const product = ok(await buyer.after(removed.body.position).products[':id'].$get({ param: { id } }));
    expect(product.translations).toEqual({});
  });

  it('refuses bad input with the field named, and an unknown language', async () => {
    const { id } = await listProduct(seller);
    const noName = await translate(seller, id, { name: '  ', description: 'छोटा' });
    expectStatus(noName, 400);
    expect(errorOf(noName).fields).toEqual({
      name: TRANSLATION_MESSAGES.nameRequired,
      description: TRANSLATION_MESSAGES.descriptionTooShort,
    });
    const english = await translate(seller, id, hindi, 'en');
    expectStatus(english, 400);
    expect(errorOf(english).message).toBe(TRANSLATION_MESSAGES.languageUnknown);
    expectStatus(await translate(seller, id, 'not an object'), 400);
  });

  it("is for the product's seller and the admins only", async () => {
    const { id } = await listProduct(seller);
    const other = await translate(otherSeller, id, hindi);
    expectStatus(other, 403);
    expect(errorOf(other).message).toBe('You can only translate your own products');
    expectStatus(await translate(buyer, id, hindi), 403);
    expectStatus(await untranslate(otherSeller, id), 403);
    expectStatus(await translate(admin, id, hindi), 200);
    expectStatus(await translate(seller, crypto.randomUUID(), hindi), 404);
    expectStatus(
      await api.anonymous().api.seller.products[':id'].translations[':locale'].$delete({ param: { id, locale: 'hi' } }),
      401,
    );
  });
});

describe('the search in either script', () => {
  it('finds a product named in Latin letters by its name in Devanagari, and one named in Hindi by Latin letters', async () => {
    const latin = await listProduct(seller, { name: 'Ajrakh Print Stole', tags: [] });
    const devanagari = await listProduct(otherSeller, { name: 'Handloom Throw', tags: [] });
    const { position } = ok(await translate(otherSeller, devanagari.id, { name: 'पश्मीना शॉल' }));
    expect(await search('अजरख', Math.max(latin.position, position))).toEqual(['Ajrakh Print Stole']);
    expect(await search('पश्मीना')).toEqual(['Handloom Throw']);
    expect(await search('pashmina')).toEqual(['Handloom Throw']);
    expect(await search('अजरख stole')).toEqual(['Ajrakh Print Stole']);
    expect(await search('अजरख पश्मीना')).toEqual([]);
  });
});
