import { type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { ConfirmDialog } from './Dialog.tsx';
import { ReasonField } from './ReasonField.tsx';

export interface ReasonDialogProps<Reason extends string | null> {
  title: string;
  /** What confirming does. */
  children: ReactNode;
  /** The field's label: 'Reason', or 'Note (optional)' where the API takes none. */
  label: string;
  /** The body schema of the API (domain/), which says whether a reason is required. */
  schema: ZodType<{ reason: Reason }>;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  /** Runs the command with the checked reason; the caller closes the dialog when it worked. */
  onConfirm: (reason: Reason) => Promise<void>;
  onClose: () => void;
}

/** A confirmation that asks why, checked with the API's own rules before it is sent. Mount it to open it. */
export function ReasonDialog<Reason extends string | null>({
  title,
  children,
  label,
  schema,
  onConfirm,
  ...dialog
}: ReasonDialogProps<Reason>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const required = !schema.safeParse({ reason: '' }).success;

  async function confirm(form: FormData) {
    const parsed = schema.safeParse({ reason: form.get('reason') });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    await onConfirm(parsed.data.reason);
    setBusy(false);
  }

  return (
    <ConfirmDialog title={title} busy={busy} onConfirm={confirm} {...dialog}>
      <div className="mb-4">{children}</div>
      <ReasonField label={label} required={required} error={error} />
    </ConfirmDialog>
  );
}
