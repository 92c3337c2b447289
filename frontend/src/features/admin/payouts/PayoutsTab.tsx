import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { server } from '../../../api/client.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { always, useLiveReload } from '../live.ts';
import { usePagedGet } from '../paging.tsx';
import type { SellerBalance } from '../types.ts';
import { PayoutDialog } from './PayoutDialog.tsx';
import { PayoutRow } from './PayoutRow.tsx';

/** The Payouts tab: what MIBI owes each seller, the largest first, their ledgers, and payouts recorded. */
export function PayoutsTab() {
  const { t } = useLingui();
  const [balances, paging] = usePagedGet(
    (query, options) => server.admin.balances.$get({ query }, options),
    [],
    t`Failed to load the balances`,
  );
  const commands = useListCommands(balances.reload, balances.data?.items.map((balance) => balance.sellerId) ?? []);
  const [paying, setPaying] = useState<SellerBalance | null>(null);
  // Each row's ledger is fetched again after a payout: its version moves on.
  const [version, setVersion] = useState(0);

  async function reload(position?: number) {
    await balances.reload(position);
    setVersion((current) => current + 1);
  }
  // An earning, a return or a payout moves a balance, and its ledger.
  useLiveReload(reload, { 'admin.balance.changed': always });

  async function recorded(position: number) {
    setPaying(null);
    await reload(position);
  }

  return (
    <>
      <AdminList
        title={t`Payouts`}
        description={t`What MIBI owes each seller: delivered sales less commission and accepted returns, less what was paid out. Record a payout once the bank transfer is made.`}
        headingRef={commands.heading}
        resource={balances}
        paging={paging}
        what={t`the balances`}
        empty={{ title: t`No balances yet`, text: t`Sellers appear here once an order of theirs is delivered.` }}
        rowSkeleton="h-32"
      >
        {(balance) => (
          <PayoutRow
            key={balance.sellerId}
            balance={balance}
            ledgerVersion={version}
            onPay={() => setPaying(balance)}
          />
        )}
      </AdminList>
      {paying && (
        <PayoutDialog
          balance={paying}
          onRecorded={(position) => void recorded(position)}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );
}
