import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { EmptyState } from '../../components/EmptyState.tsx';
import { countOf } from '../../format.ts';
import { storefrontPath } from '../../links.ts';
import { useCategories } from './categories.ts';
import { ALL_CATEGORIES, type ProductFilters, filtersFrom, hasFilters, searchOf } from './filters.ts';
import type { CardLayout } from './ProductCard.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { StorefrontProfile, StorefrontProfileSkeleton } from './StorefrontProfile.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { Storefront } from './types.ts';
import { useProductList } from './useProductList.ts';
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
        <span aria-hidden="true">←</span> Back to Products
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

const UNAVAILABLE = {
  missing: { title: 'Seller not found', text: 'There is no seller at this address. The link may be mistyped.' },
  closed: {
    title: 'This storefront is not available',
    text: "The seller's shop is closed for now. Their products are not on sale meanwhile.",
  },
  failed: { title: 'The storefront could not be loaded', text: 'Check your connection, then try again.' },
} as const;

function Unavailable({ state, onRetry }: { state: keyof typeof UNAVAILABLE; onRetry: () => void }) {
  const { title, text } = UNAVAILABLE[state];
  return (
    <div className="py-24 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-base-content/80">{text}</p>
      {state === 'failed' ? (
        <button type="button" className="btn btn-primary mt-6" onClick={onRetry}>
          Try again
        </button>
      ) : (
        <Link href="/products" className="btn btn-primary mt-6">
          Browse all products
        </Link>
      )}
    </div>
  );
}

function StorefrontProducts({ storefront }: { storefront: Storefront }) {
  const [, navigate] = useLocation();
  const filters: ProductFilters = { ...filtersFrom(useSearch()), seller: storefront.id };
  const [layout, setLayout] = useState<CardLayout>('grid');
  const { data: categories } = useCategories();
  const list = useProductList(filters);
  const setFilters = (next: ProductFilters) =>
    navigate(`${storefrontPath(storefront.id)}${searchOf(next)}`, { replace: true });
  const filtered = hasFilters(filters);

  return (
    <div className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-2xl font-bold">Products by {storefront.displayName}</h2>
        <p className="h-6 text-base-content/80" aria-live="polite">
          {list.loading ? '' : countOf(list.total, 'product')}
        </p>
      </div>
      <div className="mt-4">
        <Toolbar
          categories={categories?.items ?? null}
          filters={filters}
          onFilters={setFilters}
          layout={layout}
          onLayout={setLayout}
        />
      </div>
      <ProductGrid
        list={list}
        layout={layout}
        label={`Products by ${storefront.displayName}`}
        empty={
          <EmptyState
            heading
            title="No products found"
            text={
              filtered
                ? 'Try a different search term or category.'
                : `${storefront.displayName} has no products on sale right now.`
            }
          >
            {filtered && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setFilters({ ...filters, q: '', category: ALL_CATEGORIES })}
              >
                Clear filters
              </button>
            )}
          </EmptyState>
        }
      />
    </div>
  );
}
