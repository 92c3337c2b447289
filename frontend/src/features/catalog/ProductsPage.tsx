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
import type { CardLayout } from './ProductCard.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useProductList } from './useProductList.ts';

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
            {/* A list that failed to load has no count to give: the message below says so. */}
            {list.loading ? <Skeleton className="h-6 w-28" /> : list.failed ? null : countOf(list.total, 'product')}
          </p>
        </div>
        <LiveStatus />
      </div>

      <div className="mt-6 flex flex-col gap-4">
        <Toolbar
          categories={categories?.items ?? null}
          filters={filters}
          onFilters={setFilters}
          layout={layout}
          onLayout={setLayout}
        />
        <ActiveFilters categories={categories?.items ?? null} filters={filters} onFilters={setFilters} />
      </div>

      <ProductGrid
        list={list}
        layout={layout}
        empty={
          <EmptyState
            heading
            title="No products found"
            text={
              hasFilters(filters)
                ? 'Try a different search term or category.'
                : 'Products will appear here as sellers list them.'
            }
          >
            {hasFilters(filters) && (
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
