import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../format.ts';
import { Stars } from './Stars.tsx';

/**
 * Stars, the average and the number of reviews, or 'No reviews yet'; one line of fixed
 * height either way. `sm` (cards) writes the number alone: "4.5 (12)".
 */
export function RatingSummary({
  rating,
  count,
  size = 'sm',
}: {
  rating: number | null;
  count: number;
  size?: 'sm' | 'md';
}) {
  const { t } = useLingui();
  const reviews = plural(count, { one: '# review', other: '# reviews' });
  return (
    <p
      className={`flex items-center gap-2 whitespace-nowrap text-base-content/80 ${size === 'md' ? 'h-6' : 'h-5 text-sm'}`}
    >
      {rating === null || count === 0 ? (
        t`No reviews yet`
      ) : (
        <>
          <Stars rating={rating} size={size === 'md' ? 'size-5' : 'size-4'} />
          <span>
            {rating.toFixed(1)}{' '}
            {size === 'md' ? (
              `(${reviews})`
            ) : (
              <>
                <span aria-hidden="true">({formatNumber(count)})</span>
                <span className="sr-only">{reviews}</span>
              </>
            )}
          </span>
        </>
      )}
    </p>
  );
}
