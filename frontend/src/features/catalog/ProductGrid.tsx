import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ALL_CATEGORIES, type ProductFilters, hasFilters } from './filters.ts';
import { type CardLayout, ProductCard, ProductCardSkeleton } from './ProductCard.tsx';
import type { useProductList } from './useProductList.ts';

const SKELETON_CARDS = 8;

const LIST_CLASS: Record<CardLayout, string> = {
  grid: 'grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5',
  list: 'flex flex-col gap-4',
};

/**
 * A card off screen is not styled, laid out or painted until it nears the viewport, sized
 * meanwhile as the last time it was drawn (a card's height at first): the first paint of a full
 * page on a phone (20 cards) took some 150 ms of style and layout before.
 */
const CARD_CLASS = '[content-visibility:auto] [contain-intrinsic-size:auto_24rem]';

interface ProductGridProps {
  list: ReturnType<typeof useProductList>;
  /** The layout and filters of the page (useFilteredProducts): Clear filters, when none match, clears the search and category. */
  controls: { layout: CardLayout; filters: ProductFilters; onFilters: (filters: ProductFilters) => void };
  /** What the empty list says when no search or category is set: why there is nothing yet. */
  emptyText: string;
  /** The section's name for screen readers. */
  label?: string;
}

/** A product list kept by `useProductList`: placeholders while it loads, the cards, a retry when it failed, "No products found" (with Clear filters) when none match, and Load More. */
export function ProductGrid({ list, controls, emptyText, label }: ProductGridProps) {
  const { t } = useLingui();
  const { layout, filters, onFilters } = controls;
  const filtered = hasFilters(filters);
  return (
    <>
      <section className="mt-6" aria-label={label ?? t`Products`} aria-busy={list.loading}>
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
            {list.products.map((product, index) => (
              <li key={product.id} className={CARD_CLASS}>
                <ProductCard product={product} layout={layout} priority={index === 0} />
              </li>
            ))}
          </ul>
        ) : list.failed ? (
          <EmptyState heading title={t`Products could not be loaded`} text={t`Check your connection, then try again.`}>
            <button type="button" className="btn btn-primary" onClick={list.retry}>
              <Trans>Try again</Trans>
            </button>
          </EmptyState>
        ) : (
          <EmptyState
            heading
            title={t`No products found`}
            text={filtered ? t`Try a different search term or category.` : emptyText}
          >
            {filtered && (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => onFilters({ ...filters, q: '', category: ALL_CATEGORIES, options: [] })}
              >
                <Trans>Clear filters</Trans>
              </button>
            )}
          </EmptyState>
        )}
      </section>

      {list.hasMore && (
        <div className="mt-10 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-primary"
            disabled={list.loadingMore}
            onClick={() => void list.loadMore()}
          >
            {list.loadingMore ? <Trans>Loading...</Trans> : <Trans>Load More Products</Trans>}
          </button>
        </div>
      )}
    </>
  );
}
