import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { marketplace } from './marketplace.fixtures.ts';
import { mibi } from './mibi.fixtures.ts';

describe('mibi sql', { timeout: 90_000 }, () => {
  let api: TestApi;
  let people: Awaited<ReturnType<typeof marketplace>>;

  beforeAll(async () => {
    api = await startTestApi();
    people = await marketplace(api);
  });
  afterAll(() => api.close());

  it('prints the count of events by type as a table, and as CSV', async () => {
    const query =
      "select type, count(*) as n from events where type in ('OrderPlaced', 'ReviewSubmitted') group by 1 order by 1";
    const table = await mibi(api.dir, 'sql', query);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n').map((line) => line.split(/\s+/).join(' '))).toEqual([
      'type n',
      'OrderPlaced 2',
      'ReviewSubmitted 1',
      '',
    ]);
    expect(table.stderr).toContain('2 rows as of position');
    const csv = await mibi(api.dir, 'sql', query, '--csv');
    expect(csv.stdout).toBe('type,n\r\nOrderPlaced,2\r\nReviewSubmitted,1\r\n');
  });

  it('shows pseudonyms, and the ids themselves only with --reveal', async () => {
    const query = 'select id from users';
    const id = people.buyer.user!.id;
    expect((await mibi(api.dir, 'sql', query)).stdout).not.toContain(id);
    const revealed = await mibi(api.dir, 'sql', query, '--reveal');
    expect(revealed.stdout).toContain(id);
    expect(revealed.stderr).toContain('--reveal shows ids and personal data');
  });

  it('refuses a query that writes or reads a file, and a wrong --as-of', async () => {
    const write = await mibi(api.dir, 'sql', 'delete from orders');
    expect(write).toMatchObject({ code: 1, stdout: '' });
    expect(write.stderr).toContain('Only a SELECT may run');
    const file = await mibi(api.dir, 'sql', "select * from read_csv('/etc/passwd')");
    expect(file.code).toBe(1);
    expect(file.stderr).toContain('(external_access)');
    expect((await mibi(api.dir, 'sql', 'select 1', '--as-of', 'yesterday')).code).toBe(2);
  });
});
