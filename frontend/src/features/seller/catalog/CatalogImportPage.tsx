import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { ApiError, call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Alert } from '../../../components/Alert.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { formatNumber } from '../../../format.ts';
import { loginHref } from '../../../links.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { session, sessionKnown } from '../../../state/session.ts';
import { fieldLabel } from '../history/fieldWords.ts';
import type { CheckedImport, PlannedRow } from './types.ts';
import {
  ACTION_TONES,
  ACTION_WORDS,
  doneCounts,
  importButton,
  plannedCounts,
  rowCount,
  rowsToImport,
} from './words.ts';

const DASHBOARD = '/dashboard/seller';

/**
 * /dashboard/seller/catalog: the seller's catalog as CSV. Download it; upload a file to check
 * it (the dry run: what each row would do, or why it is refused), then import it and follow
 * its progress live, ending with the rows to look at.
 */
export default function CatalogImportPage() {
  useSignals();
  const [path] = useLocation();
  const user = session.value;
  if (sessionKnown.value && !user) return <Redirect to={loginHref(path)} replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href={DASHBOARD} className="link link-hover inline-flex items-center gap-1 text-sm">
        <span aria-hidden="true">←</span> <Trans>Seller Dashboard</Trans>
      </Link>
      <header className="mt-2 mb-8">
        <h1 className="text-3xl font-bold">
          <Trans>Import and Export Products</Trans>
        </h1>
        <p className="mt-1 text-base-content/80">
          <Trans>Your catalog as a spreadsheet: one row per product. Download it, change it, and upload it back.</Trans>
        </p>
      </header>
      <section aria-labelledby="export-title" className="mb-8 rounded-box border border-base-300 p-4">
        <h2 id="export-title" className="font-semibold">
          <Trans>Export</Trans>
        </h2>
        <p className="mt-1 text-sm text-base-content/80">
          <Trans>
            Every product you sell, with its id: keep the id to update the product when you import the file.
          </Trans>
        </p>
        <a className="btn btn-outline mt-3" href="/api/seller/catalog/csv" download>
          <Icon name="layers" className="size-4" /> <Trans>Download catalog (CSV)</Trans>
        </a>
      </section>
      {user && <ImportSection key={user.id} />}
    </div>
  );
}

type Step = { kind: 'choose' } | { kind: 'checked'; report: CheckedImport } | { kind: 'running'; importId: string };

function ImportSection() {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  return (
    <section aria-labelledby="import-title" className="rounded-box border border-base-300 p-4">
      <h2 id="import-title" className="font-semibold">
        <Trans>Import</Trans>
      </h2>
      <p className="mt-1 text-sm text-base-content/80">
        <Trans>
          A row per product, or per variant of a product with options (its sku and option1_name, option1_value… up to
          three; its own variant_made_to_order_days, 0 when it ships from stock, and variant_image_urls among the
          product's images). Keep product_id or the SKU to update a product; a new product with options takes the rows
          of its name. Nothing changes until you confirm.
        </Trans>
      </p>
      {step.kind === 'choose' && <FileForm onChecked={(report) => setStep({ kind: 'checked', report })} />}
      {step.kind === 'checked' && (
        <CheckedReport
          report={step.report}
          onConfirmed={() => setStep({ kind: 'running', importId: step.report.id })}
          onCancel={() => setStep({ kind: 'choose' })}
        />
      )}
      {step.kind === 'running' && (
        <ImportProgress importId={step.importId} onAgain={() => setStep({ kind: 'choose' })} />
      )}
    </section>
  );
}

function FileForm({ onChecked }: { onChecked: (report: CheckedImport) => void }) {
  const { t } = useLingui();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) {
      setProblem(t`Choose a CSV file`);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onChecked(await call(server.seller.catalog.imports.$post({ form: { file } })));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t`The file could not be checked`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-4">
      <label className="form-control" htmlFor={inputId}>
        <span className="label-text mb-1">
          <Trans>Catalog file (CSV)</Trans>
        </span>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className={`file-input file-input-bordered ${problem ? 'file-input-error' : ''}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />} <Trans>Check file</Trans>
      </button>
      {problem && (
        <p id={`${inputId}-problem`} role="alert" className="basis-full text-sm text-error">
          {problem}
        </p>
      )}
    </form>
  );
}

function CheckedReport({
  report,
  onConfirmed,
  onCancel,
}: {
  report: CheckedImport;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const rows = rowsToImport(report);
  const fileName = report.fileName;

  async function confirm() {
    setBusy(true);
    setProblem(null);
    try {
      await call(server.seller.catalog.imports[':id'].confirm.$post({ param: { id: encodeURIComponent(report.id) } }));
      onConfirmed();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : t`The import could not start`);
      setBusy(false);
    }
  }

  return (
    <div className="mt-4">
      <h3 className="font-semibold">
        <Trans>
          Check of <span dir="auto">{fileName}</span>
        </Trans>
      </h3>
      <p className="mt-1" role="status">
        {rowCount(report.rows.length)}: {plannedCounts(report)}.
      </p>
      <RowTable rows={report.rows} />
      {problem && (
        <Alert tone="error" className="mt-3">
          {problem}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={busy || rows === 0} onClick={() => void confirm()}>
          {importButton(report)}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
          <Trans>Choose another file</Trans>
        </button>
      </div>
    </div>
  );
}

/** What each row would do: the fields an update changes, or why a row is refused. */
function RowTable({ rows }: { rows: readonly PlannedRow[] }) {
  const { t } = useLingui();
  return (
    <ScrollBox label={t`What importing each row would do`}>
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Row</Trans>
            </th>
            <th scope="col">
              <Trans>Product</Trans>
            </th>
            <th scope="col">
              <Trans>Result</Trans>
            </th>
            <th scope="col">
              <Trans>Details</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.row}>
              <td>{formatNumber(row.row)}</td>
              <td dir="auto">{row.name || '—'}</td>
              <td>
                <span className={`badge ${ACTION_TONES[row.action]}`}>{t(ACTION_WORDS[row.action])}</span>
              </td>
              <td className="text-sm">
                <RowDetails row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A long table in a box of its own height, scrolled with the keyboard too. */
function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      tabIndex={0}
      className="mt-3 max-h-[32rem] overflow-auto rounded-box border border-base-300"
    >
      {children}
    </section>
  );
}

function RowDetails({ row }: { row: PlannedRow }) {
  if (row.action === 'refuse')
    return (
      <ul>
        {row.problems.map((problem) => (
          <li key={problem.column}>
            <span className="font-mono">{problem.column}</span>: {problem.message}
          </li>
        ))}
      </ul>
    );
  if (row.action !== 'update') return null;
  return (
    <ul>
      {row.changes.map((change) => (
        <li key={change.field}>
          {fieldLabel(change.field)}: <span dir="auto">{change.before}</span> → <span dir="auto">{change.after}</span>
        </li>
      ))}
      {row.review && (
        <li className="text-base-content/80">
          <Trans>Content changes wait for an admin's review.</Trans>
        </li>
      )}
    </ul>
  );
}

/** The import's progress, live, then its result and the rows to look at. */
function ImportProgress({ importId, onAgain }: { importId: string; onAgain: () => void }) {
  const { t } = useLingui();
  const param = { id: encodeURIComponent(importId) };
  const resource = useApiGet(
    (options) => server.seller.catalog.imports[':id'].$get({ param }, options),
    [importId],
    t`Error fetching the import`,
    { live: true },
  );
  // Progress comes without the notes: the finished import is read once whole.
  useLiveEvent('catalogImport.progress', (data) => {
    if (data.id !== importId) return;
    resource.update((current) => ({ ...current, ...data }));
    if (data.status === 'finished') void resource.reload();
  });

  if (resource.failed) return <LoadFailed what={t`the import's progress`} onRetry={() => void resource.reload()} />;
  const progress = resource.data;
  const result = progress?.status === 'finished' ? progress : null;
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const totalRows = formatNumber(total);
  const doneRows = rowCount(done);
  return (
    <div className="mt-4">
      <label className="block">
        <span className="font-semibold">{result ? t`Import finished` : t`Importing…`}</span>
        <progress className="progress progress-primary mt-2 w-full" value={done} max={Math.max(total, 1)} />
      </label>
      <p className="mt-1 text-sm" role="status">
        <Trans>
          {doneRows} of {totalRows} done
        </Trans>
        {progress && progress.done > 0 ? `: ${doneCounts(progress)}` : ''}.
      </p>
      {result && (
        <>
          {result.notes.length > 0 && (
            <ScrollBox label={t`Rows to look at`}>
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Row</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Product</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Result</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Why</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.notes.map((note) => (
                    <tr key={note.row}>
                      <td>{formatNumber(note.row)}</td>
                      <td dir="auto">{note.name || '—'}</td>
                      <td>{note.outcome === 'refused' ? t(ACTION_WORDS.refuse) : t`Waits for review`}</td>
                      <td className="text-sm">{note.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Link href={DASHBOARD} className="btn btn-primary">
              <Trans>See your products</Trans>
            </Link>
            <button type="button" className="btn btn-ghost" onClick={onAgain}>
              <Trans>Import another file</Trans>
            </button>
          </div>
        </>
      )}
    </div>
  );
}
