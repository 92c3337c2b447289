import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { formatDay, formatPrice } from '../../../format.ts';
import type { AdminAnalytics } from '../types.ts';

type Day = AdminAnalytics['days'][number];

/** What the chart shows, for those who cannot see it (the tables beside it give the rest). */
function summaryOf(days: readonly Day[]): string {
  const best = days.reduce<Day | null>((top, day) => (day.revenuePaise > (top?.revenuePaise ?? 0) ? day : top), null);
  if (!best) return t`No sales on any day of the range`;
  const highest = formatPrice(best.revenuePaise);
  const day = formatDay(best.day);
  return t`Revenue per day; the highest was ${highest} on ${day}`;
}

/** Revenue per day as bars, oldest day first; each bar names its day and figure on hover. */
export function RevenueChart({ days }: { days: readonly Day[] }) {
  const highest = Math.max(0, ...days.map((day) => day.revenuePaise));
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure>
      <figcaption className="text-sm font-medium">
        <Trans>Revenue per day</Trans>
      </figcaption>
      <div role="img" aria-label={summaryOf(days)} className="mt-2 flex h-40 items-end gap-px border-b border-base-300">
        {days.map(({ day, revenuePaise }) => (
          <div
            key={day}
            className="min-h-px flex-1 rounded-t-sm bg-primary"
            style={{ height: `${highest === 0 ? 0 : (revenuePaise / highest) * 100}%` }}
            title={`${formatDay(day)}: ${formatPrice(revenuePaise)}`}
          />
        ))}
      </div>
      {first && last && (
        <p className="mt-1 flex justify-between text-xs text-base-content/80" aria-hidden="true">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </p>
      )}
    </figure>
  );
}
