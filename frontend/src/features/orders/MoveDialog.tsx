import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { type ForwardStatus, changePartStatus, partLabel } from './orders.ts';
import { MARK_LABELS, STATUS_WORDS } from './statusWords.ts';
import type { OrderPart, SellerOrderChange } from './types.ts';

/**
 * What each move does, as its confirmation says it: the buyer sees it; processing and shipped
 * can be undone for a few minutes (STATUS_UNDO_MINUTES), a delivery is final. `earning` names
 * whose earning a delivery books, as the reader says it ('Your earning', "The seller's earning").
 */
export function moveConsequence(to: ForwardStatus, earning: string): string {
  switch (to) {
    case 'processing':
      return i18n._(
        msg`The buyer sees that the order is being prepared and can no longer cancel it. You can undo this for a few minutes.`,
      );
    case 'shipped':
      return i18n._(msg`The buyer sees that the order is on its way. You can undo this for a few minutes.`);
    case 'delivered':
      return i18n._(
        msg`${earning} on it, less commission, is booked in the ledger, and the buyer can ask for a return and write reviews. This cannot be undone.`,
      );
  }
}

interface MoveDialogProps {
  part: Pick<OrderPart, 'id' | 'shortId'>;
  to: ForwardStatus;
  /** Whose earning a delivery books, as the reader says it. */
  earning: string;
  /** Gets the seller order after the move and the log position it reached. */
  onMoved: (result: SellerOrderChange) => void;
  onClose: () => void;
}

/** Says what a move will do before making it. Mount it to open it. */
export function MoveDialog({ part, to, earning, onMoved, onClose }: MoveDialogProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const label = partLabel(part);
  const status = t(STATUS_WORDS[to]);

  async function move() {
    setBusy(true);
    const result = await changePartStatus(part, { status: to });
    setBusy(false);
    if (result) onMoved(result);
  }

  return (
    <ConfirmDialog
      title={t`Mark order ${label} ${status}?`}
      confirmLabel={t(MARK_LABELS[to])}
      busyLabel={t`Updating...`}
      busy={busy}
      onConfirm={() => void move()}
      onClose={onClose}
    >
      <p>{moveConsequence(to, earning)}</p>
    </ConfirmDialog>
  );
}
