/**
 * `mibi what-if`: the sellers' ledgers replayed under another commission per category or
 * return window (analytics/what-if.ts), beside the ledgers as they happened, to the paisa.
 */
import { type SellerFigures, type WhatIfPolicy, unknownCategories, whatIf } from '../../analytics/what-if.ts';
import { MAX_COMMISSION_BPS } from '../../domain/catalog/policy.ts';
import { formatInr } from '../../domain/money.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { isoTime } from '../../platform/eventstore/ndjson.ts';
import { categoriesByName } from '../../projections/categories/queries.ts';
import { type Command, EXIT, UsageError, parse, wholeNumber, withPlatform } from './command.ts';
import { columns, formatCount, left, right, write } from './output.ts';

const MAX_WINDOW_DAYS = 365;
const COMMISSION_ITEM = /^([a-z0-9][a-z0-9_-]*)=(\d{1,5})$/;

/** "handloom=1200,textiles=800": basis points by category. */
function commissionOf(text: string | undefined): Map<string, number> {
  const rates = new Map<string, number>();
  if (text === undefined) return rates;
  for (const item of text.split(',')) {
    const [, category, bps] = COMMISSION_ITEM.exec(item.trim()) ?? [];
    if (!category || bps === undefined || Number(bps) > MAX_COMMISSION_BPS)
      throw new UsageError(
        `--commission takes <categoryId>=<basis points, 0 to ${MAX_COMMISSION_BPS}>, separated by commas, e.g. handicrafts=1200 (got "${item}")`,
      );
    if (rates.has(category)) throw new UsageError(`--commission names ${category} twice`);
    rates.set(category, Number(bps));
  }
  return rates;
}

const fromSchema = isoTime('--from');

function policyOf(values: { commission?: string; 'return-window-days'?: string; from?: string }): WhatIfPolicy {
  const commission = commissionOf(values.commission);
  const returnWindowDays = wholeNumber(values['return-window-days'], '--return-window-days');
  if (returnWindowDays !== undefined && returnWindowDays > MAX_WINDOW_DAYS)
    throw new UsageError(`--return-window-days must be at most ${MAX_WINDOW_DAYS} (got ${returnWindowDays})`);
  if (commission.size === 0 && returnWindowDays === undefined)
    throw new UsageError('Give a policy to try: --commission, --return-window-days or both');
  let from: string | undefined;
  if (values.from !== undefined) {
    const parsed = fromSchema.safeParse(values.from);
    if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]!.message} (got "${values.from}")`);
    from = parsed.data;
  }
  return { commission, ...(returnWindowDays !== undefined && { returnWindowDays }), ...(from && { from }) };
}

const FIGURES: Array<[keyof SellerFigures, string]> = [
  ['salesPaise', 'sales'],
  ['returnsPaise', 'returns'],
  ['refundsPaise', 'refunds'],
  ['commissionPaise', 'commission'],
  ['earningPaise', 'earning'],
  ['balancePaise', 'balance'],
];

const difference = (real: SellerFigures, after: SellerFigures): SellerFigures =>
  Object.fromEntries(FIGURES.map(([key]) => [key, after[key] - real[key]])) as unknown as SellerFigures;

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** The policy tried, in a line. */
function describe(policy: WhatIfPolicy): string {
  const parts = [...policy.commission].map(([category, bps]) => `${category} commission ${percent(bps)}`);
  if (policy.returnWindowDays !== undefined) parts.push(`returns asked within ${policy.returnWindowDays} days`);
  return `${parts.join(', ')}, for seller orders delivered ${policy.from ? `from ${policy.from}` : 'ever'}`;
}

export const whatIfCommand: Command = {
  name: 'what-if',
  summary: 'Replay the sellers’ ledgers under another commission or return window, beside what happened',
  help: `Usage: mibi what-if --commission <categoryId>=<bps>[,<categoryId>=<bps>...] [--return-window-days <n>]
                    [--from <ISO>] [--json]

Replays the ledger projection from the log into a scratch store (never the live one) with
the policy given, beside the ledger as it happened, and prints for each seller whose figures
would differ the real and the what-if sales, returns, refunds, commission, earning and
balance, and the difference, to the paisa.

The policy applies to seller orders delivered at or after --from (all when not given):
  --commission           the commission each category named would have charged, in basis
                         points (1200 is 12%); each of their lines is settled again at it, and
                         its returns reversed at it, as the order decider settles them
  --return-window-days   days after delivery a buyer could ask for a return: returns asked
                         later are dropped, with what they moved in the ledger. A window longer
                         than the one in force cannot make returns that were never asked
  --from <ISO>           a date (midnight UTC) or a date and time
  --json                 the whole comparison as JSON, every seller included

Payouts, transfers and help requests' refunds stay as they were paid: the balance carries
the difference.`,

  async run(argv) {
    const { values } = parse(
      argv,
      {
        commission: { type: 'string' },
        'return-window-days': { type: 'string' },
        from: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 0, max: 0 },
    );
    const policy = policyOf(values);
    return withPlatform(async (platform) => {
      const unknown = await unknownCategories(platform.events, [...policy.commission.keys()]);
      if (unknown.length > 0) {
        const known = (await categoriesByName(platform.read)).map((category) => category.id);
        throw new UsageError(`Unknown category: ${unknown.join(', ')} (categories: ${known.join(', ')})`);
      }
      const report = await whatIf(platform, policy);
      const configured = loadConfig().RETURN_WINDOW_DAYS;
      const notes =
        policy.returnWindowDays !== undefined && policy.returnWindowDays > configured
          ? [
              `A window of ${policy.returnWindowDays} days is longer than the ${configured} in force: it cannot make returns that were never asked, so only the returns that happened are replayed.`,
            ]
          : [];
      const sellers = report.sellers.map((seller) => ({
        ...seller,
        difference: difference(seller.real, seller.whatIf),
      }));
      if (values.json) {
        const { commission, ...rest } = policy;
        await write(
          `${JSON.stringify({ policy: { commission: Object.fromEntries(commission), ...rest }, ...report, sellers, notes }, null, 2)}\n`,
        );
        return EXIT.ok;
      }
      await write(`What if: ${describe(policy)}\n`);
      await write(
        `Replayed the ledger up to position ${formatCount(report.position)}: ${formatCount(report.repriced)} seller orders settled again, ${formatCount(report.droppedReturns.length)} returns dropped.\n`,
      );
      for (const note of notes) await write(`Note: ${note}\n`);
      const changed = sellers.filter((seller) => FIGURES.some(([key]) => seller.difference[key] !== 0));
      const layout = [left(14), right(16), right(16), right(16)];
      for (const { sellerId, sellerName, real, whatIf: after, difference: diff } of changed) {
        await write(`\n${sellerName || sellerId} (${sellerId})\n`);
        await write(`  ${columns(['', 'real', 'what-if', 'difference'], layout)}\n`);
        for (const [key, label] of FIGURES)
          await write(
            `  ${columns([label, formatInr(real[key]), formatInr(after[key]), formatInr(diff[key])], layout)}\n`,
          );
      }
      await write(
        `\n${formatCount(changed.length)} of ${formatCount(sellers.length)} sellers would differ${changed.length < sellers.length ? '; the others are as they were' : ''}.\n`,
      );
      return EXIT.ok;
    });
  },
};
