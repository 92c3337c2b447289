import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ApiError, call, type Data, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Pager } from '../../components/Pager.tsx';
import { ReasonField } from '../../components/ReasonField.tsx';
import { formatDateTime } from '../../format.ts';
import { session } from '../../state/session.ts';

const PAGE = 20;

type StreamPage = Data<(typeof server.streams)[':position']['events']['$get']>;
type StreamEvent = StreamPage['items'][number];
type Chain = Data<(typeof server.streams.events)[':position']['chain']['$get']>;
type ChainEntry = Chain['chain']['timeline'][number];
type Node = { event: ChainEntry; caused: Node[] };

/** Where an event of the log is shown: its stream, with its causes and effects open. */
const eventHref = (position: number) => `/streams/${position}?event=${position}`;

/** /streams/:position: the stream holding the event at that position, its events in order, and one event's chain. */
export default function StreamPage() {
  useSignals();
  const { t } = useLingui();
  const { position } = useParams<{ position: string }>();
  const [, navigate] = useLocation();
  const focused = Number(new URLSearchParams(useSearch()).get('event')) || null;
  const [offset, setOffset] = useState(0);
  // An admin's revealed page, kept while the same page of the same stream is shown.
  const [revealed, setRevealed] = useState<{ at: string; page: StreamPage } | null>(null);
  const page = useApiGet(
    (o) =>
      server.streams[':position'].events.$get(
        { param: { position }, query: { limit: String(PAGE), offset: String(offset) } },
        o,
      ),
    [position, offset],
    t`Failed to load the stream`,
  );
  const shown = revealed?.at === `${position}:${offset}` ? revealed.page : page.data;
  const total = shown?.total ?? 0;
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <Link href="/streams" className="link text-sm">
        <Trans>All streams</Trans>
      </Link>
      {page.loading ? (
        <span className="loading loading-spinner block" aria-label={t`Loading the stream`} />
      ) : page.failed || !shown ? (
        <LoadFailed what={t`the stream`} onRetry={() => void page.reload()} />
      ) : (
        <>
          <h1 className="mt-2 font-mono text-xl font-bold break-all" translate="no">
            {shown.stream}
          </h1>
          <p className="text-base-content/80">
            {shown.revealed ? (
              <Plural value={total} one="# event · personal data shown" other="# events · personal data shown" />
            ) : (
              <Plural value={total} one="# event · personal data hidden" other="# events · personal data hidden" />
            )}
          </p>
          {session.value?.roles.includes('admin') && !shown.revealed && (
            <Reveal
              position={position}
              offset={offset}
              onShown={(shown) => setRevealed({ at: `${position}:${offset}`, page: shown })}
            />
          )}
          {focused !== null && <EventChain position={focused} onClose={() => navigate(`/streams/${position}`)} />}
          <ol className="mt-4 space-y-2" aria-label={t`Events`}>
            {shown.items.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ol>
          <Pager label={t`Event pages`} pageSize={PAGE} offset={offset} total={shown.total} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}

/** One event: its type and time, opened to its metadata and payload. */
function EventItem({ event }: { event: StreamEvent }) {
  return (
    <li className="rounded-box border border-base-300">
      <details>
        <summary className="cursor-pointer p-3">
          <span className="font-semibold" translate="no">
            {event.type}
          </span>{' '}
          <span className="text-sm text-base-content/80">
            #{event.revision} · {formatDateTime(event.time)}
          </span>
        </summary>
        <div className="border-t border-base-300 p-3">
          <Metadata event={event} />
          <Link href={eventHref(event.position)} className="btn btn-sm mt-2">
            <Trans>Caused by / Caused</Trans>
          </Link>
        </div>
      </details>
    </li>
  );
}

function Metadata({ event }: { event: StreamEvent }) {
  const { t } = useLingui();
  const rows: Array<[string, string | number | null]> = [
    [t`Position`, event.position],
    [t`Revision`, event.revision],
    [t`Time`, event.time],
    [t`Actor`, event.actor],
    [t`Event id`, event.id],
    [t`Correlation id`, event.correlationId],
    [t`Causation id`, event.causationId],
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-base-content/80">{name}</dt>
            <dd className="font-mono break-all" translate="no">
              {value ?? '-'}
            </dd>
          </div>
        ))}
      </dl>
      <pre
        className="mt-2 rounded bg-base-200 p-2 text-xs whitespace-pre-wrap break-all"
        aria-label={t`Payload`}
        translate="no"
      >
        {JSON.stringify(event.data, null, 2)}
      </pre>
    </>
  );
}

/** An event with what caused it and what it caused: each a link to its own. */
function EventChain({ position, onClose }: { position: number; onClose: () => void }) {
  const { t } = useLingui();
  const chain = useApiGet(
    (o) => server.streams.events[':position'].chain.$get({ param: { position: String(position) } }, o),
    [position],
    t`Failed to load the chain`,
  );
  const answer = chain.data;
  const correlated = answer?.chain.events ?? 0;
  return (
    <section aria-label={t`Causes and effects`} className="mt-4 rounded-box border border-primary p-3">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold" translate={answer ? 'no' : undefined}>
          {answer ? `${answer.event.type} #${answer.event.revision}` : t`Event`}
        </h2>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      {chain.loading ? (
        <span className="loading loading-spinner" aria-label={t`Loading the chain`} />
      ) : chain.failed || !answer ? (
        <LoadFailed what={t`the chain`} onRetry={() => void chain.reload()} />
      ) : (
        <>
          <p className="font-mono text-sm break-all" translate="no">
            {answer.stream}
          </p>
          <Metadata event={answer.event} />
          <h3 className="mt-3 font-semibold">
            <Trans>Caused by</Trans>
          </h3>
          {answer.chain.causes.length === 0 ? (
            <p className="text-sm">
              {answer.chain.causeOutside ? <OutsideCause id={answer.chain.causeOutside} /> : <Trans>A command</Trans>}
            </p>
          ) : (
            <ol className="text-sm">
              {answer.chain.causes.map((link) => (
                <li key={link.id}>
                  <ChainLink link={link} />
                </li>
              ))}
            </ol>
          )}
          <h3 className="mt-3 font-semibold">
            <Trans>Caused</Trans>
          </h3>
          {answer.chain.caused.length === 0 ? (
            <p className="text-sm">
              <Trans>Nothing</Trans>
            </p>
          ) : (
            <Tree nodes={answer.chain.caused as Node[]} />
          )}
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold">
              {answer.chain.truncated ? (
                <Plural
                  value={correlated}
                  one="Same correlation (# event, the first shown)"
                  other="Same correlation (# events, the first shown)"
                />
              ) : (
                <Plural value={correlated} one="Same correlation (# event)" other="Same correlation (# events)" />
              )}
            </summary>
            <ol className="text-sm">
              {answer.chain.timeline.map((link) => (
                <li key={link.id}>
                  <ChainLink link={link} />
                </li>
              ))}
            </ol>
          </details>
        </>
      )}
    </section>
  );
}

function Tree({ nodes }: { nodes: Node[] }) {
  return (
    <ul className="ml-4 list-disc text-sm">
      {nodes.map((node) => (
        <li key={node.event.id}>
          <ChainLink link={node.event} />
          {node.caused.length > 0 && <Tree nodes={node.caused} />}
        </li>
      ))}
    </ul>
  );
}

function ChainLink({ link }: { link: ChainEntry }) {
  const { type, stream } = link;
  return (
    <Link href={eventHref(link.position)} className="link">
      <Trans>
        <span translate="no">{type}</span>
        <span className="text-base-content/80">
          {' '}
          in <span translate="no">{stream}</span>
        </span>
      </Trans>
    </Link>
  );
}

/** The cause of an event that is not in the log's chain: named by its id. */
function OutsideCause({ id }: { id: string }) {
  return (
    <Trans>
      Event <span translate="no">{id}</span>
    </Trans>
  );
}

/** An admin's "Show personal data": the reason is recorded with the view before the events are read. */
function Reveal({
  position,
  offset,
  onShown,
}: {
  position: string;
  offset: number;
  onShown: (page: StreamPage) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    try {
      onShown(
        await call(
          server.streams[':position']['personal-data'].$post({
            param: { position },
            json: { reason, limit: PAGE, offset },
          }),
        ),
      );
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields.reason ?? failure.message) : String(failure));
    }
  }
  if (!open)
    return (
      <button type="button" className="btn btn-sm mt-2" onClick={() => setOpen(true)}>
        <Trans>Show personal data</Trans>
      </button>
    );
  return (
    <form noValidate className="mt-2 max-w-xl" onSubmit={(event) => void submit(event)}>
      <ReasonField label={t`Why do you need to see personal data? (recorded)`} error={error} />
      <button type="submit" className="btn btn-sm btn-primary mt-2">
        <Trans>Show personal data</Trans>
      </button>
    </form>
  );
}
