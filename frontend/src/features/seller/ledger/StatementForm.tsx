import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { DAY_RANGE_MESSAGES } from '../../../../../domain/days.ts';
import { server } from '../../../api/client.ts';
import { DayRangeFields } from '../../../components/DayRangeFields.tsx';
import { Icon } from '../../../components/Icon.tsx';

const dayOf = (time: Date): string => time.toISOString().slice(0, 10);

/** From the first of this month to today, in UTC days (the ledger's days). */
function thisMonth(now = new Date()): { from: string; to: string } {
  const today = dayOf(now);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** Two days and the link to the statement (GET /seller/ledger/statement, downloaded by the browser) of the ledger lines between them (both included), as a CSV file. */
export function StatementForm() {
  const { t } = useLingui();
  const [range, setRange] = useState(thisMonth);
  const titleId = useId();
  const problem =
    !range.from || !range.to ? t`Choose both days` : range.from > range.to ? DAY_RANGE_MESSAGES.order : undefined;

  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-4">
      <h3 id={titleId} className="font-semibold">
        <Trans>Statement</Trans>
      </h3>
      <p className="mt-1 text-sm text-base-content/80">
        <Trans>
          Every ledger line of a range of days (UTC) with the opening and closing balance, as a CSV file for your
          accounts.
        </Trans>
      </p>
      <div className="mt-3 grid items-start gap-x-4 sm:grid-cols-[1fr_1fr_auto]">
        <DayRangeFields
          labels={{ from: t`Statement from`, to: t`Statement to` }}
          value={range}
          error={problem}
          onChange={(change) => setRange({ ...range, ...change })}
        />
        {problem ? (
          <button type="button" className="btn btn-primary sm:mt-6" disabled>
            <Icon name="layers" className="size-4" /> <Trans>Download statement (CSV)</Trans>
          </button>
        ) : (
          <a className="btn btn-primary sm:mt-6" href={server.seller.ledger.statement.$path({ query: range })} download>
            <Icon name="layers" className="size-4" /> <Trans>Download statement (CSV)</Trans>
          </a>
        )}
      </div>
    </section>
  );
}
