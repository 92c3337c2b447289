import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { users } from './projection.ts';
import type { UserDoc } from './documents.ts';
import { USERS } from './projection.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const live = () => api.platform.read.collection<UserDoc>(USERS);

/** The documents of an empty store after applying `batches` in turn (overlapping batches replay events). */
async function rebuild(file: string, batches: RecordedEvent[][]): Promise<UserDoc[]> {
  const store = new SqliteReadStore(join(api.dir, file));
  try {
    for (const batch of batches) {
      const work = store.unitOfWork();
      for (const event of batch)
        if (users.eventTypes === 'all' || users.eventTypes.has(event.type)) await users.apply(event, work);
      await store.commit(work, users.name, batch[batch.length - 1]!.position);
    }
    return await store.collection<UserDoc>(USERS).find({ sort: [['id', 'asc']] });
  } finally {
    await store.close();
  }
}

it('keeps one document per account with its current roles, the same after a rebuild or a replay', async () => {
  const buyer = await api.signUp({ role: 'buyer', fullName: 'Ravi Kumar' });
  const seller = await api.signUp({ role: 'seller' });
  await buyer.api.auth.roles.$post({ json: { role: 'seller' } });
  const admin = { userId: 'admin-1', roles: ['admin' as const] };
  const at = new Date().toISOString();
  await api.ctx.streams.handle(
    accountStream(buyer.user!.id),
    accountDecider,
    { type: 'RemoveRole', actor: admin, role: 'buyer', at },
    { actor: admin.userId },
  );
  await api.ctx.streams.handle(
    accountStream(buyer.user!.id),
    accountDecider,
    { type: 'AddRole', actor: admin, role: 'buyer', at },
    { actor: admin.userId },
  );
  await api.settle();

  expect(await live().get(buyer.user!.id)).toEqual({
    id: buyer.user!.id,
    fullName: 'Ravi Kumar',
    email: buyer.user!.email,
    emailNormalized: buyer.user!.email.toLowerCase(),
    roles: ['seller', 'buyer'],
    registeredAt: expect.any(String),
  });
  expect((await live().get(seller.user!.id))!.roles).toEqual(['seller']);
  expect(await live().find({ where: { emailNormalized: 'admin@mibi.test' } })).toMatchObject([
    { roles: ['buyer', 'admin'] },
  ]);
  expect(JSON.stringify(await live().find())).not.toContain('argon2');

  const events = await api.platform.events.readAll();
  const current = await live().find({ sort: [['id', 'asc']] });
  expect(await rebuild('rebuild.db', [events])).toEqual(current);
  const middle = Math.floor(events.length / 2);
  expect(await rebuild('replay.db', [events.slice(0, middle + 3), events.slice(middle), events])).toEqual(current);
});
