import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import type { Service } from '../../../../../domain/tax/policy.ts';
import { formatRate } from '../../../../../domain/tax/rates.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime, formatDay } from '../../../format.ts';
import { categoryName } from '../../../i18n/domain-labels.ts';
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
      {[...entries].reverse().map((entry) => {
        const from = formatDay(entry.effectiveFrom);
        const source = entry.source;
        const setOn = entry.at && formatDateTime(entry.at);
        return (
          <li key={`${entry.effectiveFrom}-${entry.at}`}>
            <Trans>
              From <time dateTime={entry.effectiveFrom}>{from}</time>:
            </Trans>{' '}
            <span className="font-medium">{value(entry)}</span>
            <span className="text-base-content/80">
              {' '}
              {entry.at ? (
                <Trans>
                  (<span dir="auto">{source}</span>; set by an admin on <time dateTime={entry.at}>{setOn}</time>)
                </Trans>
              ) : (
                <Trans>
                  (<span dir="auto">{source}</span>; initial policy)
                </Trans>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const slabsText = (slabsBps: readonly number[]) => slabsBps.map(formatRate).join(', ');

/** MIBI's own services as the tab names them. */
const SERVICE_NAMES: Record<Service, { name: MessageDescriptor; inSentence: MessageDescriptor }> = {
  commission: { name: msg`Commission to sellers`, inSentence: msg`commission to sellers` },
  delivery: { name: msg`Delivery to buyers`, inSentence: msg`delivery to buyers` },
};

/** The Tax rates tab: the GST rates and the TCS rate in force, each category's HSN code and GST rate, MIBI's services' SAC code and GST rate, their histories, and changes with their source. */
export function TaxTab() {
  const { t } = useLingui();
  const policy = useApiGet(
    (options) => server.admin['tax-policy'].$get({}, options),
    [],
    t`Failed to load the tax rates`,
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
    const from = formatDay(change.body.effectiveFrom);
    const worked = await commands.run(change.kind, {
      send,
      done: { title: t`Tax rates changed`, description: t`In force from ${from}.` },
      failed: t`Error changing the tax rates`,
    });
    if (worked) setDialog(null);
  }

  if (policy.loading)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the tax rates...</Trans>
        </span>
        <Skeleton className="h-28 rounded-box" />
      </div>
    );
  if (policy.failed || !data) return <LoadFailed what={t`the tax rates`} onRetry={() => void policy.reload()} />;
  const { inForce } = data;
  const busy = commands.busyId !== null;
  const slabs = slabsText(inForce.gstSlabsBps);
  const tcsRate = inForce.tcsRateBps === null ? null : formatRate(inForce.tcsRateBps);

  return (
    <section aria-labelledby={titleId} className="space-y-6">
      <div>
        <h2 id={titleId} ref={commands.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          <Trans>Tax rates</Trans>
        </h2>
        <p className="mt-1 text-base-content/80">
          <Trans>
            Prices include GST. Each rate applies from its first day on, never to days before it; every change names its
            source. Check the figures against the CBIC notifications.
          </Trans>
        </p>
      </div>
      <section aria-labelledby={`${titleId}-gst`} className="card gap-2 border border-base-300 p-4">
        <h3 id={`${titleId}-gst`} className="font-semibold">
          <Trans>GST rates</Trans>
        </h3>
        <p className="text-sm">
          <Trans>
            In force today: <strong>{slabs}</strong>
          </Trans>
        </p>
        <History entries={data.gstSlabs} value={(entry) => slabsText(entry.slabsBps)} />
        <button
          type="button"
          className="btn btn-outline btn-sm w-fit"
          disabled={busy}
          onClick={() => setDialog({ kind: 'gst', slabsBps: inForce.gstSlabsBps })}
        >
          <Trans>Change GST rates</Trans>
        </button>
      </section>
      <section aria-labelledby={`${titleId}-tcs`} className="card gap-2 border border-base-300 p-4">
        <h3 id={`${titleId}-tcs`} className="font-semibold">
          <Trans>TCS collected from sellers</Trans>
        </h3>
        <p className="text-sm">
          {tcsRate === null ? (
            <Trans>
              In force today: <strong>none</strong> of the net taxable value (half CGST, half SGST within a state; IGST
              across states)
            </Trans>
          ) : (
            <Trans>
              In force today: <strong>{tcsRate}</strong> of the net taxable value (half CGST, half SGST within a state;
              IGST across states)
            </Trans>
          )}
        </p>
        <History entries={data.tcsRate} value={(entry) => formatRate(entry.rateBps)} />
        <button
          type="button"
          className="btn btn-outline btn-sm w-fit"
          disabled={busy}
          onClick={() => setDialog({ kind: 'tcs', rateBps: inForce.tcsRateBps })}
        >
          <Trans>Change TCS rate</Trans>
        </button>
      </section>
      <section aria-labelledby={`${titleId}-services`}>
        <h3 id={`${titleId}-services`} className="font-semibold">
          <Trans>GST on MIBI’s own services</Trans>
        </h3>
        <p className="text-sm text-base-content/80">
          <Trans>What MIBI’s own invoices charge, under MIBI’s GSTIN.</Trans>
        </p>
        <ul className="mt-2 space-y-3">
          {data.services.map(({ service, inForce: now, history }) => {
            const serviceName = t(SERVICE_NAMES[service].inSentence);
            const changes = history.length;
            return (
              <li key={service} className="card gap-2 border border-base-300 p-4">
                <h4 className="font-semibold">{t(SERVICE_NAMES[service].name)}</h4>
                <p className="text-sm">
                  {now ? (
                    <>
                      <span translate="no">
                        SAC <strong>{now.sac}</strong>
                      </span>{' '}
                      · <Trans>GST</Trans> <strong>{formatRate(now.rateBps)}</strong>
                    </>
                  ) : (
                    <Trans>No rate</Trans>
                  )}
                </p>
                <details className="text-sm">
                  <summary className="cursor-pointer">
                    <Trans>History ({changes})</Trans>
                  </summary>
                  <History
                    entries={history}
                    value={(entry) => (
                      <>
                        <span translate="no">SAC {entry.sac}</span> · {t`GST`} {formatRate(entry.rateBps)}
                      </>
                    )}
                  />
                </details>
                <button
                  type="button"
                  className="btn btn-outline btn-sm w-fit"
                  aria-label={t`Change the GST on ${serviceName}`}
                  disabled={busy}
                  onClick={() =>
                    setDialog({
                      kind: 'service',
                      service,
                      name: serviceName,
                      sac: now?.sac ?? '',
                      rateBps: now?.rateBps ?? null,
                    })
                  }
                >
                  <Trans>Change</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby={`${titleId}-hsn`}>
        <h3 id={`${titleId}-hsn`} className="font-semibold">
          <Trans>HSN codes and GST rates by category</Trans>
        </h3>
        <p className="text-sm text-base-content/80">
          <Trans>What a new product of the category gets unless its seller gives its own.</Trans>
        </p>
        <ul className="mt-2 space-y-3">
          {data.categories.map((category) => {
            const now = inForce.categoryDefaults.find((entry) => entry.categoryId === category.id);
            const name = categoryName(category);
            const changes = category.history.length;
            return (
              <li key={category.id} className="card gap-2 border border-base-300 p-4">
                <h4 className="font-semibold">{name}</h4>
                <p className="text-sm">
                  {now ? (
                    <>
                      <span translate="no">
                        HSN <strong>{now.hsn}</strong>
                      </span>{' '}
                      · <Trans>GST</Trans> <strong>{formatRate(now.gstRateBps)}</strong>
                    </>
                  ) : (
                    <Trans>No defaults</Trans>
                  )}
                </p>
                <details className="text-sm">
                  <summary className="cursor-pointer">
                    <Trans>History ({changes})</Trans>
                  </summary>
                  <History
                    entries={category.history}
                    value={(entry) => (
                      <>
                        <span translate="no">HSN {entry.hsn}</span> · {t`GST`} {formatRate(entry.gstRateBps)}
                      </>
                    )}
                  />
                </details>
                <button
                  type="button"
                  className="btn btn-outline btn-sm w-fit"
                  aria-label={t`Change the tax defaults of ${name}`}
                  disabled={busy}
                  onClick={() =>
                    setDialog({
                      kind: 'category',
                      categoryId: category.id,
                      name,
                      hsn: now?.hsn ?? '',
                      gstRateBps: now?.gstRateBps ?? inForce.gstSlabsBps[0] ?? 0,
                      slabsBps: inForce.gstSlabsBps,
                    })
                  }
                >
                  <Trans>Change</Trans>
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
