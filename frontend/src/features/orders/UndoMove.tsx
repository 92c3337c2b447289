import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../format.ts';
import { UNDO_LABELS } from './statusWords.ts';
import type { SellerOrder } from './types.ts';

interface UndoMoveProps {
  /** The last move while it may be undone (the seller order's `undo`). */
  undo: SellerOrder['undo'];
  describedBy: string;
  busy: boolean;
  onUndo: (status: NonNullable<SellerOrder['undo']>['status']) => void;
}

/** Whether the window of `undo` is still open: it closes by itself on time. */
function useStillOpen(until: string | undefined): boolean {
  const left = () => (until === undefined ? 0 : Date.parse(until) - Date.now());
  const [open, setOpen] = useState(() => left() > 0);
  useEffect(() => {
    const ms = until === undefined ? 0 : Date.parse(until) - Date.now();
    setOpen(ms > 0);
    if (ms <= 0) return;
    const timer = setTimeout(() => setOpen(false), ms);
    return () => clearTimeout(timer);
  }, [until]);
  return open;
}

/** The Undo of a seller order's last move, until the time the server gave it. */
export function UndoMove({ undo, describedBy, busy, onUndo }: UndoMoveProps) {
  const { t } = useLingui();
  const open = useStillOpen(undo?.until);
  if (!undo || !open) return null;
  const until = formatDateTime(undo.until);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-describedby={describedBy}
        disabled={busy}
        onClick={() => onUndo(undo.status)}
      >
        {t(UNDO_LABELS[undo.status])}
      </button>
      <span className="text-sm text-base-content/80">
        <Trans>until {until}</Trans>
      </span>
    </span>
  );
}
