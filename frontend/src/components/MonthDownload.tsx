import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { indianDate } from '../../../domain/tax/rates.ts';
import { isMonth, MONTH_MESSAGE } from '../../../domain/tcs/returns.ts';
import { Icon } from './Icon.tsx';

/** This month in India (YYYY-MM): the month tax documents are dated in. */
const thisMonth = (): string => indianDate(new Date().toISOString()).slice(0, 7);

interface MonthDownloadProps {
  title: string;
  description: string;
  /** The button's words, e.g. "Download tax report (CSV)". */
  action: string;
  /** The CSV's address for a month. */
  hrefOf(month: string): string;
}

/** A month (this one to start) and the link that downloads its CSV file. */
export function MonthDownload({ title, description, action, hrefOf }: MonthDownloadProps) {
  const [month, setMonth] = useState(thisMonth);
  const titleId = useId();
  const inputId = useId();
  const problem = isMonth(month) ? undefined : MONTH_MESSAGE;
  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-4">
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-base-content/80">{description}</p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <label className="form-control" htmlFor={inputId}>
          <span className="label-text mb-1">
            <Trans>Month</Trans>
          </span>
          <input
            id={inputId}
            type="month"
            className={`input input-bordered ${problem ? 'input-error' : ''}`}
            value={month}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => setMonth(event.currentTarget.value)}
          />
          {problem && <span className="mt-1 text-sm text-error">{problem}</span>}
        </label>
        {problem ? (
          <button type="button" className="btn btn-primary" disabled>
            <Icon name="layers" className="size-4" /> {action}
          </button>
        ) : (
          <a className="btn btn-primary" href={hrefOf(month)} download>
            <Icon name="layers" className="size-4" /> {action}
          </a>
        )}
      </div>
    </section>
  );
}
