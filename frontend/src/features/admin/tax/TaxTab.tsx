import { type ReactNode, useId, useState } from 'react';
import type { Service } from '../../../../../domain/tax/policy.ts';
import { formatRate } from '../../../../../domain/tax/rates.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime, formatDay } from '../../../format.ts';
import { useListCommands } from '../commands.ts';
import { type TaxChange, type TaxChangeBody, TaxChangeDialog } from './TaxChangeDialog.tsx';

interface Entry {
  effectiveFrom: string;
  source: string;
  at: string | null;
}

/** A history of dated entries, the newest first: from when, what, where from and when it was set. */
function History<E extends Entry>({ entries, value }: { entries: readonly E[]; value: (entry: E) => ReactNode }) {
  return (
    <ol className="mt-2 space-y-1 border-l-2 border-base-300 pl-3 text-sm">
      {[...entries].reverse().map((entry) => (
        <li key={`${entry.effectiveFrom}-${entry.at}`}>
          From <time dateTime={entry.effectiveFrom}>{formatDay(entry.effectiveFrom)}</time>:{' '}
          <span className="font-medium">{value(entry)}</span>
          <span className="text-base-content/80">
            {' '}
            ({entry.source};{' '}
            {entry.at ? (
              <>
                set by an admin on <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </>
            ) : (
              'initial policy'
            )}
            )
          </span>
        </li>
      ))}
    </ol>
  );
}

const slabsText = (slabsBps: readonly number[]) => slabsBps.map(formatRate).join(', ');

/** MIBI's own services as the tab names them. */
const SERVICE_NAMES: Record<Service, string> = { commission: 'Commission to sellers', delivery: 'Delivery to buyers' };

/** The Tax rates tab: the GST rates and the TCS rate in force, each category's HSN code and GST rate, MIBI's services' SAC code and GST rate, their histories, and changes with their source. */
export function TaxTab() {
  const policy = useApiGet(
    (options) => server.admin['tax-policy'].$get({}, options),
    [],
    'Failed to load the tax rates',
  );
  const commands = useListCommands(policy.reload, []);
  const [dialog, setDialog] = useState<TaxChange | null>(null);
  const titleId = useId();
  const data = policy.data;

  async function save(change: TaxChangeBody) {
    const tax = server.admin['tax-policy'];
    const send = () => {
      switch (change.kind) {
        case 'gst':
          return call(tax['gst-slabs'].$put({ json: change.body }));
        case 'tcs':
          return call(tax['tcs-rate'].$put({ json: change.body }));
        case 'service':
          return call(tax.services[':service'].$put({ param: { service: change.service }, json: change.body }));
        case 'category':
          return call(
            tax.categories[':id'].$put({ param: { id: encodeURIComponent(change.categoryId) }, json: change.body }),
          );
      }
    };
    const worked = await commands.run(change.kind, {
      send,
      done: { title: 'Tax rates changed', description: `In force from ${formatDay(change.body.effectiveFrom)}.` },
      failed: 'Error changing the tax rates',
    });
    if (worked) setDialog(null);
  }

  if (policy.loading)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Loading the tax rates...</span>
        <Skeleton className="h-28 rounded-box" />
      </div>
    );
  if (policy.failed || !data) return <LoadFailed what="the tax rates" onRetry={() => void policy.reload()} />;
  const { inForce } = data;
  const busy = commands.busyId !== null;

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <div>
        <h2 id={titleId} ref={commands.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Tax rates
        </h2>
        <p className="mt-1 text-base-content/80">
          Prices include GST. Each rate applies from its first day on, never to days before it; every change names its
          source. Check the figures against the CBIC notifications.
        </p>
      </div>
      <section aria-labelledby={`${titleId}-gst`} className="card gap-2 border border-base-300 p-4">
        <h3 id={`${titleId}-gst`} className="font-semibold">
          GST rates
        </h3>
        <p className="text-sm">
          In force today: <strong>{slabsText(inForce.gstSlabsBps)}</strong>
        </p>
        <History entries={data.gstSlabs} value={(entry) => slabsText(entry.slabsBps)} />
        <button
          type="button"
          className="btn btn-outline btn-sm w-fit"
          disabled={busy}
          onClick={() => setDialog({ kind: 'gst', slabsBps: inForce.gstSlabsBps })}
        >
          Change GST rates
        </button>
      </section>
      <section aria-labelledby={`${titleId}-tcs`} className="card gap-2 border border-base-300 p-4">
        <h3 id={`${titleId}-tcs`} className="font-semibold">
          TCS collected from sellers
        </h3>
        <p className="text-sm">
          In force today: <strong>{inForce.tcsRateBps === null ? 'none' : formatRate(inForce.tcsRateBps)}</strong> of
          the net taxable value (half CGST, half SGST within a state; IGST across states)
        </p>
        <History entries={data.tcsRate} value={(entry) => formatRate(entry.rateBps)} />
        <button
          type="button"
          className="btn btn-outline btn-sm w-fit"
          disabled={busy}
          onClick={() => setDialog({ kind: 'tcs', rateBps: inForce.tcsRateBps })}
        >
          Change TCS rate
        </button>
      </section>
      <section aria-labelledby={`${titleId}-services`}>
        <h3 id={`${titleId}-services`} className="font-semibold">
          GST on MIBI’s own services
        </h3>
        <p className="text-sm text-base-content/80">What MIBI’s own invoices charge, under MIBI’s GSTIN.</p>
        <ul className="mt-2 space-y-3">
          {data.services.map(({ service, inForce: now, history }) => (
            <li key={service} className="card gap-2 border border-base-300 p-4">
              <h4 className="font-semibold">{SERVICE_NAMES[service]}</h4>
              <p className="text-sm">
                {now ? (
                  <>
                    SAC <strong>{now.sac}</strong> · GST <strong>{formatRate(now.rateBps)}</strong>
                  </>
                ) : (
                  'No rate'
                )}
              </p>
              <details className="text-sm">
                <summary className="cursor-pointer">History ({history.length})</summary>
                <History entries={history} value={(entry) => `SAC ${entry.sac} · GST ${formatRate(entry.rateBps)}`} />
              </details>
              <button
                type="button"
                className="btn btn-outline btn-sm w-fit"
                aria-label={`Change the GST on ${SERVICE_NAMES[service].toLowerCase()}`}
                disabled={busy}
                onClick={() =>
                  setDialog({
                    kind: 'service',
                    service,
                    name: SERVICE_NAMES[service].toLowerCase(),
                    sac: now?.sac ?? '',
                    rateBps: now?.rateBps ?? null,
                  })
                }
              >
                Change
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${titleId}-hsn`}>
        <h3 id={`${titleId}-hsn`} className="font-semibold">
          HSN codes and GST rates by category
        </h3>
        <p className="text-sm text-base-content/80">
          What a new product of the category gets unless its seller gives its own.
        </p>
        <ul className="mt-2 space-y-3">
          {data.categories.map((category) => {
            const now = inForce.categoryDefaults.find((entry) => entry.categoryId === category.id);
            return (
              <li key={category.id} className="card gap-2 border border-base-300 p-4">
                <h4 className="font-semibold">{category.name}</h4>
                <p className="text-sm">
                  {now ? (
                    <>
                      HSN <strong>{now.hsn}</strong> · GST <strong>{formatRate(now.gstRateBps)}</strong>
                    </>
                  ) : (
                    'No defaults'
                  )}
                </p>
                <details className="text-sm">
                  <summary className="cursor-pointer">History ({category.history.length})</summary>
                  <History
                    entries={category.history}
                    value={(entry) => `HSN ${entry.hsn} · GST ${formatRate(entry.gstRateBps)}`}
                  />
                </details>
                <button
                  type="button"
                  className="btn btn-outline btn-sm w-fit"
                  aria-label={`Change the tax defaults of ${category.name}`}
                  disabled={busy}
                  onClick={() =>
                    setDialog({
                      kind: 'category',
                      categoryId: category.id,
                      name: category.name,
                      hsn: now?.hsn ?? '',
                      gstRateBps: now?.gstRateBps ?? inForce.gstSlabsBps[0] ?? 0,
                      slabsBps: inForce.gstSlabsBps,
                    })
                  }
                >
                  Change
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      {dialog && (
        <TaxChangeDialog change={dialog} today={data.today} onConfirm={save} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
