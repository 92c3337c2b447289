import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { cancelReasonSchema, changePartStatus, partLabel } from './orders.ts';
import type { OrderPart, SellerOrderChange } from './types.ts';

interface CancelPartDialogProps {
  part: Pick<OrderPart, 'id' | 'shortId'>;
  /** What cancelling does, as the reader of the dialog sees it. */
  children: ReactNode;
  /** Gets the seller order after the cancel and the log position it reached. */
  onCancelled: (result: SellerOrderChange) => void;
  onClose: () => void;
}

/** Asks for a reason, then cancels one seller's part of a purchase (its own status machine). Mount it to open it. */
export function CancelPartDialog({ part, children, onCancelled, onClose }: CancelPartDialogProps) {
  const { t } = useLingui();
  const label = partLabel(part);
  async function cancel(reason: string) {
    const result = await changePartStatus(part, { status: 'cancelled', reason });
    if (result) onCancelled(result);
  }

  return (
    <ReasonDialog
      title={t`Cancel order ${label}?`}
      label={t`Reason for cancelling`}
      schema={cancelReasonSchema}
      confirmLabel={t`Cancel order`}
      busyLabel={t`Cancelling...`}
      destructive
      onConfirm={cancel}
      onClose={onClose}
    >
      {children}
    </ReasonDialog>
  );
}
