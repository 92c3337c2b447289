import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { UsageError } from './command.ts';
import { marketplace } from './marketplace.fixtures.ts';
import { mibi } from './mibi.fixtures.ts';
import { whatIfCommand } from './what-if.ts';

describe('mibi what-if', () => {
  let api: TestApi;
  let sellerId: string;

  beforeAll(async () => {
    api = await startTestApi();
    sellerId = (await marketplace(api)).seller.user!.id;
  });
  afterAll(() => api.close());

  it('prints each seller’s real and what-if figures and the difference, to the paisa; --from leaves earlier deliveries', async () => {
    // Three processes, started together: one after another they outlast the test's time on a busy machine.
    const [text, later, unknown] = await Promise.all([
      mibi(api.dir, 'what-if', '--commission', 'handicrafts=2000', '--from', '2020-01-01'),
      mibi(api.dir, 'what-if', '--commission', 'handicrafts=2000', '--from', '2099-01-01', '--json'),
      mibi(api.dir, 'what-if', '--commission', 'handloom=1200'),
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      'What if: handicrafts commission 20.00%, for seller orders delivered from 2020-01-01T00:00:00.000Z\n',
    );
    expect(text.stdout).toMatch(
      /^Replayed the ledger up to position \d+: 1 seller orders settled again, 0 returns dropped\.$/m,
    );
    expect(text.stdout).toContain(`Meera Crafts (${sellerId})\n`);
    // Two elephants at ₹2,699 delivered, one returned: 10% of ₹2,699 kept, or 20%.
    expect(text.stdout).toMatch(/^ {2}sales\s+₹5,398\.00\s+₹5,398\.00\s+₹0\.00$/m);
    expect(text.stdout).toMatch(/^ {2}returns\s+₹2,699\.00\s+₹2,699\.00\s+₹0\.00$/m);
    expect(text.stdout).toMatch(/^ {2}commission\s+₹269\.90\s+₹539\.80\s+₹269\.90$/m);
    expect(text.stdout).toMatch(/^ {2}earning\s+₹2,429\.10\s+₹2,159\.20\s+-₹269\.90$/m);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe('1 of 1 sellers would differ.');

    expect(later.code).toBe(0);
    const report = JSON.parse(later.stdout);
    expect(report.repriced).toBe(0);
    expect(report.sellers).toHaveLength(1);
    expect(report.sellers[0].whatIf).toEqual(report.sellers[0].real);
    expect(report.sellers[0].real.commissionPaise).toBe(26_990);

    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split('\n')[0]).toMatch(
      /^mibi what-if: Unknown category: handloom \(categories: .*handicrafts/,
    );
  });

  it('refuses a wrong command line with a usage message', async () => {
    // Refused before the command opens the data folder: no process needed.
    const refusal = (...argv: string[]) =>
      whatIfCommand.run(argv).then(
        () => 'accepted',
        (error: Error) => error,
      );
    const COMMISSION =
      '--commission takes <categoryId>=<basis points, 0 to 10000>, separated by commas, e.g. handicrafts=1200';
    expect(await refusal()).toEqual(new UsageError('Give a policy to try: --commission, --return-window-days or both'));
    expect(await refusal('--commission', 'handicrafts=12000')).toEqual(
      new UsageError(`${COMMISSION} (got "handicrafts=12000")`),
    );
    expect(await refusal('--commission', 'handicrafts=12%')).toEqual(
      new UsageError(`${COMMISSION} (got "handicrafts=12%")`),
    );
    expect(await refusal('--commission', 'textiles=1000,textiles=900')).toEqual(
      new UsageError('--commission names textiles twice'),
    );
    expect(await refusal('--commission', 'textiles=1000', '--from', '2026-13-01')).toEqual(
      new UsageError(
        '--from must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z (got "2026-13-01")',
      ),
    );
    expect(await refusal('--return-window-days', 'a week')).toEqual(
      new UsageError('--return-window-days must be a whole number of at least 0 (got "a week")'),
    );
    expect(await refusal('--return-window-days', '400')).toEqual(
      new UsageError('--return-window-days must be at most 365 (got 400)'),
    );
  });
});
