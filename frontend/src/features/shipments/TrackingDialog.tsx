import { useState } from 'react';
import {
  CARRIERS,
  CARRIER_IDS,
  type CarrierId,
  normaliseAwb,
  trackingUrlOf,
} from '../../../../domain/shipment/carriers.ts';
import { trackingInputSchema } from '../../../../domain/shipment/schemas.ts';
import { fieldErrors } from '../../../../domain/fields.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Field, SelectField } from '../../components/Field.tsx';
import type { FieldErrors } from '../../forms.ts';
import { setTracking } from './tracking.ts';
import type { Shipment, TrackingChange } from './types.ts';

const carrierLabel = (carrier: CarrierId) => (carrier === 'other' ? 'Other courier' : CARRIERS[carrier].name);

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
  const [carrier, setCarrier] = useState<CarrierId>(shipment?.carrier ?? 'delhivery');
  const [awb, setAwb] = useState(shipment?.awb ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const preview = awb.trim() ? trackingUrlOf(carrier, normaliseAwb(awb)) : null;

  async function save(form: FormData) {
    const input = Object.fromEntries(form);
    const parsed = trackingInputSchema.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      onSaved(await setTracking(sellerOrderId, parsed.data));
    } catch (error) {
      setErrors(
        error instanceof ApiError && Object.keys(error.fields).length > 0
          ? error.fields
          : { awb: (error as Error).message },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={shipment ? 'Correct tracking' : 'Add tracking'}
      confirmLabel="Save tracking"
      busyLabel="Saving..."
      busy={busy}
      onConfirm={(form) => void save(form)}
      onClose={onClose}
    >
      <SelectField
        label="Courier"
        name="carrier"
        value={carrier}
        onChange={(event) => setCarrier(event.target.value as CarrierId)}
        error={errors.carrier}
      >
        {CARRIER_IDS.map((id) => (
          <option key={id} value={id}>
            {carrierLabel(id)}
          </option>
        ))}
      </SelectField>
      <Field
        label="Tracking number"
        name="awb"
        value={awb}
        onChange={(event) => setAwb(event.target.value)}
        autoComplete="off"
        error={errors.awb}
      />
      {carrier === 'other' ? (
        <>
          <Field
            label="Courier name"
            name="carrierName"
            defaultValue={shipment?.carrierName}
            error={errors.carrierName}
          />
          <Field
            label="Tracking link"
            name="trackingUrl"
            type="url"
            defaultValue={shipment?.carrier === 'other' ? shipment.trackingUrl : ''}
            error={errors.trackingUrl}
          />
        </>
      ) : (
        <p className="text-sm text-base-content/80">
          The buyer's link:{' '}
          {preview ? (
            <a href={preview} target="_blank" rel="noopener noreferrer" className="link break-all">
              {preview}
            </a>
          ) : (
            'type the tracking number'
          )}
        </p>
      )}
    </ConfirmDialog>
  );
}
