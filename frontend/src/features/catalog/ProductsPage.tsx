import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Skeleton } from '../../components/Skeleton.tsx';
import { liveConnected } from '../../state/live.ts';
import { ActiveFilters } from './ActiveFilters.tsx';
import { ProductGrid } from './ProductGrid.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useFilteredProducts } from './useFilteredProducts.ts';

/** /products: the catalogue, searchable and sortable (kept in the URL), updated live. */
export default function ProductsPage() {
  const { t } = useLingui();
  const { list, controls } = useFilteredProducts('/products');

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
            <Trans>Authentic Indian Products</Trans>
          </h1>
          <p className="mt-1 h-6 text-base-content/80" aria-live="polite">
            {/* A list that failed to load has no count to give: the message below says so. */}
            {list.loading ? (
              <Skeleton className="h-6 w-28" />
            ) : list.failed ? null : (
              <Plural value={list.total} one="# product" other="# products" />
            )}
          </p>
        </div>
        <LiveStatus />
      </div>

      <div className="mt-6 flex flex-col gap-4">
        <Toolbar {...controls} />
        <ActiveFilters {...controls} />
      </div>

      <ProductGrid list={list} controls={controls} emptyText={t`Products will appear here as sellers list them.`} />
    </div>
  );
}

/**
 * Whether the live feed is connected: new and changed products then appear without a reload.
 * Both texts share one cell, the other one invisible, so the line keeps the longer one's width:
 * connecting must not move the line (in Hindi "connecting" wrapped it under the heading and
 * "on" brought it back up, shifting the whole list).
 */
function LiveStatus() {
  useSignals();
  const connected = liveConnected.value;
  return (
    <p className="flex items-center gap-2 text-sm text-base-content/80">
      <span className={`status ${connected ? 'status-success' : 'status-neutral'}`} aria-hidden="true" />
      <span className="grid">
        <span className={`[grid-area:1/1] ${connected ? '' : 'invisible'}`}>
          <Trans>Live updates on</Trans>
        </span>
        <span className={`[grid-area:1/1] ${connected ? 'invisible' : ''}`}>
          <Trans>Connecting to live updates...</Trans>
        </span>
      </span>
    </p>
  );
}
