import { useId, useState } from 'react';
import { categoryReturnsSchema } from '../../../../../domain/ledger/policy-schemas.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatRate } from '../../../components/LedgerTable.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { useListCommands } from '../commands.ts';
import type { CategoryPolicy } from '../types.ts';
import { CategoryRow } from './CategoryRow.tsx';
import { CommissionDialog } from './CommissionDialog.tsx';

/** The reason rule of a policy change, from the API's body schema. */
const reasonSchema = categoryReturnsSchema.pick({ reason: true });

type Dialog = { kind: 'commission' | 'returns'; category: CategoryPolicy } | null;

/** The Commission tab: each category's commission rate and returns policy, changed with a reason, and the history of changes. */
export function CommissionTab() {
  const policies = useApiGet(
    (options) => server.admin.categories.$get({}, options),
    [],
    'Failed to load the categories',
    { live: true },
  );
  const commands = useListCommands(policies.reload, policies.data?.items.map((category) => category.id) ?? []);
  const [dialog, setDialog] = useState<Dialog>(null);
  const titleId = useId();
  const data = policies.data;

  async function setCommission(category: CategoryPolicy, rateBps: number | null, reason: string) {
    const worked = await commands.run(category.id, {
      send: () =>
        call(
          server.admin.categories[':id'].commission.$put({
            param: { id: encodeURIComponent(category.id) },
            json: { rateBps, reason },
          }),
        ),
      done: {
        title: 'Commission changed',
        description: `${category.name}: ${rateBps === null ? `back to the default ${formatRate(data!.defaultCommissionBps)}` : formatRate(rateBps)} on sales delivered from now on.`,
      },
      failed: 'Error changing the commission',
    });
    if (worked) setDialog(null);
  }

  async function setReturns(reason: string) {
    const { category } = dialog!;
    const returnable = !category.effectiveReturnable;
    const worked = await commands.run(category.id, {
      send: () =>
        call(
          server.admin.categories[':id'].returns.$put({
            param: { id: encodeURIComponent(category.id) },
            json: { returnable, reason },
          }),
        ),
      done: {
        title: 'Returns policy changed',
        description: `${category.name}: ${returnable ? 'returns accepted' : 'no returns'} from now on.`,
      },
      failed: 'Error changing the returns policy',
    });
    if (worked) setDialog(null);
  }

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} ref={commands.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        Commission and returns
      </h2>
      <p className="mt-1 text-base-content/80">
        {data
          ? `MIBI keeps a commission on each delivered sale: ${formatRate(data.defaultCommissionBps)} unless a category has its own rate. Buyers may ask to return items within ${data.returnWindowDays} days of delivery, in categories that take returns. A change applies to what is delivered or asked after it.`
          : 'The commission on each category’s sales, and whether its items may be returned.'}
      </p>
      <div className="mt-4">
        {policies.loading ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">Loading the categories...</span>
            <Skeleton className="h-28 rounded-box" />
            <Skeleton className="h-28 rounded-box" />
          </div>
        ) : policies.failed ? (
          <LoadFailed what="the categories" onRetry={() => void policies.reload()} />
        ) : data!.items.length === 0 ? (
          <EmptyState title="No categories yet" />
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
        <ReasonDialog
          title={`${dialog.category.effectiveReturnable ? 'Stop returns of' : 'Accept returns of'} ${dialog.category.name}?`}
          label="Reason for the change"
          schema={reasonSchema}
          confirmLabel={dialog.category.effectiveReturnable ? 'Stop returns' : 'Accept returns'}
          busyLabel="Saving..."
          destructive={dialog.category.effectiveReturnable}
          onConfirm={setReturns}
          onClose={() => setDialog(null)}
        >
          <p>
            {dialog.category.effectiveReturnable
              ? `Buyers will no longer be able to ask to return ${dialog.category.name} items. Returns already asked are still decided by their sellers.`
              : `Buyers will be able to ask to return ${dialog.category.name} items delivered within the last ${data!.returnWindowDays} days.`}
          </p>
        </ReasonDialog>
      )}
    </section>
  );
}
