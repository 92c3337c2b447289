/** Recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I have saved my recovery codes',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  return (
    <section aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" className="mb-2 text-lg font-semibold">
        Your recovery codes
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        Keep these somewhere safe, such as a password manager or a printout. If you lose your phone, each code signs you
        in once. They will not be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mb-4 grid grid-cols-1 gap-1 rounded-box bg-base-200 p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <button type="button" className="btn btn-primary w-full" onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}
