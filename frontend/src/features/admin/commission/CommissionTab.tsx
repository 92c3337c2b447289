import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { categoryReturnsSchema } from '../../../../../domain/ledger/policy-schemas.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatRate } from '../../../components/LedgerTable.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { categoryName } from '../../../i18n/domain-labels.ts';
import { useListCommands } from '../commands.ts';
import type { CategoryPolicy } from '../types.ts';
import { CategoryRow } from './CategoryRow.tsx';
import { CommissionDialog } from './CommissionDialog.tsx';

/** The reason rule of a policy change, from the API's body schema. */
const reasonSchema = categoryReturnsSchema.pick({ reason: true });

type Dialog = { kind: 'commission' | 'returns'; category: CategoryPolicy } | null;

/** The Commission tab: each category's commission rate and returns policy, changed with a reason, and the history of changes. */
export function CommissionTab() {
  const { t } = useLingui();
  const policies = useApiGet(
    (options) => server.admin.categories.$get({}, options),
    [],
    t`Failed to load the categories`,
    { live: true },
  );
  const commands = useListCommands(policies.reload, policies.data?.items.map((category) => category.id) ?? []);
  const [dialog, setDialog] = useState<Dialog>(null);
  const titleId = useId();
  const data = policies.data;
  const defaultRate = data ? formatRate(data.defaultCommissionBps) : '';

  async function setCommission(category: CategoryPolicy, rateBps: number | null, reason: string) {
    const name = categoryName(category);
    const rate = formatRate(rateBps ?? data!.defaultCommissionBps);
    const worked = await commands.run(category.id, {
      send: () =>
        call(
          server.admin.categories[':id'].commission.$put({
            param: { id: encodeURIComponent(category.id) },
            json: { rateBps, reason },
          }),
        ),
      done: {
        title: t`Commission changed`,
        description:
          rateBps === null
            ? t`${name}: back to the default ${rate} on sales delivered from now on.`
            : t`${name}: ${rate} on sales delivered from now on.`,
      },
      failed: t`Error changing the commission`,
    });
    if (worked) setDialog(null);
  }

  async function setReturns(reason: string) {
    const { category } = dialog!;
    const returnable = !category.effectiveReturnable;
    const name = categoryName(category);
    const worked = await commands.run(category.id, {
      send: () =>
        call(
          server.admin.categories[':id'].returns.$put({
            param: { id: encodeURIComponent(category.id) },
            json: { returnable, reason },
          }),
        ),
      done: {
        title: t`Returns policy changed`,
        description: returnable ? t`${name}: returns accepted from now on.` : t`${name}: no returns from now on.`,
      },
      failed: t`Error changing the returns policy`,
    });
    if (worked) setDialog(null);
  }

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} ref={commands.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        <Trans>Commission and returns</Trans>
      </h2>
      <p className="mt-1 text-base-content/80">
        {data ? (
          <Plural
            value={data.returnWindowDays}
            one={`MIBI keeps a commission on each delivered sale: ${defaultRate} unless a category has its own rate. Buyers may ask to return items within # day of delivery, in categories that take returns. A change applies to what is delivered or asked after it.`}
            other={`MIBI keeps a commission on each delivered sale: ${defaultRate} unless a category has its own rate. Buyers may ask to return items within # days of delivery, in categories that take returns. A change applies to what is delivered or asked after it.`}
          />
        ) : (
          <Trans>The commission on each category’s sales, and whether its items may be returned.</Trans>
        )}
      </p>
      <div className="mt-4">
        {policies.loading ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">
              <Trans>Loading the categories...</Trans>
            </span>
            <Skeleton className="h-28 rounded-box" />
            <Skeleton className="h-28 rounded-box" />
          </div>
        ) : policies.failed ? (
          <LoadFailed what={t`the categories`} onRetry={() => void policies.reload()} />
        ) : data!.items.length === 0 ? (
          <EmptyState title={t`No categories yet`} />
        ) : (
          <ul className="space-y-3">
            {data!.items.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                defaultCommissionBps={data!.defaultCommissionBps}
                busy={commands.busyId === category.id}
                onChangeCommission={() => setDialog({ kind: 'commission', category })}
                onChangeReturns={() => setDialog({ kind: 'returns', category })}
              />
            ))}
          </ul>
        )}
      </div>
      {dialog?.kind === 'commission' && (
        <CommissionDialog
          category={dialog.category}
          defaultCommissionBps={data!.defaultCommissionBps}
          onConfirm={(rateBps, reason) => setCommission(dialog.category, rateBps, reason)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'returns' && (
        <ReturnsDialog
          category={dialog.category}
          returnWindowDays={data!.returnWindowDays}
          onConfirm={setReturns}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

interface ReturnsDialogProps {
  category: CategoryPolicy;
  returnWindowDays: number;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/** Stopping or accepting returns of a category, with the reason for the change. */
function ReturnsDialog({ category, returnWindowDays, onConfirm, onClose }: ReturnsDialogProps) {
  const { t } = useLingui();
  const name = categoryName(category);
  const stop = category.effectiveReturnable;
  return (
    <ReasonDialog
      title={stop ? t`Stop returns of ${name}?` : t`Accept returns of ${name}?`}
      label={t`Reason for the change`}
      schema={reasonSchema}
      confirmLabel={stop ? t`Stop returns` : t`Accept returns`}
      busyLabel={t`Saving...`}
      destructive={stop}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        {stop ? (
          <Trans>
            Buyers will no longer be able to ask to return {name} items. Returns already asked are still decided by
            their sellers.
          </Trans>
        ) : (
          <Plural
            value={returnWindowDays}
            one={`Buyers will be able to ask to return ${name} items delivered within the last # day.`}
            other={`Buyers will be able to ask to return ${name} items delivered within the last # days.`}
          />
        )}
      </p>
    </ReasonDialog>
  );
}
