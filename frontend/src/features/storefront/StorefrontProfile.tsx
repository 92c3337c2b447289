import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Alert } from '../../components/Alert.tsx';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { RatingSummary } from '../../components/RatingSummary.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { VerifiedSellerBadge } from '../../components/VerifiedSellerBadge.tsx';
import { formatLocale } from '../../i18n/i18n.ts';
import { session } from '../../state/session.ts';
import type { Storefront } from '../catalog/types.ts';

/** The month and year a seller joined, in the language on screen ("March 2024", "मार्च 2024"). */
const joinedMonth = (at: string) =>
  new Intl.DateTimeFormat(formatLocale(), { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
    new Date(at),
  );

/** The storefront's head: name and badge, region and craft, the rating across the seller's products, and their story. */
export function StorefrontProfile({ storefront }: { storefront: Storefront }) {
  useSignals();
  const { t } = useLingui();
  const { id, displayName, region, craft, story, status, rating, ratingCount, joinedAt } = storefront;
  const own = session.value?.id === id;
  const since = joinedMonth(joinedAt);
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <header className="card border border-base-300 bg-base-200/40 p-6">
        {status === 'suspended' && (
          <Alert tone="info" className="mb-4">
            <span>
              {own ? (
                <Trans>Your storefront is hidden from buyers while the seller account is suspended.</Trans>
              ) : (
                <Trans>This storefront is hidden from buyers while the seller account is suspended.</Trans>
              )}
            </span>
          </Alert>
        )}
        <h1 className="text-3xl font-extrabold tracking-tight break-words md:text-4xl" dir="auto">
          {displayName}
        </h1>
        <p className="mt-3 flex min-h-6 flex-wrap items-center gap-2">
          <VerifiedSellerBadge verified={status === 'verified'} />
          {status === 'unverified' && (
            <span className="text-sm text-base-content/80">
              <Trans>Not yet verified by MIBI</Trans>
            </span>
          )}
        </p>
        <dl className="mt-4 grid gap-2 text-base-content/90">
          {region && <Detail icon="mapPin" term={t`Region`} value={region} />}
          {craft && <Detail icon="award" term={t`Craft`} value={craft} />}
          <div className="flex items-start gap-2">
            <dt className="sr-only">
              <Trans>Rating across their products</Trans>
            </dt>
            <dd>
              <RatingSummary rating={rating} count={ratingCount} size="md" />
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-base-content/80">
          <Trans>Selling on MIBI since {since}</Trans>
        </p>
        {own && (
          <Link href="/dashboard/seller" className="btn btn-outline btn-sm mt-4 self-start">
            <Icon name="pencil" className="size-4" /> <Trans>Edit your storefront</Trans>
          </Link>
        )}
      </header>
      <section aria-labelledby="storefront-story">
        <h2 id="storefront-story" className="text-xl font-bold">
          <Trans>Our story</Trans>
        </h2>
        {story ? (
          <p className="mt-3 whitespace-pre-line text-base-content/90" dir="auto">
            {story}
          </p>
        ) : (
          <p className="mt-3 text-base-content/80">
            <Trans>
              <span dir="auto">{displayName}</span> has not told their story yet.
            </Trans>
          </p>
        )}
      </section>
    </div>
  );
}

/** A line of the profile's details: its icon, named for screen readers, and the seller's words. */
function Detail({ icon, term, value }: { icon: IconName; term: string; value: string }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="pt-0.5">
        <Icon name={icon} className="size-4" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd dir="auto">{value}</dd>
    </div>
  );
}

/** The head's stand-in while the storefront loads, sized alike. */
export function StorefrontProfileSkeleton() {
  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" aria-busy="true">
      <div className="card border border-base-300 p-6">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
          <Trans>Loading...</Trans>
        </h1>
        <Skeleton className="mt-3 h-6 w-32" />
        <Skeleton className="mt-4 h-20 w-64" />
        <Skeleton className="mt-4 h-5 w-48" />
      </div>
      <div>
        <Skeleton className="h-7 w-32" />
        <Skeleton className="mt-3 h-32 w-full" />
      </div>
    </div>
  );
}
