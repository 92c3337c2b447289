import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { parseRupees } from '../../../../../domain/money.ts';
import { dayInIndia } from '../../../../../domain/payout/decider.ts';
import { PAYOUT_MESSAGES, recordPayoutSchema } from '../../../../../domain/payout/schemas.ts';
import { ApiError, call, server } from '../../../api/client.ts';
import { Alert } from '../../../components/Alert.tsx';
import { ConfirmDialog } from '../../../components/Dialog.tsx';
import { Field } from '../../../components/Field.tsx';
import { formatPrice } from '../../../format.ts';
import { toast } from '../../../state/toasts.ts';
import type { SellerBalance } from '../types.ts';

/** Paise as the text of a rupee input: 149900 -> "1499.00". */
const rupeeText = (paise: number): string => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** Today in India (YYYY-MM-DD): the latest day a payout may be dated, as the server counts it. */
const today = (): string => dayInIndia(new Date().toISOString());

/** The form's fields, as the API names them (amount is its rupee text). */
interface Problems {
  amount?: string | undefined;
  paidOn?: string | undefined;
  reference?: string | undefined;
  refusal?: string | undefined;
}

/** The API's field names, as this form names them. */
const FIELD_OF: Record<string, keyof Problems> = { amountPaise: 'amount', paidOn: 'paidOn', reference: 'reference' };

interface PayoutDialogProps {
  balance: SellerBalance;
  /** Recorded: with the log position it reached. */
  onRecorded: (position: number) => void;
  onClose: () => void;
}

/**
 * Record a payout made to a seller: the amount in rupees (the balance due to start with), the
 * day it was paid and the bank's reference. Checked with the API's schema; the server's refusal
 * (more than is due, a reference used for another payout) shows in the dialog. Mount it to open it.
 */
export function PayoutDialog({ balance, onRecorded, onClose }: PayoutDialogProps) {
  const { t } = useLingui();
  const sellerName = balance.sellerName;
  const due = formatPrice(balance.balancePaise);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  async function confirm(form: FormData) {
    const amountPaise = parseRupees(String(form.get('amount') ?? ''));
    const parsed = recordPayoutSchema.safeParse({
      amountPaise: amountPaise ?? Number.NaN,
      paidOn: form.get('paidOn'),
      reference: form.get('reference'),
    });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])] ?? 'refusal';
        found[field] ??=
          field === 'amount' ? t`Enter an amount in rupees above 0, like 1250 or 1250.50` : issue.message;
      }
      setProblems(found);
      return;
    }
    if (parsed.data.paidOn > today()) {
      setProblems({ paidOn: PAYOUT_MESSAGES.future });
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const { position } = await call(
        server.admin.sellers[':id'].payouts.$post({
          param: { id: encodeURIComponent(balance.sellerId) },
          json: parsed.data,
        }),
      );
      const amount = formatPrice(parsed.data.amountPaise);
      toast({ title: t`Payout recorded`, description: t`${amount} paid to ${sellerName}.` });
      onRecorded(position);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const found: Problems = { refusal: (error as Error).message };
      for (const [name, message] of Object.entries(fields)) {
        const field = FIELD_OF[name];
        if (field) found[field] = message;
      }
      setProblems(found);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      title={t`Record a payout to ${sellerName}?`}
      confirmLabel={t`Record payout`}
      busyLabel={t`Recording...`}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="mb-3">
        <Trans>
          Due now: <strong>{due}</strong>. Record the bank transfer once it is made: it settles that much of the balance
          and shows in the seller’s ledger. This cannot be undone.
        </Trans>
      </p>
      {problems.refusal && (
        <Alert tone="error" className="mb-3">
          {problems.refusal}
        </Alert>
      )}
      <Field
        label={t`Amount (₹)`}
        name="amount"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.01"
        defaultValue={balance.balancePaise > 0 ? rupeeText(balance.balancePaise) : ''}
        required
        error={problems.amount}
      />
      <Field
        label={t`Paid on`}
        name="paidOn"
        type="date"
        max={today()}
        defaultValue={today()}
        required
        error={problems.paidOn}
      />
      <Field label={t`Bank reference`} name="reference" maxLength={100} required error={problems.reference} />
    </ConfirmDialog>
  );
}
