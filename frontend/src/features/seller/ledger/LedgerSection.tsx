import { Trans, useLingui } from '@lingui/react/macro';
import type { Resource } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LedgerTable } from '../../../components/LedgerTable.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { type Figure, FigureCards } from '../../../components/StatCard.tsx';
import { formatPrice } from '../../../format.ts';
import { useLiveEvent } from '../../../state/live.ts';
import type { SellerLedger } from '../types.ts';
import { StatementForm } from './StatementForm.tsx';

/** Ledger lines per page. */
export const LEDGER_PAGE_SIZE = 20;

interface LedgerSectionProps {
  ledger: Resource<SellerLedger>;
  paging: { offset: number; setOffset: (offset: number) => void };
  className?: string;
}

/**
 * The seller's ledger: what MIBI owes them (delivered sales less commission, less returns
 * accepted and payouts made), each line with the order it came from, and a statement to download.
 */
export function LedgerSection({ ledger, paging, className = '' }: LedgerSectionProps) {
  const { t } = useLingui();
  const balanceFigures: readonly Figure<SellerLedger>[] = [
    { icon: 'rupee', label: t`Balance Due`, show: ({ balance }) => formatPrice(balance.balancePaise) },
    { icon: 'check', label: t`Earned`, show: ({ balance }) => formatPrice(balance.earnedPaise) },
    { icon: 'layers', label: t`Commission`, show: ({ balance }) => formatPrice(balance.commissionPaise) },
    { icon: 'layers', label: t`TCS`, show: ({ balance }) => formatPrice(balance.tcsPaise) },
    { icon: 'package', label: t`Paid Out`, show: ({ balance }) => formatPrice(balance.paidPaise) },
    // Of the balance, what orders under dispute brought: no payout takes it until MIBI decides.
    { icon: 'layers', label: t`Held for Disputes`, show: ({ balance }) => formatPrice(balance.heldPaise) },
  ];
  // An earning, a reversal or a payout (the seller's, or an admin's): the balance comes with the
  // message, the lines are fetched again.
  useLiveEvent('ledger.changed', (balance) => {
    ledger.update((current) => ({ ...current, balance: { ...current.balance, ...balance } }));
    void ledger.reload();
  });

  const page = ledger.data?.entries;
  const sales = ledger.data ? formatPrice(ledger.data.balance.salesPaise) : null;
  return (
    <section id="ledger" aria-labelledby="ledger-title" className={className}>
      <h2 id="ledger-title" className="mb-1 text-xl font-semibold">
        <Trans>Ledger</Trans>
      </h2>
      <p className="mb-4 text-base-content/80">
        <Trans>
          You earn the price of what you deliver, less MIBI’s commission; accepted returns take their earning back, and
          payouts settle the balance. An order paid online is transferred to your payout account, on hold until its
          return window closes, then released to your bank.
        </Trans>
      </p>
      <FigureCards label={t`Your balance in figures`} columns={4} of={ledger} figures={balanceFigures} />
      <p className="mt-2 min-h-5 text-sm text-base-content/80">
        {sales !== null && t`Delivered sales ${sales}, net of returns. Delivery charges are MIBI’s and not included.`}
      </p>

      <div className="mt-4 space-y-4">
        {ledger.loading ? (
          <Skeleton className="h-48 rounded-box" />
        ) : ledger.failed ? (
          <LoadFailed what={t`your ledger`} onRetry={() => void ledger.reload()} />
        ) : page!.total === 0 ? (
          <EmptyState
            title={t`No ledger lines yet`}
            text={t`Your earnings appear here as your orders are delivered.`}
          />
        ) : (
          <div>
            <LedgerTable entries={page!.items} caption={t`Ledger lines, newest first`} />
            <Pager
              label={t`Pages of your ledger`}
              pageSize={LEDGER_PAGE_SIZE}
              offset={paging.offset}
              total={page!.total}
              onOffset={paging.setOffset}
            />
          </div>
        )}
        <StatementForm />
      </div>
    </section>
  );
}
