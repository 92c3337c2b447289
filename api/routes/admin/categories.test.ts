import { describe, expect, it } from 'vitest';
import { categoryStream } from '../../../domain/catalog/events.ts';
import { type Client, expectStatus, ok } from '../../testing/harness.ts';
import { signedIn } from '../orders.fixtures.ts';
import { eventsOf, adminSuite, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();

const policies = async () => {
  await harness.settle();
  return ok(await admin.api.admin.categories.$get());
};
const policyOf = async (id: string) => (await policies()).items.find((item) => item.id === id);

describe('GET /api/admin/categories', () => {
  it('lists every category by name with the default rate and each one’s returnability', async () => {
    const reply = await admin.api.admin.categories.$get();
    expectStatus(reply, 200);
    const { body } = reply;
    expect(body.defaultCommissionBps).toBe(1000);
    expect(body.returnWindowDays).toBe(7);
    expect(body.items.map((item) => item.name)).toEqual([
      'Ayurveda',
      'Handicrafts',
      'Home Decor',
      'Jewelry',
      'Spices',
      'Textiles',
    ]);
    expect(body.items.find((item) => item.id === 'ayurveda')).toEqual({
      id: 'ayurveda',
      name: 'Ayurveda',
      commissionBps: null,
      effectiveCommissionBps: 1000,
      returnable: null,
      defaultReturnable: false,
      effectiveReturnable: false,
      history: [],
    });
  });
});

describe('PUT /api/admin/categories/{id}/commission', () => {
  it('sets a rate with who and why, and goes back to the default with null', async () => {
    const set = await admin.api.admin.categories[':id'].commission.$put({
      param: { id: 'textiles' },
      json: { rateBps: 800, reason: 'Support for handloom weavers' },
    });
    expectStatus(set, 200);
    expect(set.body).toEqual({ id: 'textiles', position: expect.any(Number) });
    expect(await policyOf('textiles')).toMatchObject({
      commissionBps: 800,
      effectiveCommissionBps: 800,
      history: [
        {
          change: 'commission',
          value: 800,
          reason: 'Support for handloom weavers',
          by: adminId,
          byName: 'MIBI Admin',
          at: expect.any(String),
        },
      ],
    });
    // The same rate again changes nothing.
    expect(
      (
        await storesNothing(api, () =>
          admin.api.admin.categories[':id'].commission.$put({
            param: { id: 'textiles' },
            json: { rateBps: 800, reason: 'Again' },
          }),
        )
      ).status,
    ).toBe(200);

    await admin.api.admin.categories[':id'].commission.$put({
      param: { id: 'textiles' },
      json: { rateBps: null, reason: 'Programme ended' },
    });
    const textiles = await policyOf('textiles');
    expect(textiles).toMatchObject({ commissionBps: null, effectiveCommissionBps: 1000 });
    expect(textiles?.history.map((change) => [change.value, change.reason])).toEqual([
      [null, 'Programme ended'],
      [800, 'Support for handloom weavers'],
    ]);
    const events = await eventsOf(api, categoryStream('textiles'));
    expect(events.slice(1)).toEqual([
      {
        type: 'CategoryCommissionSet',
        data: {
          categoryId: 'textiles',
          rateBps: 800,
          reason: 'Support for handloom weavers',
          by: adminId,
          at: expect.any(String),
        },
        actor: adminId,
      },
      {
        type: 'CategoryCommissionSet',
        data: { categoryId: 'textiles', rateBps: null, reason: 'Programme ended', by: adminId, at: expect.any(String) },
        actor: adminId,
      },
    ]);
  });

  it('refuses a bad rate, a missing reason and an unknown category, recording nothing', async () => {
    // Off the contract on purpose.
    const put = (id: string, body: unknown) =>
      storesNothing(api, () => admin.raw.put(`/api/admin/categories/${id}/commission`, body));
    const rate = 'Rate must be a whole number of basis points from 0 to 10000, or null for the default';
    for (const rateBps of [-1, 10_001, 2.5, '500']) {
      const reply = await put('spices', { rateBps, reason: 'x' });
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual({ rateBps: rate });
    }
    expect((await put('spices', { rateBps: 500 })).body.error.fields).toEqual({ reason: 'A reason is required' });
    expect((await put('spices', { rateBps: 500, reason: '   ' })).body.error.fields).toEqual({
      reason: 'A reason is required',
    });
    const unknown = await storesNothing(api, () =>
      admin.api.admin.categories[':id'].commission.$put({
        param: { id: 'sweets' },
        json: { rateBps: 500, reason: 'x' },
      }),
    );
    expectStatus(unknown, 404);
    expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Category not found' });
  });
});

describe('PUT /api/admin/categories/{id}/returns', () => {
  it('makes a category returnable with who and why, and the public policy says so', async () => {
    const reply = await admin.api.admin.categories[':id'].returns.$put({
      param: { id: 'spices' },
      json: { returnable: true, reason: 'Sealed packs can be resold' },
    });
    expectStatus(reply, 200);
    expect(await policyOf('spices')).toMatchObject({
      returnable: true,
      defaultReturnable: false,
      effectiveReturnable: true,
      history: [
        { change: 'returns', value: true, reason: 'Sealed packs can be resold', by: adminId, byName: 'MIBI Admin' },
      ],
    });
    const policy = ok(await api.anonymous().api.returns.policy.$get());
    expect(policy.categories.find((category) => category.id === 'spices')).toEqual({
      id: 'spices',
      name: 'Spices',
      returnable: true,
    });
  });

  it('refuses anything but true or false', async () => {
    const reply = await storesNothing(api, () =>
      admin.raw.put('/api/admin/categories/jewelry/returns', { returnable: 'no', reason: 'x' }),
    );
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ returnable: 'Returnable must be true or false' });
  });

  it('is for admins only', async () => {
    const seller = await signedIn(api, 'seller');
    const put = (client?: Client) =>
      harness.console(client).api.admin.categories[':id'].returns.$put({
        param: { id: 'jewelry' },
        json: { returnable: false, reason: 'x' },
      });
    expectStatus(await storesNothing(api, () => put(seller)), 403);
    expectStatus(await storesNothing(api, () => put()), 401);
    expectStatus(await harness.console(seller).api.admin.categories.$get(), 403);
    expectStatus(await harness.console().api.admin.categories.$get(), 401);
  });
});

describe('GET /api/returns/policy', () => {
  it('states the window and which categories take returns, to anyone', async () => {
    const reply = await api.anonymous().api.returns.policy.$get();
    expectStatus(reply, 200);
    const { body } = reply;
    expect(body.windowDays).toBe(7);
    expect(body.categories.map((category) => category.id)).toEqual([
      'ayurveda',
      'handicrafts',
      'home-decor',
      'jewelry',
      'spices',
      'textiles',
    ]);
    expect(body.categories.find((category) => category.id === 'ayurveda')).toEqual({
      id: 'ayurveda',
      name: 'Ayurveda',
      returnable: false,
    });
    expect(body.categories.find((category) => category.id === 'jewelry')).toEqual({
      id: 'jewelry',
      name: 'Jewelry',
      returnable: true,
    });
  });
});
