import { expect, it } from 'vitest';
import { ACCESS_REASON_REQUIRED } from '../../domain/staff-access/schemas.ts';
import { staffAccessStream } from '../../domain/staff-access/events.ts';
import { type Client, errorOf, expectStatus } from '../testing/harness.ts';
import { adminSuite } from './admin/admin.fixtures.ts';
import { signedIn, signedInAnalyst } from './orders.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();
const analyst = harness.console(await signedInAnalyst(api));
const buyer = await signedIn(api, 'buyer', 'Asha Rao');
const seller = await signedIn(api, 'seller');

const BY_TYPE = 'select type, count(*) as n from events group by 1 order by 2 desc, 1';
const sqlOf = (client: Client, json: Parameters<Client['api']['analyst']['sql']['$post']>[0]['json']) =>
  harness.console(client).api.analyst.sql.$post({ json });
const staffViews = (userId: string) => api.ctx.streams.read(staffAccessStream(userId));

/** The log's count of each event type, as the query above answers it. */
async function countsByType(): Promise<[string, number][]> {
  const counts = new Map<string, number>();
  for (const event of await api.platform.events.readAll({ after: 0, limit: 1_000_000 }))
    counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1));
}

it('answers analysts and admins with the columns, their types and the rows', async () => {
  for (const client of [analyst, admin]) {
    const reply = await sqlOf(client, { sql: BY_TYPE });
    expectStatus(reply, 200);
    expect(reply.body.columns.map((column) => column.name)).toEqual(['type', 'n']);
    expect(reply.body.columns[1]!.type).toMatch(/INT/);
    expect(reply.body.rows).toEqual(await countsByType());
    expect(reply.body).toMatchObject({ truncated: false, position: await api.platform.events.lastPosition() });
  }
});

it('answers 401 signed out and 403 to buyers and sellers, before looking at the body', async () => {
  expect((await harness.console().api.analyst.sql.$post({ json: { sql: BY_TYPE } })).status).toBe(401);
  for (const client of [buyer, seller]) {
    expect(errorOf(await sqlOf(client, { sql: BY_TYPE }))).toMatchObject({
      code: 'forbidden',
      message: 'This needs the analyst or admin role',
    });
    expect((await harness.console(client).raw.post('/api/analyst/sql', '{bad')).status).toBe(403);
    expect((await harness.console(client).api.analyst.events.$get()).status).toBe(403);
  }
});

it('answers 400 to a body that is not a query, never 500', async () => {
  const bad: [unknown, string][] = [
    [{}, 'Write a query'],
    [{ sql: 5 }, 'Write a query'],
    [{ sql: '   ' }, 'Write a query'],
    [{ sql: 'x'.repeat(10_001) }, 'The query must be at most 10000 characters'],
    [{ sql: BY_TYPE, asOf: 'last Diwali' }, expect.stringContaining('As of is a log position')],
    [{ sql: BY_TYPE, reveal: 'yes' }, 'Reveal is true or false'],
    [{ sql: BY_TYPE, reveal: true }, ACCESS_REASON_REQUIRED],
    [{ sql: BY_TYPE, reveal: true, reason: ' ' }, ACCESS_REASON_REQUIRED],
  ] as [unknown, string][];
  for (const [body, message] of bad) {
    const reply = await analyst.raw.post('/api/analyst/sql', JSON.stringify(body));
    expect({ body, status: reply.status, message: errorOf(reply).message }).toEqual({ body, status: 400, message });
  }
  expect(errorOf(await analyst.raw.post('/api/analyst/sql', '{bad'))).toMatchObject({ code: 'malformed_json' });
});

it('refuses a query that writes, reads a file or does not parse, with the reason, as a 400', async () => {
  for (const sql of ['create table t as select 1', "delete from events where type = 'AccountRegistered'"]) {
    const reply = await sqlOf(analyst, { sql });
    expect(reply.status).toBe(400);
    expect(errorOf(reply)).toMatchObject({ code: 'not_read_only', message: expect.any(String) });
  }
  const typo = await sqlOf(analyst, { sql: 'selec type from events' });
  expect(typo.status).toBe(400);
  expect(errorOf(typo).message).toMatch(/selec/);
  const file = await sqlOf(analyst, { sql: "select * from read_csv('/etc/passwd')" });
  expect(file.status).toBe(400);
  expect(errorOf(file).message).not.toMatch(/root:/);
  expect((await sqlOf(analyst, { sql: BY_TYPE })).status).toBe(200);
});

it('answers as of a log position: the events table cut there', async () => {
  const position = await api.platform.events.lastPosition();
  await signedIn(api, 'buyer');
  const reply = await sqlOf(analyst, { sql: 'select count(*) as n from events', asOf: String(position) });
  expectStatus(reply, 200);
  expect(reply.body.rows).toEqual([[position]]);
});

it('keeps personal data from analysts, and from admins unless they ask with a reason', async () => {
  const names = "select payload from events where type = 'AccountRegistered'";
  const masked = await sqlOf(analyst, { sql: names });
  expectStatus(masked, 200);
  expect(JSON.stringify(masked.body.rows)).not.toContain('Asha Rao');
  expect(JSON.stringify((await sqlOf(admin, { sql: names })).body)).not.toContain('Asha Rao');
  expect(await staffViews(adminId)).toEqual([]);
});

it('refuses personal data to an analyst, reason or not, and records nothing', async () => {
  const reply = await sqlOf(analyst, { sql: BY_TYPE, reveal: true, reason: 'Curious' });
  expect(reply.status).toBe(403);
  expect(errorOf(reply)).toMatchObject({ code: 'forbidden', message: 'Only an admin can see personal data' });
  expect(await staffViews(analyst.user!.id)).toEqual([]);
});

it("shows an admin personal data on request, each query recorded with the admin's reason before it runs", async () => {
  const names = "select payload from events where type = 'AccountRegistered'";
  const before = (await staffViews(adminId)).length;
  const shown = await sqlOf(admin, { sql: names, reveal: true, reason: 'Fraud report 42' });
  expectStatus(shown, 200);
  expect(JSON.stringify(shown.body.rows)).toContain('Asha Rao');
  const refused = await sqlOf(admin, { sql: 'drop table events', reveal: true, reason: 'Second look' });
  expect(refused.status).toBe(400);
  const views = (await staffViews(adminId)).slice(before);
  expect(views.map(({ type, data }) => ({ type, data }))).toEqual([
    {
      type: 'PersonalDataViewed',
      data: { by: adminId, surface: 'sql', subject: names, reason: 'Fraud report 42', at: expect.any(String) },
    },
    {
      type: 'PersonalDataViewed',
      data: {
        by: adminId,
        surface: 'sql',
        subject: 'drop table events',
        reason: 'Second look',
        at: expect.any(String),
      },
    },
  ]);
});

it('downloads the same answer as a CSV file', async () => {
  const reply = await analyst.api.analyst.sql.csv.$get({ query: { sql: BY_TYPE } });
  expectStatus(reply, 200);
  expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="mibi-query-\d+\.csv"$/);
  const lines = reply.body.trimEnd().split('\r\n');
  expect(lines).toEqual(['type,n', ...(await countsByType()).map(([type, n]) => `${type},${n}`)]);
  const refused = await analyst.api.analyst.sql.csv.$get({ query: { sql: 'drop table events' } });
  expect(refused.status).toBe(400);
  expect((await harness.console().api.analyst.sql.csv.$get({ query: { sql: BY_TYPE } })).status).toBe(401);
  expect((await harness.console(buyer).api.analyst.sql.csv.$get({ query: { sql: BY_TYPE } })).status).toBe(403);
});

it('gives analysts the event catalog', async () => {
  await harness.settle();
  const reply = await analyst.api.analyst.events.$get();
  expectStatus(reply, 200);
  expect(reply.body.types.find((entry) => entry.type === 'PersonalDataViewed')).toMatchObject({
    aggregate: 'staff-access',
    version: 2,
  });
  expect(reply.body.types.find((entry) => entry.type === 'AccountRegistered')?.events).toBeGreaterThan(0);
});
