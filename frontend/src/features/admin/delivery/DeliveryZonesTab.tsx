import { useId, useState } from 'react';
import type { z } from 'zod';
import { zoneTransitChangeSchema } from '../../../../../domain/delivery/zone-table-schemas.ts';
import type { Zone } from '../../../../../domain/delivery/zones.ts';
import { fieldErrors } from '../../../../../domain/fields.ts';
import { DELIVERY_METHODS, DELIVERY_OPTIONS, type DeliveryMethod } from '../../../../../domain/order/options.ts';
import { call, type Data, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { Field } from '../../../components/Field.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime, formatDay } from '../../../format.ts';
import { useListCommands } from '../commands.ts';

type ZoneRow = Data<(typeof server)['admin']['delivery-zones']['$get']>['zones'][number];
type Transit = ZoneRow['inForce']['transit'];
type ZoneChange = z.output<typeof zoneTransitChangeSchema>;

const daysText = ({ minDays, maxDays }: { minDays: number; maxDays: number }) =>
  minDays === maxDays ? `${minDays}` : `${minDays}-${maxDays}`;

/** The Delivery zones tab: each zone's transit days per delivery option in force, their histories, and changes from a day on. */
export function DeliveryZonesTab() {
  const table = useApiGet(
    (options) => server.admin['delivery-zones'].$get({}, options),
    [],
    'Failed to load the delivery zones',
  );
  const commands = useListCommands(table.reload, []);
  const [editing, setEditing] = useState<ZoneRow | null>(null);
  const titleId = useId();
  const data = table.data;

  async function save(zone: Zone, change: ZoneChange) {
    const worked = await commands.run(zone, {
      send: () => call(server.admin['delivery-zones'][':zone'].$put({ param: { zone }, json: change })),
      done: { title: 'Transit days changed', description: `In force from ${formatDay(change.effectiveFrom)}.` },
      failed: 'Error changing the transit days',
    });
    if (worked) setEditing(null);
  }

  if (table.loading)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Loading the delivery zones...</span>
        <Skeleton className="h-28 rounded-box" />
      </div>
    );
  if (table.failed || !data) return <LoadFailed what="the delivery zones" onRetry={() => void table.reload()} />;

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div>
        <h2 id={titleId} ref={commands.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          Delivery zones
        </h2>
        <p className="mt-1 text-base-content/80">
          Working days in transit (Monday to Saturday) from the seller’s PIN code to the buyer’s, per delivery option.
          Checkout and product pages add them to the seller’s ship-by day. Each change applies from its first day on and
          names its source.
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="table stack-table">
          <caption className="sr-only">Transit days in force today</caption>
          <thead>
            <tr>
              <th scope="col">Zone</th>
              {DELIVERY_METHODS.map((method) => (
                <th key={method} scope="col">
                  {DELIVERY_OPTIONS[method].label}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.zones.map((row) => (
              <tr key={row.zone}>
                <th scope="row">
                  {row.label}
                  <details className="text-sm font-normal">
                    <summary className="cursor-pointer">History ({row.history.length})</summary>
                    <ol className="mt-1 space-y-1 border-l-2 border-base-300 pl-3">
                      {[...row.history].reverse().map((entry) => (
                        <li key={`${entry.effectiveFrom}-${entry.at}`}>
                          From <time dateTime={entry.effectiveFrom}>{formatDay(entry.effectiveFrom)}</time>:{' '}
                          {DELIVERY_METHODS.map((m) => daysText(entry.transit[m])).join(' / ')} days ({entry.source};{' '}
                          {entry.at ? `set on ${formatDateTime(entry.at)}` : 'initial table'})
                        </li>
                      ))}
                    </ol>
                  </details>
                </th>
                {DELIVERY_METHODS.map((method) => (
                  <td key={method} data-label={DELIVERY_OPTIONS[method].label}>
                    {daysText(row.inForce.transit[method])} days
                  </td>
                ))}
                <td>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    aria-label={`Change ${row.label}`}
                    disabled={commands.busyId !== null}
                    onClick={() => setEditing(row)}
                  >
                    Change
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <ZoneDialog
          row={editing}
          today={data.today}
          onConfirm={(change) => save(editing.zone, change)}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/** A zone's new transit days, first day and source. */
function ZoneDialog({
  row,
  today,
  onConfirm,
  onClose,
}: {
  row: ZoneRow;
  today: string;
  onConfirm: (change: ZoneChange) => Promise<void>;
  onClose: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function confirm(form: FormData) {
    const days = (name: string) => {
      const text = String(form.get(name) ?? '').trim();
      return /^\d+$/.test(text) ? Number(text) : Number.NaN;
    };
    const transit = Object.fromEntries(
      DELIVERY_METHODS.map((m) => [m, { minDays: days(`${m}.minDays`), maxDays: days(`${m}.maxDays`) }]),
    ) as Transit;
    const result = zoneTransitChangeSchema.safeParse({
      transit,
      effectiveFrom: String(form.get('effectiveFrom') ?? ''),
      source: String(form.get('source') ?? ''),
    });
    if (!result.success) {
      setErrors(fieldErrors(result.error));
      return;
    }
    setErrors({});
    setBusy(true);
    await onConfirm(result.data);
    setBusy(false);
  }

  const errorOf = (method: DeliveryMethod) =>
    errors[`transit.${method}`] ?? errors[`transit.${method}.minDays`] ?? errors[`transit.${method}.maxDays`];

  return (
    <ConfirmDialog
      title={`Change ${row.label}?`}
      confirmLabel="Save change"
      busyLabel="Saving..."
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="mb-3">
        Working days in transit, the earliest and the latest. Orders placed before keep their promise.
      </p>
      {DELIVERY_METHODS.map((method) => (
        <fieldset key={method} className="mb-2">
          <legend className="text-sm font-medium">{DELIVERY_OPTIONS[method].label}</legend>
          <div className="grid grid-cols-2 gap-x-4">
            <Field
              label={`${DELIVERY_OPTIONS[method].label}: earliest`}
              name={`${method}.minDays`}
              inputMode="numeric"
              defaultValue={String(row.inForce.transit[method].minDays)}
              error={errorOf(method)}
            />
            <Field
              label={`${DELIVERY_OPTIONS[method].label}: latest`}
              name={`${method}.maxDays`}
              inputMode="numeric"
              defaultValue={String(row.inForce.transit[method].maxDays)}
            />
          </div>
        </fieldset>
      ))}
      <Field
        label="Effective from"
        name="effectiveFrom"
        type="date"
        min={today}
        defaultValue={today}
        error={errors.effectiveFrom}
      />
      <Field label="Source or reason" name="source" placeholder="Courier rate card of December" error={errors.source} />
    </ConfirmDialog>
  );
}
