import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { changeText } from '../../../../../domain/product/history.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { formatDateTime } from '../../../format.ts';
import { domainText } from '../../../i18n/domain-text.ts';
import { toast } from '../../../state/toasts.ts';
import type { HistoryEntry, RestoreResult } from '../types.ts';
import { fieldLabel } from './fieldWords.ts';
import { restoreVersion } from './historyApi.ts';

interface RestoreDialogProps {
  productId: string;
  /** The entry whose version comes back. */
  entry: HistoryEntry;
  onRestored: (result: RestoreResult) => void;
  onClose: () => void;
}

/** Asks first, then brings the version back as a new edit; the toast says what changed (or that nothing did). */
export function RestoreDialog({ productId, entry, onRestored, onClose }: RestoreDialogProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const when = formatDateTime(entry.at);

  async function restore() {
    setBusy(true);
    try {
      const result = await restoreVersion(productId, entry.position);
      const restored = result.changes.length > 0;
      toast({
        title: domainText(result.message),
        description: restored
          ? result.changes.map((change) => changeText({ ...change, field: fieldLabel(change.field) })).join('; ')
          : undefined,
        tone: restored ? 'success' : 'info',
      });
      onRestored(result);
    } catch (error) {
      toast({ title: t`Error restoring version`, description: (error as Error).message, tone: 'error' });
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={t`Restore this version?`}
      confirmLabel={t`Restore this version`}
      busyLabel={t`Restoring...`}
      busy={busy}
      onConfirm={restore}
      onClose={onClose}
    >
      <p>
        <Trans>
          The name, description, prices, category, images and tags go back to what they were after this change of {when}
          . Stock and status stay as they are.
        </Trans>
      </p>
      <p className="mt-2 text-sm text-base-content/80">
        <Trans>The restore is recorded in the history as a new edit.</Trans>
      </p>
    </ConfirmDialog>
  );
}
