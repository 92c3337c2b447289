import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { zoneTransitChangeSchema } from '../../../../../domain/delivery/zone-table-schemas.ts';
import type { Zone } from '../../../../../domain/delivery/zones.ts';
import { fieldErrors } from '../../../../../domain/fields.ts';
import { DELIVERY_METHODS, type DeliveryMethod } from '../../../../../domain/order/options.ts';
import { call, type Data, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { Field } from '../../../components/Field.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime, formatDay } from '../../../format.ts';
import { deliveryLabel } from '../../../i18n/domain-labels.ts';
import { useListCommands } from '../commands.ts';

type ZoneRow = Data<(typeof server)['admin']['delivery-zones']['$get']>['zones'][number];
type Transit = ZoneRow['inForce']['transit'];
type ZoneChange = z.output<typeof zoneTransitChangeSchema>;

/** The zones' names (ZONE_LABELS) on screen. */
const ZONE_NAMES: Record<Zone, MessageDescriptor> = {
  same_city: msg`Same city`,
  same_state: msg`Same state`,
  metro_to_metro: msg`Metro to metro`,
  rest_of_india: msg`Rest of India`,
  north_east_jk: msg`North-east and J&K`,
};

const daysText = ({ minDays, maxDays }: { minDays: number; maxDays: number }) =>
  minDays === maxDays ? `${minDays}` : `${minDays}-${maxDays}`;

/** The Delivery zones tab: each zone's transit days per delivery option in force, their histories, and changes from a day on. */
export function DeliveryZonesTab() {
  const { t } = useLingui();
  const table = useApiGet(
    (options) => server.admin['delivery-zones'].$get({}, options),
    [],
    t`Failed to load the delivery zones`,
  );
  const commands = useListCommands(table.reload, []);
  const [editing, setEditing] = useState<ZoneRow | null>(null);
  const titleId = useId();
  const data = table.data;

  async function save(zone: Zone, change: ZoneChange) {
    const from = formatDay(change.effectiveFrom);
    const worked = await commands.run(zone, {
      send: () => call(server.admin['delivery-zones'][':zone'].$put({ param: { zone }, json: change })),
      done: { title: t`Transit days changed`, description: t`In force from ${from}.` },
      failed: t`Error changing the transit days`,
    });
    if (worked) setEditing(null);
  }

  if (table.loading)
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">
          <Trans>Loading the delivery zones...</Trans>
        </span>
        <Skeleton className="h-28 rounded-box" />
      </div>
    );
  if (table.failed || !data) return <LoadFailed what={t`the delivery zones`} onRetry={() => void table.reload()} />;

  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <div>
        <h2 id={titleId} ref={commands.heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          <Trans>Delivery zones</Trans>
        </h2>
        <p className="mt-1 text-base-content/80">
          <Trans>
            Working days in transit (Monday to Saturday) from the seller’s PIN code to the buyer’s, per delivery option.
            Checkout and product pages add them to the seller’s ship-by day. Each change applies from its first day on
            and names its source.
          </Trans>
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="table stack-table">
          <caption className="sr-only">
            <Trans>Transit days in force today</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Zone</Trans>
              </th>
              {DELIVERY_METHODS.map((method) => (
                <th key={method} scope="col">
                  {deliveryLabel(method)}
                </th>
              ))}
              <th scope="col">
                <span className="sr-only">
                  <Trans>Change</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.zones.map((row) => {
              const zoneName = t(ZONE_NAMES[row.zone]);
              const changes = row.history.length;
              return (
                <tr key={row.zone}>
                  <th scope="row">
                    {zoneName}
                    <details className="text-sm font-normal">
                      <summary className="cursor-pointer">
                        <Trans>History ({changes})</Trans>
                      </summary>
                      <ol className="mt-1 space-y-1 border-l-2 border-base-300 pl-3">
                        {[...row.history].reverse().map((entry) => {
                          const from = formatDay(entry.effectiveFrom);
                          const days = DELIVERY_METHODS.map((m) => daysText(entry.transit[m])).join(' / ');
                          const source = entry.source;
                          const setOn = entry.at && formatDateTime(entry.at);
                          return (
                            <li key={`${entry.effectiveFrom}-${entry.at}`}>
                              {setOn ? (
                                <Trans>
                                  From <time dateTime={entry.effectiveFrom}>{from}</time>: {days} days (
                                  <span dir="auto">{source}</span>; set on {setOn})
                                </Trans>
                              ) : (
                                <Trans>
                                  From <time dateTime={entry.effectiveFrom}>{from}</time>: {days} days (
                                  <span dir="auto">{source}</span>; initial table)
                                </Trans>
                              )}
                            </li>
                          );
                        })}
                      </ol>
                    </details>
                  </th>
                  {DELIVERY_METHODS.map((method) => {
                    const days = daysText(row.inForce.transit[method]);
                    return (
                      <td key={method} data-label={deliveryLabel(method)}>
                        <Trans>{days} days</Trans>
                      </td>
                    );
                  })}
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={t`Change ${zoneName}`}
                      disabled={commands.busyId !== null}
                      onClick={() => setEditing(row)}
                    >
                      <Trans>Change</Trans>
                    </button>
                  </td>
                </tr>
              );
            })}
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
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const zoneName = t(ZONE_NAMES[row.zone]);

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
      title={t`Change ${zoneName}?`}
      confirmLabel={t`Save change`}
      busyLabel={t`Saving...`}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="mb-3">
        <Trans>Working days in transit, the earliest and the latest. Orders placed before keep their promise.</Trans>
      </p>
      {DELIVERY_METHODS.map((method) => {
        const option = deliveryLabel(method);
        return (
          <fieldset key={method} className="mb-2">
            <legend className="text-sm font-medium">{option}</legend>
            <div className="grid grid-cols-2 gap-x-4">
              <Field
                label={t`${option}: earliest`}
                name={`${method}.minDays`}
                inputMode="numeric"
                defaultValue={String(row.inForce.transit[method].minDays)}
                error={errorOf(method)}
              />
              <Field
                label={t`${option}: latest`}
                name={`${method}.maxDays`}
                inputMode="numeric"
                defaultValue={String(row.inForce.transit[method].maxDays)}
              />
            </div>
          </fieldset>
        );
      })}
      <Field
        label={t`Effective from`}
        name="effectiveFrom"
        type="date"
        min={today}
        defaultValue={today}
        error={errors.effectiveFrom}
      />
      <Field
        label={t`Source or reason`}
        name="source"
        placeholder={t`Courier rate card of December`}
        error={errors.source}
      />
    </ConfirmDialog>
  );
}
