import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import { storefrontPath } from '../../links.ts';
import { ProductGrid } from '../catalog/ProductGrid.tsx';
import { StorefrontProfile, StorefrontProfileSkeleton } from './StorefrontProfile.tsx';
import { Toolbar } from '../catalog/Toolbar.tsx';
import type { Storefront } from '../catalog/types.ts';
import { useFilteredProducts } from '../catalog/useFilteredProducts.ts';
import { useStorefront } from './useStorefront.ts';

/**
 * /sellers/{id}: a seller's storefront, their profile and their products on sale with the
 * catalogue's search, category and sort (kept in the URL), all kept current by the live feed.
 * A suspended seller's storefront is closed to buyers (the API answers 404), and says so.
 */
export default function StorefrontPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { view, retry } = useStorefront(id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href="/products" className="link link-hover inline-flex items-center gap-1 text-sm font-medium">
        <span aria-hidden="true">←</span> <Trans>Back to Products</Trans>
      </Link>
      {view.state === 'loading' ? (
        <StorefrontProfileSkeleton />
      ) : view.state === 'shown' ? (
        <>
          <StorefrontProfile storefront={view.storefront} />
          <StorefrontProducts storefront={view.storefront} />
        </>
      ) : (
        <Unavailable state={view.state} onRetry={retry} />
      )}
    </div>
  );
}

const UNAVAILABLE: Readonly<
  Record<'missing' | 'closed' | 'failed', { title: MessageDescriptor; text: MessageDescriptor }>
> = {
  missing: { title: msg`Seller not found`, text: msg`There is no seller at this address. The link may be mistyped.` },
  closed: {
    title: msg`This storefront is not available`,
    text: msg`The seller's shop is closed for now. Their products are not on sale meanwhile.`,
  },
  failed: { title: msg`The storefront could not be loaded`, text: msg`Check your connection, then try again.` },
};

function Unavailable({ state, onRetry }: { state: keyof typeof UNAVAILABLE; onRetry: () => void }) {
  const { t } = useLingui();
  const { title, text } = UNAVAILABLE[state];
  return (
    <div className="py-24 text-center">
      <h1 className="text-3xl font-bold">{t(title)}</h1>
      <p className="mt-2 text-base-content/80">{t(text)}</p>
      {state === 'failed' ? (
        <button type="button" className="btn btn-primary mt-6" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      ) : (
        <Link href="/products" className="btn btn-primary mt-6">
          <Trans>Browse all products</Trans>
        </Link>
      )}
    </div>
  );
}

function StorefrontProducts({ storefront }: { storefront: Storefront }) {
  const { t } = useLingui();
  const seller = storefront.displayName;
  const { list, controls } = useFilteredProducts(storefrontPath(storefront.id), storefront.id);

  return (
    <div className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-2xl font-bold">
          <Trans>
            Products by <span dir="auto">{seller}</span>
          </Trans>
        </h2>
        <p className="h-6 text-base-content/80" aria-live="polite">
          {list.loading ? '' : <Plural value={list.total} one="# product" other="# products" />}
        </p>
      </div>
      <div className="mt-4">
        <Toolbar {...controls} />
      </div>
      <ProductGrid
        list={list}
        controls={controls}
        emptyText={t`${seller} has no products on sale right now.`}
        label={t`Products by ${seller}`}
      />
    </div>
  );
}
