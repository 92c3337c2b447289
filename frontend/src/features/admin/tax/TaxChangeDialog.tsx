import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../../../domain/fields.ts';
import { parseRupees } from '../../../../../domain/money.ts';
import {
  categoryTaxDefaultChangeSchema,
  gstSlabsChangeSchema,
  serviceRateChangeSchema,
  tcsRateChangeSchema,
} from '../../../../../domain/tax/policy-schemas.ts';
import type { Service } from '../../../../../domain/tax/policy.ts';
import { formatRate } from '../../../../../domain/tax/rates.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { Field, SelectField } from '../../../components/Field.tsx';

/** "0.5" (percent) -> 50 basis points; NaN for text that is no percent with at most two decimals. */
const basisPointsOf = (percent: string): number => parseRupees(percent.trim()) ?? Number.NaN;

/** What is changed: the GST slabs, the TCS rate, a category's defaults (with the slabs it may choose from), or a service of MIBI's. */
export type TaxChange =
  | { kind: 'gst'; slabsBps: number[] }
  | { kind: 'tcs'; rateBps: number | null }
  | { kind: 'category'; categoryId: string; name: string; hsn: string; gstRateBps: number; slabsBps: number[] }
  | { kind: 'service'; service: Service; name: string; sac: string; rateBps: number | null };

export type TaxChangeBody =
  | { kind: 'gst'; body: z.output<typeof gstSlabsChangeSchema> }
  | { kind: 'tcs'; body: z.output<typeof tcsRateChangeSchema> }
  | { kind: 'category'; categoryId: string; body: z.output<typeof categoryTaxDefaultChangeSchema> }
  | { kind: 'service'; service: Service; body: z.output<typeof serviceRateChangeSchema> };

function titleOf(change: TaxChange): string {
  if (change.kind === 'gst') return t`Change the GST rates?`;
  if (change.kind === 'tcs') return t`Change the TCS rate?`;
  const name = change.name;
  return change.kind === 'category' ? t`Change the tax defaults of ${name}?` : t`Change the GST on ${name}?`;
}

/** The body of the change from the form's texts, or the errors by field. */
function parse(change: TaxChange, form: FormData): { change: TaxChangeBody } | { errors: Record<string, string> } {
  const text = (name: string) => String(form.get(name) ?? '');
  const common = { effectiveFrom: text('effectiveFrom'), source: text('source') };
  if (change.kind === 'gst') {
    const slabsBps = text('slabs')
      .split(',')
      .filter((part) => part.trim() !== '')
      .map(basisPointsOf);
    const result = gstSlabsChangeSchema.safeParse({ ...common, slabsBps });
    return result.success ? { change: { kind: 'gst', body: result.data } } : { errors: fieldErrors(result.error) };
  }
  if (change.kind === 'tcs') {
    const result = tcsRateChangeSchema.safeParse({ ...common, rateBps: basisPointsOf(text('rate')) });
    return result.success ? { change: { kind: 'tcs', body: result.data } } : { errors: fieldErrors(result.error) };
  }
  if (change.kind === 'service') {
    const result = serviceRateChangeSchema.safeParse({
      ...common,
      sac: text('sac'),
      rateBps: basisPointsOf(text('rate')),
    });
    return result.success
      ? { change: { kind: 'service', service: change.service, body: result.data } }
      : { errors: fieldErrors(result.error) };
  }
  const result = categoryTaxDefaultChangeSchema.safeParse({
    ...common,
    hsn: text('hsn'),
    gstRateBps: Number(text('gstRateBps')),
  });
  return result.success
    ? { change: { kind: 'category', categoryId: change.categoryId, body: result.data } }
    : { errors: fieldErrors(result.error) };
}

interface TaxChangeDialogProps {
  change: TaxChange;
  /** Today in India: the first day a change may apply to. */
  today: string;
  /** Sends the change; the caller closes the dialog when it worked. */
  onConfirm: (change: TaxChangeBody) => Promise<void>;
  onClose: () => void;
}

/** A change of the tax policy: its value, its first day (today or later) and its source. Mount it to open it. */
export function TaxChangeDialog({ change, today, onConfirm, onClose }: TaxChangeDialogProps) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function confirm(form: FormData) {
    const parsed = parse(change, form);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    await onConfirm(parsed.change);
    setBusy(false);
  }

  return (
    <ConfirmDialog
      title={titleOf(change)}
      confirmLabel={t`Save change`}
      busyLabel={t`Saving...`}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="mb-3">
        {change.kind === 'category' ? (
          <Trans>
            A change applies from its first day on; what happened before keeps the rates of its day. Products keep the
            tax data they have; new ones get these defaults.
          </Trans>
        ) : (
          <Trans>A change applies from its first day on; what happened before keeps the rates of its day.</Trans>
        )}
      </p>
      {change.kind === 'gst' && (
        <Field
          label={t`GST rates (%, comma-separated)`}
          name="slabs"
          defaultValue={change.slabsBps.map((bps) => bps / 100).join(', ')}
          error={errors.slabsBps}
        />
      )}
      {change.kind === 'tcs' && (
        <Field
          label={t`TCS rate (%)`}
          name="rate"
          inputMode="decimal"
          defaultValue={change.rateBps === null ? '' : String(change.rateBps / 100)}
          error={errors.rateBps}
        />
      )}
      {change.kind === 'service' && (
        <>
          <Field
            label={t`SAC Code`}
            name="sac"
            inputMode="numeric"
            maxLength={6}
            defaultValue={change.sac}
            error={errors.sac}
          />
          <Field
            label={t`GST rate (%)`}
            name="rate"
            inputMode="decimal"
            defaultValue={change.rateBps === null ? '' : String(change.rateBps / 100)}
            error={errors.rateBps}
          />
        </>
      )}
      {change.kind === 'category' && (
        <>
          <Field
            label={t`HSN Code`}
            name="hsn"
            inputMode="numeric"
            maxLength={8}
            defaultValue={change.hsn}
            error={errors.hsn}
          />
          <SelectField
            label={t`GST Rate`}
            name="gstRateBps"
            defaultValue={String(change.gstRateBps)}
            error={errors.gstRateBps}
          >
            {change.slabsBps.map((bps) => (
              <option key={bps} value={String(bps)}>
                {formatRate(bps)}
              </option>
            ))}
          </SelectField>
        </>
      )}
      <Field
        label={t`Effective from`}
        name="effectiveFrom"
        type="date"
        min={today}
        defaultValue={today}
        error={errors.effectiveFrom}
      />
      <Field
        label={t`Source (notification or circular)`}
        name="source"
        placeholder={t`Notification 9/2025-Central Tax (Rate)`}
        error={errors.source}
      />
    </ConfirmDialog>
  );
}
