import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from '../../state/toasts.ts';

/** The codes as a text file keeps them: a line saying what they are, then one code a line. */
const codesText = (heading: string, codes: readonly string[]) => `${heading}\n\n${codes.join('\n')}\n`;

/** Saves `text` as a file named `name`, through the browser's own download. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  URL.revokeObjectURL(url);
}

/** Recovery codes, shown once (the server keeps only their hashes), to copy or download. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const text = codesText(
    t`MIBI recovery codes: each signs you in once, in place of a code from your authenticator app.`,
    codes,
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({
        title: t`Could not copy the codes`,
        description: t`Download them, or select and copy them.`,
        tone: 'error',
      });
    }
  }

  return (
    <section aria-labelledby="recovery-codes-heading">
      <h2 id="recovery-codes-heading" className="mb-2 text-lg font-semibold">
        <Trans>Your recovery codes</Trans>
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        <Trans>
          Keep these somewhere safe, such as a password manager or a printout. If you lose your phone, each code signs
          you in once. They will not be shown again.
        </Trans>
      </p>
      <ol
        aria-label={t`Recovery codes`}
        className="mb-3 grid grid-cols-1 gap-1 rounded-box bg-base-200 p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mb-4 grid grid-cols-2 gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={copy}>
          {copied ? t`Copied` : t`Copy codes`}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => download('mibi-recovery-codes.txt', text)}
        >
          <Trans>Download codes</Trans>
        </button>
      </div>
      <p role="status" className="sr-only">
        {copied ? t`Recovery codes copied` : ''}
      </p>
      <button type="button" className="btn btn-primary w-full" onClick={onDone}>
        {doneLabel ?? t`I have saved my recovery codes`}
      </button>
    </section>
  );
}
