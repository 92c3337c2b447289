import { expect, it } from 'vitest';
import { errorOf, expectStatus } from '../../testing/harness.ts';
import { signedIn } from '../orders.fixtures.ts';
import { adminSuite } from './admin.fixtures.ts';

const { harness, api, admin } = await adminSuite();

it('gives admins every recorded or seen event type, with its schemas, upcasters and figures from the log', async () => {
  await harness.settle();
  const reply = await admin.api.admin.events.$get({ query: {} });
  expectStatus(reply, 200);
  const names = reply.body.types.map((entry) => entry.type);
  expect(names).toEqual([...names].sort());
  expect(names).toEqual(expect.arrayContaining(['CategoryCreated', 'ReviewSubmitted', 'ProductListed']));
  const log = await api.platform.events.readAll({ after: 0, limit: 100_000 });
  const created = log.filter((event) => event.type === 'CategoryCreated');
  expect(reply.body.types.find((entry) => entry.type === 'CategoryCreated')).toMatchObject({
    aggregate: 'catalog',
    version: 1,
    events: created.length,
    firstSeen: created[0]!.metadata.time,
    lastSeen: created.at(-1)!.metadata.time,
  });
});

it('keeps one type with ?type=, and answers 400 for what is not a type name', async () => {
  const one = await admin.api.admin.events.$get({ query: { type: 'OrderPlaced' } });
  expectStatus(one, 200);
  expect(one.body.types).toMatchObject([
    { type: 'OrderPlaced', version: 1, events: 0, upcasters: [{ name: 'purchaseOf' }] },
  ]);
  for (const type of ['orderPlaced', 'Order-Placed', 'X'.repeat(101)]) {
    const bad = await admin.api.admin.events.$get({ query: { type } });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('validation_failed');
  }
});

it('answers 401 signed out and 403 to buyers and sellers', async () => {
  expect((await harness.console().api.admin.events.$get({ query: {} })).status).toBe(401);
  for (const role of ['buyer', 'seller'] as const) {
    const client = harness.console(await signedIn(api, role));
    expect(errorOf(await client.api.admin.events.$get({ query: {} }))).toMatchObject({ code: 'forbidden' });
  }
});
