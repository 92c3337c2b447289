import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SELLER_STATUSES, type SellerStatus } from '../../../../../domain/seller/decider.ts';
import { call, server } from '../../../api/client.ts';
import { SelectField } from '../../../components/Field.tsx';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { usePagedGet } from '../paging.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import type { AdminSeller } from '../types.ts';
import { useFilters } from '../url.ts';
import { SellerRow } from './SellerRow.tsx';
import { SELLER_STATUS_LABELS, STANDING_ACTIONS, type StandingAction } from './standing.ts';

/**
 * Sends a standing command, its reason checked by the dialog with the API's schema. Verifying
 * takes none: no note is sent as '', which the API's schema reads as none, as it does null.
 */
function sendStanding({ id }: AdminSeller, action: StandingAction, reason: string | null) {
  return call(
    server.admin.sellers[':id'][action].$post({
      param: { id: encodeURIComponent(id) },
      json: { reason: reason ?? '' },
    }),
  );
}

/** The Sellers tab: sellers by standing (filter in `?status=`), verified, suspended and reinstated with a reason. */
export function SellersTab() {
  const { t } = useLingui();
  const [{ status }, setFilters] = useFilters(['status']);
  // The server checks the status (one it does not know is a load failure).
  const [sellers, paging] = usePagedGet(
    (page, options) =>
      server.admin.sellers.$get(
        { query: { status: (status || undefined) as SellerStatus | undefined, ...page } },
        options,
      ),
    [status],
    t`Failed to load sellers`,
  );
  const commands = useListCommands(sellers.reload, sellers.data?.items.map((seller) => seller.id) ?? []);
  const [deciding, setDeciding] = useState<{ seller: AdminSeller; action: StandingAction } | null>(null);

  async function decide(reason: string | null) {
    const { seller, action } = deciding!;
    const { done, outcome, failed } = STANDING_ACTIONS[action];
    const worked = await commands.run(seller.id, {
      send: () => sendStanding(seller, action, reason),
      done: { title: t(done), description: t(outcome(seller.fullName)) },
      failed: t(failed),
    });
    if (worked) setDeciding(null);
  }

  return (
    <>
      <AdminList
        title={t`Sellers`}
        description={t`Verified sellers' products show the Verified Seller badge; a suspended seller's products leave the catalog.`}
        headingRef={commands.heading}
        toolbar={
          <SelectField
            label={t`Show`}
            name="status"
            className="max-w-xs"
            value={status}
            onChange={(event) => setFilters({ status: event.target.value })}
          >
            <option value="">{t`All sellers`}</option>
            {SELLER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(SELLER_STATUS_LABELS[value])}
              </option>
            ))}
          </SelectField>
        }
        resource={sellers}
        paging={paging}
        what={t`the sellers`}
        empty={{
          title: status ? t`No sellers with this status` : t`No sellers yet`,
          text: t`Sellers appear here as they sign up.`,
        }}
        rowSkeleton="h-36"
      >
        {(seller) => (
          <SellerRow
            key={seller.id}
            seller={seller}
            busy={commands.busyId === seller.id}
            onAction={(action) => setDeciding({ seller, action })}
          />
        )}
      </AdminList>
      {deciding && <StandingDialog {...deciding} onConfirm={decide} onClose={() => setDeciding(null)} />}
    </>
  );
}

interface StandingDialogProps {
  seller: AdminSeller;
  action: StandingAction;
  onConfirm: (reason: string | null) => Promise<void>;
  onClose: () => void;
}

function StandingDialog({ seller, action, onConfirm, onClose }: StandingDialogProps) {
  const { t } = useLingui();
  const { button, effect, label, schema, confirmLabel, busyLabel, destructive } = STANDING_ACTIONS[action];
  const sellerName = seller.fullName;
  const verb = t(button);
  return (
    <ReasonDialog
      title={t`${verb} ${sellerName}?`}
      label={t(label)}
      schema={schema}
      confirmLabel={t(confirmLabel)}
      busyLabel={t(busyLabel)}
      destructive={destructive}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{t(effect)}</p>
    </ReasonDialog>
  );
}
