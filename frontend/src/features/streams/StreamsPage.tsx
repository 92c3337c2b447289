import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { queryOf, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Pager } from '../../components/Pager.tsx';
import { formatDateTime, formatNumber } from '../../format.ts';

const PAGE = 25;

/** /streams: find a stream of the log by part of its name and its category (admins and analysts). */
export default function StreamsPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const go = (values: { q?: string; category?: string; offset?: number }) =>
    navigate(`/streams${queryOf({ q, category, ...values, offset: values.offset || undefined })}`, { replace: true });
  const categories = useApiGet((o) => server.streams.categories.$get({}, o), [], t`Failed to load the categories`);
  const streams = useApiGet(
    (o) =>
      server.streams.$get(
        { query: { q: q || undefined, category: category || undefined, limit: String(PAGE), offset: String(offset) } },
        o,
      ),
    [q, category, offset],
    t`Failed to load the streams`,
  );
  const textId = useId();
  const categoryId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    go({ q: String(form.get('q') ?? '').trim(), category: String(form.get('category') ?? ''), offset: 0 });
  }

  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">
        <Trans>Stream browser</Trans>
      </h1>
      <p className="mt-1 text-base-content/80">
        <Trans>
          Every stream of the event log. Open one to read its events and follow what caused them and what they caused.
        </Trans>
      </p>
      <form noValidate role="search" className="mt-4 flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="grow">
          <label htmlFor={textId} className="label text-sm">
            <Trans>Name or id</Trans>
          </label>
          <input id={textId} name="q" type="search" defaultValue={q} className="input w-full" placeholder="order-" />
        </div>
        <div>
          <label htmlFor={categoryId} className="label text-sm">
            <Trans>Category</Trans>
          </label>
          <select id={categoryId} name="category" defaultValue={category} className="select">
            <option value="">{t`All`}</option>
            {categories.data?.categories.map((c) => (
              <option key={c.id} value={c.id} translate="no">
                {c.id} ({formatNumber(c.streams)})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          <Trans>Find</Trans>
        </button>
      </form>
      <div className="mt-6">
        {streams.loading ? (
          <span className="loading loading-spinner" aria-label={t`Loading streams`} />
        ) : streams.failed ? (
          <LoadFailed what={t`the streams`} onRetry={() => void streams.reload()} />
        ) : streams.data!.items.length === 0 ? (
          <EmptyState title={t`No streams found`} />
        ) : (
          <>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label={t`Streams`}>
              {streams.data!.items.map((item) => (
                <li key={item.firstPosition}>
                  <Link href={`/streams/${item.firstPosition}`} className="block p-3 hover:bg-base-200">
                    <span className="block font-mono text-sm break-all" translate="no">
                      {item.stream}
                    </span>
                    <StreamFigures events={item.events} lastEventAt={item.lastEventAt} />
                  </Link>
                </li>
              ))}
            </ul>
            <Pager
              label={t`Stream pages`}
              pageSize={PAGE}
              offset={offset}
              total={streams.data!.total}
              onOffset={(next) => go({ offset: next })}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** A stream's event count and when its last event was recorded. */
function StreamFigures({ events, lastEventAt }: { events: number; lastEventAt: string }) {
  const last = formatDateTime(lastEventAt);
  return (
    <span className="text-sm text-base-content/80">
      <Plural value={events} one={`# event · last ${last}`} other={`# events · last ${last}`} />
    </span>
  );
}
