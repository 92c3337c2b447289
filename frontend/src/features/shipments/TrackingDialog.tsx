import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import type { FieldErrors } from '../../forms.ts';
import { setTracking } from './tracking.ts';
import { TrackingFields, parseTracking, trackingErrorsOf } from './TrackingFields.tsx';
import type { Shipment, TrackingChange } from './types.ts';

/**
 * The seller gives a shipped order's tracking, or corrects it: the courier, its tracking number
 * (checked as the server checks it) and, for another courier, its name and link; the link the
 * buyer will follow is shown as it is typed.
 */
export function TrackingDialog({
  sellerOrderId,
  shipment,
  onSaved,
  onClose,
}: {
  sellerOrderId: string;
  shipment: Shipment;
  onSaved: (result: TrackingChange) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function save(form: FormData) {
    const parsed = parseTracking(form);
    if (!parsed.success) return setErrors(parsed.errors);
    setErrors({});
    setBusy(true);
    try {
      onSaved(await setTracking(sellerOrderId, parsed.tracking));
    } catch (error) {
      setErrors(trackingErrorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={shipment ? t`Correct tracking` : t`Add tracking`}
      confirmLabel={t`Save tracking`}
      busyLabel={t`Saving...`}
      busy={busy}
      onConfirm={(form) => void save(form)}
      onClose={onClose}
    >
      <TrackingFields shipment={shipment} errors={errors} />
    </ConfirmDialog>
  );
}
