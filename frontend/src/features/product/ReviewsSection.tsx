import { Trans } from '@lingui/react/macro';
import { Suspense, lazy } from 'react';
import { Link } from 'wouter';
import { loginHref, productPath } from '../../links.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { ReviewList } from './ReviewList.tsx';
import type { ReviewEligibility, Reviews } from './types.ts';

interface ReviewsSectionProps {
  productId: string;
  reviews: Reviews | null;
  reviewsLoading: boolean;
  eligibility: ReviewEligibility | null;
  eligibilityLoading: boolean;
  onSaved: (position: number) => void;
}

/** Customer Reviews: what the caller may do (sign in, buy, or write) and the reviews. */
export function ReviewsSection({
  productId,
  reviews,
  reviewsLoading,
  eligibility,
  eligibilityLoading,
  onSaved,
}: ReviewsSectionProps) {
  return (
    <section className="mt-16" aria-labelledby="reviews-title" aria-busy={reviewsLoading || eligibilityLoading}>
      <h2 id="reviews-title" className="text-2xl font-bold">
        <Trans>Customer Reviews</Trans>
      </h2>
      <div className="mt-6 grid gap-10 lg:grid-cols-[2fr_3fr]">
        <div className="card h-fit border border-base-300 p-6">
          {eligibilityLoading ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <WriteReview productId={productId} eligibility={eligibility} onSaved={onSaved} />
          )}
        </div>
        <ReviewList reviews={reviews} loading={reviewsLoading} />
      </div>
    </section>
  );
}

/** Loaded only for a buyer who may write one: its validation code stays off every other visit's critical path. */
const ReviewForm = lazy(() => import('./ReviewForm.tsx').then(({ ReviewForm }) => ({ default: ReviewForm })));

function WriteReview({
  productId,
  eligibility,
  onSaved,
}: Pick<ReviewsSectionProps, 'productId' | 'eligibility' | 'onSaved'>) {
  switch (eligibility?.state) {
    case 'allowed':
      return (
        <Suspense fallback={<Skeleton className="h-24 w-full" />}>
          <ReviewForm key={productId} productId={productId} existing={eligibility.review} onSaved={onSaved} />
        </Suspense>
      );
    case 'purchase':
      return (
        <p>
          <Trans>Purchase this product to write a review</Trans>
        </p>
      );
    case 'login':
      return (
        <Link href={loginHref(productPath(productId))} className="link link-primary font-medium">
          <Trans>Login to write a review</Trans>
        </Link>
      );
    default:
      return (
        <p className="text-base-content/80">
          <Trans>Reviews cannot be written right now. Please try again later.</Trans>
        </p>
      );
  }
}
