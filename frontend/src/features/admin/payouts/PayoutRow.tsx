import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LedgerTable } from '../../../components/LedgerTable.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime, formatPrice } from '../../../format.ts';
import type { SellerBalance } from '../types.ts';

/** The newest ledger lines shown under a seller's balance. */
const LEDGER_LINES = 20;

interface PayoutRowProps {
  balance: SellerBalance;
  /** Moves on after a payout: an open ledger is fetched again. */
  ledgerVersion: number;
  onPay: () => void;
}

/** A seller's balance: what is due, how it came about, their newest ledger lines on demand, and Record payout. */
export function PayoutRow({ balance, ledgerVersion, onPay }: PayoutRowProps) {
  const { t } = useLingui();
  const nameId = useId();
  const [ledgerShown, setLedgerShown] = useState(false);
  const updatedAt = balance.updatedAt;
  const lastEntry = updatedAt && formatDateTime(updatedAt);

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={nameId} className="font-semibold" dir="auto">
          {balance.sellerName}
        </h3>
        <p>
          <Trans>Balance due:</Trans>{' '}
          <strong className={balance.balancePaise < 0 ? 'text-error' : ''}>{formatPrice(balance.balancePaise)}</strong>
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-base-content/80">
            <Trans>Delivered sales</Trans>
          </dt>
          <dd>{formatPrice(balance.salesPaise)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">
            <Trans>Commission</Trans>
          </dt>
          <dd>{formatPrice(balance.commissionPaise)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">
            <Trans>Earned</Trans>
          </dt>
          <dd>{formatPrice(balance.earnedPaise)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">
            <Trans>Paid out</Trans>
          </dt>
          <dd>{formatPrice(balance.paidPaise)}</dd>
        </div>
      </dl>
      {updatedAt && (
        <p className="text-xs text-base-content/80">
          <Trans>
            Last entry <time dateTime={updatedAt}>{lastEntry}</time>
          </Trans>
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-describedby={nameId}
          disabled={balance.balancePaise <= 0}
          onClick={onPay}
        >
          <Trans>Record payout</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-describedby={nameId}
          aria-expanded={ledgerShown}
          onClick={() => setLedgerShown(!ledgerShown)}
        >
          {ledgerShown ? t`Hide ledger` : t`Show ledger`}
        </button>
      </div>
      {ledgerShown && (
        <SellerLedger sellerId={balance.sellerId} sellerName={balance.sellerName} version={ledgerVersion} />
      )}
    </li>
  );
}

function SellerLedger({ sellerId, sellerName, version }: { sellerId: string; sellerName: string; version: number }) {
  const { t } = useLingui();
  const ledger = useApiGet(
    (options) =>
      server.admin.sellers[':id'].ledger.$get(
        { param: { id: encodeURIComponent(sellerId) }, query: { limit: String(LEDGER_LINES) } },
        options,
      ),
    [sellerId, version],
    t`Failed to load the ledger`,
  );
  if (ledger.loading) return <Skeleton className="h-32 rounded-box" />;
  if (ledger.failed) return <LoadFailed what={t`the ledger`} onRetry={() => void ledger.reload()} />;
  const { items, total } = ledger.data!.entries;
  const shown = items.length;
  if (total === 0) return <EmptyState title={t`No ledger lines yet`} />;
  return (
    <div>
      <LedgerTable entries={items} caption={t`Ledger of ${sellerName}, newest first`} />
      {total > items.length && (
        <p className="mt-1 text-sm text-base-content/80">
          <Trans>
            The newest {shown} of {total} lines.
          </Trans>
        </p>
      )}
    </div>
  );
}
