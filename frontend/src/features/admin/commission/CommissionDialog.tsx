import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { parseRupees } from '../../../../../domain/money.ts';
import { categoryCommissionSchema } from '../../../../../domain/ledger/policy-schemas.ts';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { Field } from '../../../components/Field.tsx';
import { formatRate } from '../../../components/LedgerTable.tsx';
import { ReasonField } from '../../../components/ReasonField.tsx';
import { categoryName } from '../../../i18n/domain-labels.ts';
import type { CategoryPolicy } from '../types.ts';

/** "12.5" (percent) -> 1250 basis points: a percent with two decimals is a whole number of basis points, as rupees are of paise. */
const basisPointsOf = (percent: string): number | null => parseRupees(percent);

/** 1250 -> "12.5": basis points as the text of the percent input. */
const percentText = (bps: number): string => String(bps / 100);

interface CommissionDialogProps {
  category: CategoryPolicy;
  defaultCommissionBps: number;
  /** Runs the change; the caller closes the dialog when it worked. */
  onConfirm: (rateBps: number | null, reason: string) => Promise<void>;
  onClose: () => void;
}

/** A category's commission: a rate in percent, or empty for the default, with the reason for the change. Mount it to open it. */
export function CommissionDialog({ category, defaultCommissionBps, onConfirm, onClose }: CommissionDialogProps) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<{ rate?: string | undefined; reason?: string | undefined }>({});
  const [busy, setBusy] = useState(false);

  async function confirm(form: FormData) {
    const text = String(form.get('rate') ?? '').trim();
    const rateBps = text === '' ? null : basisPointsOf(text);
    const parsed = categoryCommissionSchema.safeParse({
      rateBps: rateBps ?? (text === '' ? null : Number.NaN),
      reason: form.get('reason'),
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'reason') found.reason ??= issue.message;
        else
          found.rate ??= t`Enter a rate from 0 to 100 percent, with at most two decimals, or leave it empty for the default`;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    await onConfirm(parsed.data.rateBps, parsed.data.reason);
    setBusy(false);
  }

  const name = categoryName(category);
  const rate = formatRate(category.effectiveCommissionBps);
  const defaultRate = formatRate(defaultCommissionBps);
  return (
    <ConfirmDialog
      title={t`Change the commission on ${name}?`}
      confirmLabel={t`Change commission`}
      busyLabel={t`Saving...`}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="mb-3">
        {category.commissionBps === null ? (
          <Trans>
            Now {rate} (the default). The new rate applies to orders delivered from now on; what was delivered before
            keeps its rate.
          </Trans>
        ) : (
          <Trans>
            Now {rate}. The new rate applies to orders delivered from now on; what was delivered before keeps its rate.
          </Trans>
        )}
      </p>
      <Field
        label={t`Commission rate (%; empty for the default ${defaultRate})`}
        name="rate"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        max="100"
        defaultValue={category.commissionBps === null ? '' : percentText(category.commissionBps)}
        error={errors.rate}
      />
      <ReasonField label={t`Reason for the change`} error={errors.reason} />
    </ConfirmDialog>
  );
}
