import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../format.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { ApiError, call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { EventCatalog } from '../../components/EventCatalog.tsx';
import { Field, TextAreaField } from '../../components/Field.tsx';
import { loginHref } from '../../links.ts';
import { type User, mayAnalyse, rememberDashboard, session, sessionKnown } from '../../state/session.ts';
import { EXAMPLES, type SharedQuery, analystHref, sharedQueryOf, typeQuery } from './queries.ts';
import { ResultTable, type SqlResult } from './ResultTable.tsx';

/**
 * /analyst: read-only SQL over the event log and the read models, for analysts and admins
 * (issue 28). The query and its "as of" live in the address, so a link shares them and
 * opening it runs the query; the answer shows as a table with the column types, or the API's
 * reason for refusing it. Personal data comes pseudonymized; an admin may ask for it with a
 * reason, which the server records before it runs the query.
 */
export default function AnalystPage() {
  useSignals();
  const { t } = useLingui();
  const [path] = useLocation();
  const search = useSearch();
  const user = session.value;
  const holdsRole = user?.roles.includes('analyst') ?? false;
  // The header's name leads back to the dashboard last opened: for an analyst, this page.
  useEffect(() => {
    if (user && holdsRole) rememberDashboard(user, 'analyst');
  }, [user, holdsRole]);
  if (sessionKnown.value && !user) return <Redirect to={loginHref(search ? `${path}?${search}` : path)} replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold">
          <Trans>Analytics</Trans>
        </h1>
        <p className="mt-1 text-base-content/80">
          <Trans>
            Read-only SQL over the event log and the read models. Personal data is replaced by stable pseudonyms.
          </Trans>
        </p>
        <Link href="/streams" className="link mt-1 inline-block text-sm">
          <Trans>Stream browser: the event log, its causes and effects</Trans>
        </Link>
      </header>
      {!user ? (
        <span className="loading loading-spinner" aria-label={t`Loading`} />
      ) : mayAnalyse(user) ? (
        <Bench key={user.id} user={user} />
      ) : (
        <Alert tone="info">
          <Trans>
            This page is for MIBI's analysts and admins. The analyst role is granted by an admin; it cannot be added to
            your account here.
          </Trans>
        </Alert>
      )}
    </div>
  );
}

/** `refused`: the API's 400, a query it will not run; `failed`: anything else (the network, the server). */
type Outcome =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; result: SqlResult }
  | { kind: 'refused' | 'failed'; message: string };

function Bench({ user }: { user: User }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const shared = sharedQueryOf(useSearch());
  const [draft, setDraft] = useState<SharedQuery>(shared);
  const [reveal, setReveal] = useState({ on: false, reason: '' });
  // Running the query shown again (the address unchanged) asks for a new answer.
  const [runs, setRuns] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  const isAdmin = user.roles.includes('admin');
  const revealing = isAdmin && reveal.on;

  // A new address (a link opened, back and forward) shows its query in the editor.
  useEffect(() => setDraft(shared), [shared.q, shared.asOf]);

  useEffect(() => {
    if (!shared.q) return setOutcome({ kind: 'idle' });
    let current = true;
    setOutcome({ kind: 'running' });
    const personal = revealing ? { reveal: true, reason: reveal.reason } : {};
    call(server.analyst.sql.$post({ json: { sql: shared.q, ...(shared.asOf && { asOf: shared.asOf }), ...personal } }))
      .then(
        (result): Outcome => ({ kind: 'done', result }),
        (error: unknown): Outcome =>
          error instanceof ApiError && error.status === 400
            ? { kind: 'refused', message: error.message }
            : { kind: 'failed', message: error instanceof ApiError ? error.message : t`The query could not be run` },
      )
      .then((next) => current && setOutcome(next));
    return () => {
      current = false;
    };
    // Reveal applies from the next run: ticking it does not run the query again.
  }, [shared.q, shared.asOf, runs]);

  function run(event: { preventDefault(): void }) {
    event.preventDefault();
    const href = analystHref(draft);
    if (href === analystHref(shared)) setRuns(runs + 1);
    else navigate(href);
  }

  // Ctrl+Enter (Cmd+Enter on a Mac) runs the query from the editor.
  function runOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) run(event);
  }

  const write = (sql: string) => {
    setDraft({ ...draft, q: sql });
    form.current?.querySelector('textarea')?.focus();
  };

  return (
    <>
      <form ref={form} noValidate onSubmit={run} className="grid gap-3" aria-label={t`Query`}>
        <TextAreaField
          label={t`SQL`}
          name="q"
          rows={6}
          spellCheck={false}
          className="[&_textarea]:font-mono"
          translate="no"
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          onKeyDown={runOnCtrlEnter}
          placeholder={EXAMPLES[0]!.sql}
        />
        <div className="flex flex-wrap items-start gap-3">
          <Field
            label={t`As of (a time or a log position)`}
            name="asOf"
            className="w-full sm:w-72"
            value={draft.asOf}
            placeholder={t`2026-10-01 or 12345`}
            onChange={(event) => setDraft({ ...draft, asOf: event.target.value })}
          />
          <div className="flex flex-wrap gap-2 sm:mt-6">
            <button type="submit" className="btn btn-primary" disabled={outcome.kind === 'running'}>
              {outcome.kind === 'running' ? t`Running...` : t`Run`}
            </button>
            {shared.q && (
              <a
                className="btn btn-outline"
                href={server.analyst.sql.csv.$path({
                  query: { sql: shared.q, ...(shared.asOf && { asOf: shared.asOf }) },
                })}
                download
              >
                <Trans>Download CSV</Trans>
              </a>
            )}
          </div>
        </div>
        <p className="-mt-2 text-sm text-base-content/70">
          <Trans>Ctrl+Enter runs the query. The address keeps it, to share.</Trans>
        </p>
        {isAdmin && <RevealFields reveal={reveal} onChange={setReveal} />}
      </form>
      <Examples onPick={write} />
      <section aria-label={t`Result`} aria-busy={outcome.kind === 'running'} className="mt-6">
        <Answer outcome={outcome} revealed={revealing} />
      </section>
      <section aria-labelledby="catalog-title" className="mt-10">
        <h2 id="catalog-title" className="sr-only">
          <Trans>Events</Trans>
        </h2>
        <EventCatalog
          onPick={{ label: (type) => t`Query ${type}`, pick: (type, catalogued) => write(typeQuery(type, catalogued)) }}
        />
      </section>
    </>
  );
}

/** An admin's explicit request for personal data: a reason, recorded with each query run with it. */
function RevealFields({
  reveal,
  onChange,
}: {
  reveal: { on: boolean; reason: string };
  onChange: (next: { on: boolean; reason: string }) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <fieldset className="rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">
        <Trans>Personal data (admins)</Trans>
      </legend>
      <label htmlFor={id} className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={reveal.on}
          onChange={(event) => onChange({ ...reveal, on: event.target.checked })}
        />
        <Trans>Show personal data as recorded (each query is recorded with your reason)</Trans>
      </label>
      {reveal.on && (
        <Field
          label={t`Reason`}
          name="reason"
          className="mt-2"
          value={reveal.reason}
          maxLength={500}
          onChange={(event) => onChange({ ...reveal, reason: event.target.value })}
        />
      )}
    </fieldset>
  );
}

function Examples({ onPick }: { onPick: (sql: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <span className="text-sm text-base-content/80">
        <Trans>Start from:</Trans>
      </span>
      {EXAMPLES.map((example) => (
        <button key={example.sql} type="button" className="btn btn-ghost btn-sm" onClick={() => onPick(example.sql)}>
          {t(example.label)}
        </button>
      ))}
    </div>
  );
}

function Answer({ outcome, revealed }: { outcome: Outcome; revealed: boolean }) {
  const { t } = useLingui();
  switch (outcome.kind) {
    case 'idle':
      return (
        <p className="text-base-content/80">
          <Trans>Write a query, or start from an example or an event type below.</Trans>
        </p>
      );
    case 'running':
      return <span className="loading loading-spinner" aria-label={t`Running the query`} />;
    case 'refused':
    case 'failed': {
      const { message } = outcome;
      return (
        <Alert tone="error">
          <span>{outcome.kind === 'refused' ? t`Refused: ${message}` : message}</span>
        </Alert>
      );
    }
    case 'done': {
      const { result } = outcome;
      const rows = result.rows.length;
      const ms = result.ms;
      const position = formatNumber(result.position);
      const shownRows = formatNumber(rows);
      return (
        <>
          <p className="mb-2 text-sm text-base-content/80" role="status">
            {revealed
              ? plural(rows, {
                  one: `# row in ${ms} ms, as of log position ${position} (personal data shown; the CSV file stays pseudonymized).`,
                  other: `# rows in ${ms} ms, as of log position ${position} (personal data shown; the CSV file stays pseudonymized).`,
                })
              : plural(rows, {
                  one: `# row in ${ms} ms, as of log position ${position}.`,
                  other: `# rows in ${ms} ms, as of log position ${position}.`,
                })}
          </p>
          {result.truncated && (
            <Alert tone="info" className="mb-2">
              <Trans>
                The answer had more rows than the row limit: these are its first {shownRows}. Add a limit or an
                aggregate to see the rest.
              </Trans>
            </Alert>
          )}
          <ResultTable result={result} />
        </>
      );
    }
  }
}
