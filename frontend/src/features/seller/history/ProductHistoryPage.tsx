import { useSignals } from '@preact/signals-react/runtime';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { loginHref } from '../../../links.ts';
import { session, sessionKnown } from '../../../state/session.ts';
import { useCategoryNames } from '../../catalog/index.ts';
import type { HistoryEntry, RestoreResult } from '../types.ts';
import { AsOfPanel } from './AsOfPanel.tsx';
import type { Moment } from './historyApi.ts';
import { HistoryTimeline } from './HistoryTimeline.tsx';
import { RestoreDialog } from './RestoreDialog.tsx';
import { useProductHistory } from './useProductHistory.ts';

const DASHBOARD = '/dashboard/seller';

/**
 * /dashboard/seller/products/:id/history: every event of one of the seller's products (an
 * admin may open any), the product as of a moment, and restoring an earlier version.
 * A signed-out visitor signs in and comes back; anyone else is told the product is not found.
 */
export default function ProductHistoryPage() {
  useSignals();
  const { id } = useParams<{ id: string }>();
  const [path] = useLocation();
  const user = session.value;
  if (sessionKnown.value && !user) return <Redirect to={loginHref(path)} replace />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href={DASHBOARD} className="link link-hover inline-flex items-center gap-1 text-sm">
        <span aria-hidden="true">←</span> <Trans>Seller Dashboard</Trans>
      </Link>
      {/* Keyed: another account or product starts from a clean screen. */}
      {user ? <HistoryScreen key={`${user.id}:${id}`} productId={id} /> : <ScreenLoading />}
    </div>
  );
}

function Header({ name }: { name: string | null }) {
  return (
    <header className="mt-2 mb-8">
      <h1 className="text-3xl font-bold">
        <Trans>Product History</Trans>
      </h1>
      <p dir="auto" className="mt-1 h-6 text-base-content/80">
        {name ?? <Skeleton className="h-6 w-64" />}
      </p>
    </header>
  );
}

function HistoryScreen({ productId }: { productId: string }) {
  const { t } = useLingui();
  const { state, reload } = useProductHistory(productId);
  const names = useCategoryNames();
  const [moment, setMoment] = useState<Moment | null>(null);
  const [restoring, setRestoring] = useState<HistoryEntry | null>(null);
  const asOfHeading = useRef<HTMLHeadingElement>(null);

  if (state.status === 'loading') return <ScreenLoading />;
  if (state.status === 'notFound') {
    return (
      <>
        <Header name="" />
        <EmptyState title={t`Product not found`} text={t`It is not one of your products, or it does not exist.`}>
          <Link href={DASHBOARD} className="btn btn-primary">
            <Trans>Back to your products</Trans>
          </Link>
        </EmptyState>
      </>
    );
  }
  if (state.status === 'failed') {
    return (
      <>
        <Header name="" />
        <LoadFailed what={t`the history of this product`} onRetry={() => void reload()} />
      </>
    );
  }

  const { history, current } = state;
  function viewAsOf(entry: HistoryEntry) {
    setMoment({ at: entry.at, position: entry.position });
    asOfHeading.current?.focus();
  }
  function restored(result: RestoreResult) {
    setRestoring(null);
    void reload(result.position);
  }

  return (
    <>
      <Header name={current.name} />
      <div className="grid items-start gap-8 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <HistoryTimeline
            entries={history.items}
            selectedPosition={moment?.position ?? null}
            onViewAsOf={viewAsOf}
            onRestore={setRestoring}
          />
        </div>
        <div className="lg:col-span-2">
          <AsOfPanel
            productId={productId}
            current={current}
            listedAt={history.items[0]!.at}
            moment={moment}
            onMomentChange={setMoment}
            names={names}
            headingRef={asOfHeading}
          />
        </div>
      </div>
      {restoring && (
        <RestoreDialog
          productId={productId}
          entry={restoring}
          onRestored={restored}
          onClose={() => setRestoring(null)}
        />
      )}
    </>
  );
}

/** While the session or the history loads: the header and two blocks, as the screen starts. */
function ScreenLoading() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" aria-label={t`Loading product history`}>
      <Header name={null} />
      <div className="grid gap-8 lg:grid-cols-5">
        <div className="space-y-3 lg:col-span-3">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-28 rounded-box" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-box lg:col-span-2" />
      </div>
    </div>
  );
}
