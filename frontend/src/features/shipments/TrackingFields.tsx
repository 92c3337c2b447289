import { useState } from 'react';
import { fieldErrors } from '../../../../domain/fields.ts';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

const carrierLabel = (carrier: CarrierId) =>
  carrier === 'other' ? i18n._(msg`Other courier`) : CARRIERS[carrier].name;

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
  const { t } = useLingui();
  const [carrier, setCarrier] = useState<CarrierId>(shipment?.carrier ?? 'delhivery');
  const [awb, setAwb] = useState(shipment?.awb ?? '');
  const preview = awb.trim() ? trackingUrlOf(carrier, normaliseAwb(awb)) : null;
  return (
    <>
      <SelectField
        label={t`Courier`}
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
        label={t`Tracking number`}
        name="awb"
        value={awb}
        onChange={(event) => setAwb(event.target.value)}
        autoComplete="off"
        error={errors.awb}
      />
      {carrier === 'other' ? (
        <>
          <Field
            label={t`Courier name`}
            name="carrierName"
            defaultValue={shipment?.carrierName}
            error={errors.carrierName}
          />
          <Field
            label={t`Tracking link`}
            name="trackingUrl"
            type="url"
            defaultValue={shipment?.carrier === 'other' ? shipment.trackingUrl : ''}
            error={errors.trackingUrl}
          />
        </>
      ) : (
        <p className="text-sm text-base-content/80">
          <Trans>The buyer's link:</Trans>{' '}
          {preview ? (
            <a href={preview} target="_blank" rel="noopener noreferrer" className="link break-all">
              {preview}
            </a>
          ) : (
            t`type the tracking number`
          )}
        </p>
      )}
    </>
  );
}
