import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { countOf } from '../../format.ts';
import { liveConnected } from '../../state/live.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { useCategories } from './categories.ts';
import { ALL_CATEGORIES, type ProductFilters, filtersFrom, hasFilters, searchOf } from './filters.ts';
import { type CardLayout, ProductCard, ProductCardSkeleton } from './ProductCard.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useProductList } from './useProductList.ts';

const SKELETON_CARDS = 8;

const LIST_CLASS: Record<CardLayout, string> = {
  grid: 'grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5',
  list: 'flex flex-col gap-4',
};

/** /products: the catalogue, searchable and sortable (kept in the URL), updated live. */
export default function ProductsPage() {
  const [, navigate] = useLocation();
  const filters = filtersFrom(useSearch());
  const [layout, setLayout] = useState<CardLayout>('grid');
  const { data: categories } = useCategories();
  const list = useProductList(filters);
  const setFilters = (next: ProductFilters) => navigate(`/products${searchOf(next)}`, { replace: true });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">Authentic Indian Products</h1>
          <p className="mt-1 h-6 text-base-content/80" aria-live="polite">
            {list.loading ? <Skeleton className="h-6 w-28" /> : countOf(list.total, 'product')}
          </p>
        </div>
        <LiveStatus />
      </div>

      <div className="mt-6 flex flex-col gap-4">
        <Toolbar categories={categories?.items ?? null} filters={filters} onFilters={setFilters} layout={layout} onLayout={setLayout} />
        <ActiveFilters categories={categories?.items ?? null} filters={filters} onFilters={setFilters} />
      </div>

      <section className="mt-6" aria-label="Products" aria-busy={list.loading}>
        {list.loading ? (
          <ul className={LIST_CLASS[layout]}>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index}>
                <ProductCardSkeleton layout={layout} />
              </li>
            ))}
          </ul>
        ) : list.products.length > 0 ? (
          <ul className={LIST_CLASS[layout]}>
            {list.products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} layout={layout} />
              </li>
            ))}
          </ul>
        ) : list.failed ? (
          <EmptyState heading title="Products could not be loaded" text="Check your connection, then try again.">
            <button type="button" className="btn btn-primary" onClick={list.retry}>
              Try again
            </button>
          </EmptyState>
        ) : (
          <EmptyState
            heading
            title="No products found"
            text={hasFilters(filters) ? 'Try a different search term or category.' : 'Products will appear here as sellers list them.'}
          >
            {hasFilters(filters) && (
              <button type="button" className="btn btn-outline" onClick={() => setFilters({ ...filters, q: '', category: ALL_CATEGORIES })}>
                Clear filters
              </button>
            )}
          </EmptyState>
        )}
      </section>

      {list.hasMore && (
        <div className="mt-10 flex justify-center">
          <button type="button" className="btn btn-outline btn-primary" disabled={list.loadingMore} onClick={() => void list.loadMore()}>
            {list.loadingMore ? 'Loading...' : 'Load More Products'}
          </button>
        </div>
      )}
    </div>
  );
}

/** Whether the live feed is connected: new and changed products then appear without a reload. */
function LiveStatus() {
  useSignals();
  const connected = liveConnected.value;
  return (
    <p className="flex items-center gap-2 text-sm text-base-content/80">
      <span className={`status ${connected ? 'status-success' : 'status-neutral'}`} aria-hidden="true" />
      {connected ? 'Live updates on' : 'Connecting to live updates...'}
    </p>
  );
}
