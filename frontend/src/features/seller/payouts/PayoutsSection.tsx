import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  type PayoutAccountInput,
  maskedAccount,
  payoutAccountSchema,
} from '../../../../../domain/payout-account/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Field } from '../../../components/Field.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { useForm } from '../../../forms.ts';
import { formatDateTime } from '../../../format.ts';
import { toast } from '../../../state/toasts.ts';
import type { PayoutAccount } from '../types.ts';

/** One version of the account, as the seller tells it: holder, number's last digits, IFSC. */
const accountLine = ({ beneficiaryName, accountLast4, ifsc }: NonNullable<PayoutAccount['account']>): string =>
  `${beneficiaryName} · ${maskedAccount(accountLast4)} · ${ifsc}`;

/**
 * Where the seller's online earnings settle: set up or not, the form to set it up or change it
 * (the account number goes to the payment gateway; MIBI keeps its last four digits), and the
 * accounts it replaced.
 */
export function PayoutsSection({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const payouts = useApiGet(
    (options) => server.seller['payout-account'].$get({}, options),
    [],
    t`Failed to load your payouts`,
  );
  const [editing, setEditing] = useState(false);
  const account = payouts.data?.account ?? null;
  const since = account && formatDateTime(account.at);
  const earlierCount = (payouts.data?.history.length ?? 1) - 1;

  async function saved(position: number) {
    await payouts.reload(position);
    setEditing(false);
  }

  return (
    <section id="payouts" aria-labelledby="payouts-title" className={className}>
      <h2 id="payouts-title" className="mb-1 text-xl font-semibold">
        <Trans>Payouts</Trans>
      </h2>
      <p className="mb-4 text-base-content/80">
        <Trans>
          What you earn on orders paid online is transferred to this bank account, on hold until each order’s return
          window closes.
        </Trans>
      </p>
      {payouts.loading ? (
        <Skeleton className="h-32 rounded-box" />
      ) : payouts.failed ? (
        <LoadFailed what={t`your payouts`} onRetry={() => void payouts.reload()} />
      ) : editing || !account ? (
        <>
          {!account && (
            <Alert tone="info" className="mb-4">
              <Trans>
                Payouts are not set up: your earnings on orders paid online wait until you add a bank account.
              </Trans>
            </Alert>
          )}
          <PayoutAccountForm onSaved={saved} onCancel={account ? () => setEditing(false) : null} />
        </>
      ) : (
        <div className="card border border-base-300 p-6">
          <p className="font-semibold">
            <Trans>Payouts set up</Trans>
          </p>
          <p className="mt-1" dir="auto">
            {accountLine(account)}
          </p>
          <p className="mt-1 text-sm text-base-content/80">
            <Trans>Since {since}</Trans>
          </p>
          <div className="mt-4">
            <button type="button" className="btn btn-outline btn-primary" onClick={() => setEditing(true)}>
              <Trans>Change bank account</Trans>
            </button>
          </div>
        </div>
      )}
      {payouts.data && earlierCount > 0 && (
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">
            <Trans>Earlier accounts ({earlierCount})</Trans>
          </summary>
          <ol className="mt-2 space-y-2">
            {payouts.data.history.slice(1).map((version) => (
              <li key={version.at} className="rounded-box border border-base-300 p-3 text-sm">
                <Trans>
                  {ph({ account: accountLine(version) })}, set up {ph({ setUp: formatDateTime(version.at) })}
                </Trans>
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

interface PayoutAccountFormProps {
  onSaved: (position: number) => Promise<void>;
  /** Null while no account is set up: there is nothing to go back to. */
  onCancel: (() => void) | null;
}

function PayoutAccountForm({ onSaved, onCancel }: PayoutAccountFormProps) {
  const { t } = useLingui();
  async function save(input: PayoutAccountInput) {
    const { position } = await call(server.seller['payout-account'].$put({ json: input }));
    toast({ title: t`Payouts set up`, description: t`Your earnings on orders paid online go to this account.` });
    await onSaved(position);
  }

  const { errors, busy, onSubmit } = useForm(payoutAccountSchema, save, t`Error setting up payouts`);

  return (
    <form onSubmit={onSubmit} noValidate className="card grid gap-x-6 border border-base-300 p-6 md:grid-cols-3">
      <Field
        label={t`Account holder name`}
        name="beneficiaryName"
        autoComplete="name"
        required
        error={errors.beneficiaryName}
      />
      <Field
        label={t`Account number`}
        name="accountNumber"
        inputMode="numeric"
        autoComplete="off"
        required
        error={errors.accountNumber}
      />
      <Field label={t`IFSC`} name="ifsc" placeholder="SBIN0001234" autoComplete="off" required error={errors.ifsc} />
      <div className="mt-2 flex flex-wrap gap-3 md:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Saving...` : t`Save Bank Account`}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
