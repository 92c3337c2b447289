import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { server } from '../api/client.ts';
import { useApiGet } from '../api/useApiGet.ts';
import { formatDateTime, formatNumber } from '../format.ts';
import { EmptyState } from './EmptyState.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import { Skeleton } from './Skeleton.tsx';

/** A button per type, the analyst page's: it writes a query of the type (`catalogued`: with a recorded schema) into the editor. */
export interface CatalogPick {
  label: (type: string) => string;
  pick: (type: string, catalogued: boolean) => void;
}

/**
 * The event catalog, each type with its version, figures from the log, upcasters and schemas:
 * the admin console's Events tab, and on the analyst page with `onPick`. Read from the
 * analyst's route, which admins may read too.
 */
export function EventCatalog({ onPick }: { onPick?: CatalogPick }) {
  const { t } = useLingui();
  const catalog = useApiGet(
    (options) => server.analyst.events.$get({}, options),
    [],
    t`Failed to load the event catalog`,
  );
  const titleId = useId();
  const types = catalog.data?.types;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        <Trans>Event catalog</Trans>
      </h2>
      <p className="mt-1 text-base-content/80">
        <Trans>
          Every event type in the log or in the catalog: its current version and schema, the upcasters that read its
          older shapes, and how often it was recorded. A type without a version has no recorded schema yet.
        </Trans>
      </p>
      <div className="mt-4">
        {catalog.loading ? (
          <div aria-busy="true">
            <span className="sr-only">
              <Trans>Loading the event catalog...</Trans>
            </span>
            <Skeleton className="h-64 rounded-box" />
          </div>
        ) : catalog.failed ? (
          <LoadFailed what={t`the event catalog`} onRetry={() => void catalog.reload()} />
        ) : types!.length === 0 ? (
          <EmptyState title={t`No events yet`} />
        ) : (
          <div className="overflow-x-auto">
            <table className="table table-sm stack-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Type</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Version</Trans>
                  </th>
                  <th scope="col" className="text-right">
                    <Trans>Events</Trans>
                  </th>
                  <th scope="col">
                    <Trans>First seen</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Last seen</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Upcasters</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {types!.map((entry) => {
                  const schema = entry.versions.at(-1)?.schema;
                  return (
                    <tr key={entry.type}>
                      <th scope="row" className="align-top font-medium" translate="no">
                        {schema ? (
                          <details>
                            <summary className="cursor-pointer">{entry.type}</summary>
                            <pre className="mt-2 max-w-xl overflow-x-auto text-xs">
                              {JSON.stringify(schema, null, 2)}
                            </pre>
                          </details>
                        ) : (
                          entry.type
                        )}
                        {onPick && (
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs mt-1"
                            aria-label={onPick.label(entry.type)}
                            onClick={() => onPick.pick(entry.type, entry.version !== null)}
                          >
                            <span translate="yes">
                              <Trans>Query</Trans>
                            </span>
                          </button>
                        )}
                      </th>
                      <td className="align-top" data-label={t`Version`}>
                        {entry.version === null ? '-' : `v${entry.version}`}
                      </td>
                      <td className="align-top text-right tabular-nums" data-label={t`Events`}>
                        {formatNumber(entry.events)}
                      </td>
                      <td className="align-top" data-label={t`First seen`}>
                        {entry.firstSeen ? formatDateTime(entry.firstSeen) : '-'}
                      </td>
                      <td className="align-top" data-label={t`Last seen`}>
                        {entry.lastSeen ? formatDateTime(entry.lastSeen) : '-'}
                      </td>
                      {/* The upcasters' names and what they read are the code's own words, as the log's types are. */}
                      <td className="align-top" data-label={t`Upcasters`} translate="no">
                        {entry.upcasters.map((upcaster) => (
                          <div key={upcaster.name + upcaster.reads}>
                            <code>{upcaster.name}</code>: {upcaster.reads}
                          </div>
                        ))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
