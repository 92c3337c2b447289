import { expect, it } from 'vitest';
import { expectStatus } from '../testing/harness.ts';
import { adminSuite } from './admin/admin.fixtures.ts';
import { signedIn, signedInAnalyst } from './orders.fixtures.ts';

const { harness, api } = await adminSuite();
const analyst = harness.console(await signedInAnalyst(api));

it('gives analysts the event catalog', async () => {
  await harness.settle();
  const reply = await analyst.api.analyst.events.$get();
  expectStatus(reply, 200);
  expect(reply.body.types.find((entry) => entry.type === 'PersonalDataViewed')).toMatchObject({
    aggregate: 'staff-access',
    version: 1,
  });
  expect(reply.body.types.find((entry) => entry.type === 'AccountRegistered')?.events).toBeGreaterThan(0);
});

it('answers 401 signed out and 403 to buyers and sellers', async () => {
  expect((await harness.console().api.analyst.events.$get()).status).toBe(401);
  for (const role of ['buyer', 'seller'] as const)
    expect((await harness.console(await signedIn(api, role)).api.analyst.events.$get()).status).toBe(403);
});
