import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton } from '../../components/Skeleton.tsx';
import { Stars } from '../../components/Stars.tsx';
import { formatDate } from '../../format.ts';
import type { Reviews } from './types.ts';

const SKELETON_REVIEWS = 2;

/** The reviews, newest first; `reviews` null while they load (or when they could not be). */
export function ReviewList({ reviews, loading }: { reviews: Reviews | null; loading: boolean }) {
  const { t } = useLingui();
  if (loading) {
    return (
      <ul className="flex flex-col gap-4" aria-hidden="true">
        {Array.from({ length: SKELETON_REVIEWS }, (_, index) => (
          <li key={index} className="flex flex-col gap-2 border-b border-base-300 pb-4">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-10 w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (!reviews)
    return (
      <p className="text-base-content/80">
        <Trans>Reviews could not be loaded. Please try again later.</Trans>
      </p>
    );
  if (reviews.items.length === 0)
    return (
      <p className="text-base-content/80">
        <Trans>No reviews yet.</Trans>
      </p>
    );
  return (
    <ul className="flex flex-col gap-4" aria-label={t`Reviews`}>
      {reviews.items.map((review) => (
        <li key={review.id}>
          <article className="flex flex-col gap-1.5 border-b border-base-300 pb-4">
            <header className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 className="font-semibold" dir="auto">
                {review.authorName}
              </h3>
              <time dateTime={review.updatedAt} className="text-sm text-base-content/80">
                {formatDate(review.updatedAt)}
              </time>
            </header>
            <Stars rating={review.rating} />
            <p className="whitespace-pre-line" dir="auto">
              {review.comment}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
