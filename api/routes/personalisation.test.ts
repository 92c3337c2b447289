import { describe, expect, it } from 'vitest';
import { expectStatus, ok } from '../testing/harness.ts';
import { SAREE, twoSellers } from './catalog.fixtures.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { answersText } from '../../domain/product/personalisation.ts';

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

describe('answers', () => {
  const ask = async () => {
    const listed = await seller.api.seller.products.$post({ json: { ...SAREE, personalisation: [ENGRAVING, WRAP] } });
    expectStatus(listed, 201);
    return listed.body.id;
  };

  it('are asked first when a wishlist adds the product: its item says so, and the cart refuses a line without them', async () => {
    const productId = await ask();
    const optional = await seller.api.seller.products.$post({ json: { ...SAREE, personalisation: [WRAP] } });
    expectStatus(optional, 201);
    const buyer = await api.signUp({ role: 'buyer' });
    ok(await buyer.api.wishlist.items.$post({ json: { productId } }));
    const saved = ok(await buyer.api.wishlist.items.$post({ json: { productId: optional.body.id } }));
    const items = ok(await buyer.after(saved.position).wishlist.$get()).items;
    expect(items.map((item) => [item.productId, item.product.asksFirst])).toEqual([
      [optional.body.id, null],
      [productId, 'answers'],
    ]);
    const added = await buyer.api.cart.items.$post({ json: { productId } });
    expectStatus(added, 400);
    expect(added.body.error.fields).toEqual({ 'personalisation.q1': 'Please answer: Name to engrave' });
    expect(ok(await buyer.api.cart.$get()).lines).toEqual([]);
  });

  it('are checked against the questions at add to cart: required, length, values offered, questions asked, text', async () => {
    const productId = await ask();
    const buyer = await api.signUp({ role: 'buyer' });
    const add = (personalisation: unknown) => buyer.raw.post('/api/cart/items', { productId, personalisation });
    const cases: Array<[unknown, Record<string, string>]> = [
      [[], { 'personalisation.q1': 'Please answer: Name to engrave' }],
      [
        [{ questionId: 'q1', answer: 'A'.repeat(21) }],
        { 'personalisation.q1': 'Your answer must be at most 20 characters' },
      ],
      [
        [
          { questionId: 'q1', answer: 'Asha' },
          { questionId: 'q2', answer: 'Maybe' },
        ],
        { 'personalisation.q2': 'Choose one of the values offered' },
      ],
      [
        [
          { questionId: 'q1', answer: 'Asha' },
          { questionId: 'q9', answer: 'x' },
        ],
        { 'personalisation.q9': 'This product asks no such question' },
      ],
      [
        [{ questionId: 'q1', answer: 'As\u202Eha' }],
        { 'personalisation.0.answer': 'Answer contains characters that are not allowed' },
      ],
      ['Asha', { personalisation: expect.any(String) }],
    ];
    for (const [personalisation, fields] of cases) {
      const reply = await add(personalisation);
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual(fields);
    }
    expect(ok(await buyer.api.cart.$get()).lines).toEqual([]);
  });

  it('keep each line apart by its answers, with the question’s words, to the seller’s order', async () => {
    const productId = await ask();
    const buyer = await api.signUp({ role: 'buyer' });
    const add = (answer: string) =>
      buyer.api.cart.items.$post({
        json: { productId, personalisation: [{ questionId: 'q1', answer: ` ${answer} ` }] },
      });
    expectStatus(await add('Asha'), 200);
    expectStatus(await add('Ravi'), 200);
    const cart = ok(await add('Asha')).cart;
    expect(cart.lines.map((line) => [line.personalisation, line.quantity])).toEqual([
      [[{ questionId: 'q1', question: 'Name to engrave', answer: 'Asha' }], 2],
      [[{ questionId: 'q1', question: 'Name to engrave', answer: 'Ravi' }], 1],
    ]);
    expect(new Set(cart.lines.map((line) => line.lineKey)).size).toBe(2);

    const placed = await buyer.api.orders.$post({ header: {}, json: { shippingAddress: PUNE_ADDRESS } });
    expectStatus(placed, 201);
    const sellerOrders = ok(await seller.after(placed.body.position)['seller-orders'].$get());
    const part = sellerOrders.find((order) => order.orderId === placed.body.order.id)!;
    expect(part.lines.map((line) => answersText(line.personalisation))).toEqual([
      'Name to engrave: Asha',
      'Name to engrave: Ravi',
    ]);
    expectStatus(await otherSeller.api['seller-orders'][':id'].$get({ param: { id: part.id } }), 404);
  });
});
