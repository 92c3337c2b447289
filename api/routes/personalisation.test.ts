import { describe, expect, it } from 'vitest';
import { expectStatus, ok } from '../testing/harness.ts';
import { SAREE, twoSellers } from './catalog.fixtures.ts';

const { api, seller, otherSeller } = await twoSellers();

const ENGRAVING = { question: 'Name to engrave', kind: 'text' as const, maxLength: 20, required: true };
const WRAP = { question: 'Gift wrap', kind: 'choice' as const, values: ['Yes', 'No'], required: false };

describe('personalisation questions', () => {
  it('are listed with the product, each given an id, and shown to anyone', async () => {
    const listed = await seller.api.seller.products.$post({ json: { ...SAREE, personalisation: [ENGRAVING, WRAP] } });
    expectStatus(listed, 201);
    const product = ok(
      await api
        .anonymous()
        .after(listed.body.position)
        .products[':id'].$get({ param: { id: listed.body.id } }),
    );
    expect(product.personalisation).toEqual([
      { id: 'q1', ...ENGRAVING },
      { id: 'q2', ...WRAP },
    ]);
  });

  it('refuses more than three questions and questions badly written', async () => {
    const post = (personalisation: unknown) => seller.raw.post('/api/seller/products', { ...SAREE, personalisation });
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        [ENGRAVING, WRAP, { ...WRAP, question: 'Box' }, { ...WRAP, question: 'Card' }],
        { personalisation: 'A product can ask at most 3 questions' },
      ],
      [[{ ...ENGRAVING, maxLength: 500 }], { 'personalisation.0.maxLength': expect.stringMatching(/^Answer length/) }],
      [[{ ...WRAP, values: [] }], { 'personalisation.0.values': 'Give at least two values to choose from' }],
      [
        [{ ...ENGRAVING, question: 'Name\u202Eeman' }],
        { 'personalisation.0.question': 'Question contains characters that are not allowed' },
      ],
      ['engrave', { personalisation: expect.any(String) }],
    ];
    for (const [personalisation, fields] of cases) {
      const reply = await post(personalisation);
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual(fields);
    }
  });

  it('change at once on a verified product, a question kept keeping its id; only its seller may change them', async () => {
    const listed = await seller.api.seller.products.$post({ json: { ...SAREE, personalisation: [ENGRAVING] } });
    expectStatus(listed, 201);
    const { id } = listed.body;
    const edit = await seller.api.seller.products[':id'].$patch({
      param: { id },
      json: { personalisation: [WRAP, { id: 'q1', ...ENGRAVING, maxLength: 12 }] },
    });
    expectStatus(edit, 200);
    expect(edit.body.review).toBeNull();
    expect(ok(await seller.after(edit.body.position).products[':id'].$get({ param: { id } })).personalisation).toEqual([
      { id: 'q2', ...WRAP },
      { id: 'q1', ...ENGRAVING, maxLength: 12 },
    ]);
    const history = ok(await seller.after(edit.body.position).seller.products[':id'].history.$get({ param: { id } }));
    expect(history.items.flatMap((item) => item.changes ?? []).map((change) => change.field)).toContain(
      'Personalisation',
    );
    expectStatus(
      await otherSeller.api.seller.products[':id'].$patch({ param: { id }, json: { personalisation: [] } }),
      403,
    );
  });
});
