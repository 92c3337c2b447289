import { useState } from 'react';
import { fieldErrors } from '../../../../domain/fields.ts';
import {
  CARRIERS,
  CARRIER_IDS,
  type CarrierId,
  normaliseAwb,
  trackingUrlOf,
} from '../../../../domain/shipment/carriers.ts';
import { type TrackingInput, trackingInputSchema } from '../../../../domain/shipment/schemas.ts';
import { ApiError } from '../../api/client.ts';
import { Field, SelectField } from '../../components/Field.tsx';
import type { FieldErrors } from '../../forms.ts';
import type { Shipment } from './types.ts';

const carrierLabel = (carrier: CarrierId) => (carrier === 'other' ? 'Other courier' : CARRIERS[carrier].name);

/** A form's tracking fields, checked as the server checks them. */
export function parseTracking(
  form: FormData,
): { success: true; tracking: TrackingInput } | { success: false; errors: FieldErrors } {
  const parsed = trackingInputSchema.safeParse(Object.fromEntries(form));
  return parsed.success
    ? { success: true, tracking: parsed.data }
    : { success: false, errors: fieldErrors(parsed.error) };
}

/** What the server refused in the tracking, under its fields (under the number when it names none). */
export function trackingErrorsOf(error: unknown): FieldErrors {
  const fields = error instanceof ApiError ? error.fields : {};
  const tracking = Object.fromEntries(
    Object.entries(fields).map(([name, message]) => [name.replace(/^tracking\./, ''), message]),
  );
  return Object.keys(tracking).length > 0 ? tracking : { awb: (error as Error).message };
}

/**
 * The courier, its tracking number and, for another courier, its name and link; the link the
 * buyer will follow is shown as the number is typed.
 */
export function TrackingFields({ shipment, errors }: { shipment: Shipment; errors: FieldErrors }) {
  const [carrier, setCarrier] = useState<CarrierId>(shipment?.carrier ?? 'delhivery');
  const [awb, setAwb] = useState(shipment?.awb ?? '');
  const preview = awb.trim() ? trackingUrlOf(carrier, normaliseAwb(awb)) : null;
  return (
    <>
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
    </>
  );
}
