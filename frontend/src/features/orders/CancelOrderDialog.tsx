import { useState } from 'react';
import { orderStatusChangeSchema } from '../../../../domain/order/schemas.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { TextAreaField } from '../../components/Field.tsx';
import { changeOrderStatus, orderLabel } from './orders.ts';
import type { Order } from './types.ts';

interface CancelOrderDialogProps {
  orderId: string;
  onCancelled: (order: Order) => void;
  onClose: () => void;
}

/** Asks for a reason, then cancels the order; `onCancelled` gets the order after it. Mount it to open it. */
export function CancelOrderDialog({ orderId, onCancelled, onClose }: CancelOrderDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function confirm(form: FormData) {
    const parsed = orderStatusChangeSchema.safeParse({ status: 'cancelled', reason: form.get('reason') });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    const order = await changeOrderStatus(orderId, parsed.data);
    setBusy(false);
    if (order) onCancelled(order);
  }

  return (
    <ConfirmDialog
      title={`Cancel order ${orderLabel(orderId)}?`}
      confirmLabel="Cancel order"
      busyLabel="Cancelling..."
      busy={busy}
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="mb-4">The order will not be delivered, and its items go back into stock. This cannot be undone.</p>
      <TextAreaField label="Reason for cancelling" name="reason" rows={2} maxLength={500} required error={error} />
    </ConfirmDialog>
  );
}
