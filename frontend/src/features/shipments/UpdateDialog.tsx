import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TRACKING_UPDATES } from '../../../../domain/shipment/events.ts';
import { shipmentUpdateSchema } from '../../../../domain/shipment/schemas.ts';
import { fieldErrors } from '../../../../domain/fields.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Field, SelectField } from '../../components/Field.tsx';
import type { FieldErrors } from '../../forms.ts';
import { addUpdate } from './tracking.ts';
import type { TrackingChange } from './types.ts';
import { TRACKING_UPDATE_NAMES } from './updateLabels.ts';

/** The seller adds a step of the parcel's journey by hand; Delivered delivers the order. */
export function UpdateDialog({
  sellerOrderId,
  onSaved,
  onClose,
}: {
  sellerOrderId: string;
  onSaved: (result: TrackingChange) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function save(form: FormData) {
    const parsed = shipmentUpdateSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      onSaved(await addUpdate(sellerOrderId, parsed.data));
    } catch (error) {
      setErrors(
        error instanceof ApiError && Object.keys(error.fields).length > 0
          ? error.fields
          : { update: (error as Error).message },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={t`Add tracking update`}
      confirmLabel={t`Add update`}
      busyLabel={t`Adding...`}
      busy={busy}
      onConfirm={(form) => void save(form)}
      onClose={onClose}
    >
      <SelectField label={t`What happened`} name="update" error={errors.update}>
        {TRACKING_UPDATES.map((update) => (
          <option key={update} value={update}>
            {t(TRACKING_UPDATE_NAMES[update])}
          </option>
        ))}
      </SelectField>
      <Field label={t`Location (optional)`} name="location" error={errors.location} />
      <p className="text-sm text-base-content/80">
        <Trans>Delivered delivers the order: it cannot be undone.</Trans>
      </p>
    </ConfirmDialog>
  );
}
