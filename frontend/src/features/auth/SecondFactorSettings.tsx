import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { recoveryCodesSchema, totpDisableSchema } from '../../../../domain/account/schemas.ts';
import { isStaff } from '../../../../domain/account/second-factor.ts';
import { call, server } from '../../api/client.ts';
import { Field, PasswordField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { type User, session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** The account page's two-step sign-in: turn it on (anyone), off (not staff), or make new recovery codes. */
export function SecondFactorSettings({ user }: { user: User }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable' | 'codes'>('view');
  const [codes, setCodes] = useState<string[] | null>(null);
  const staff = isStaff(user.roles);

  const enrolled = (next: User, recoveryCodes: string[]) => {
    session.value = next;
    setCodes(recoveryCodes);
    setMode('view');
    toast({ title: t`Two-step sign-in is on`, description: t`Other devices were signed out.` });
  };

  return (
    <section aria-labelledby="two-step-heading">
      <h2 id="two-step-heading" className="mb-1 text-lg font-semibold">
        <Trans>Two-step sign-in</Trans>
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        {user.totpEnabled
          ? t`On: you sign in with your password and a code from your authenticator app.`
          : t`Off: a password alone signs you in. Add a code from an authenticator app to keep your account safe even if your password leaks.`}
        {staff && ` ${t`Admin and analyst accounts always use it.`}`}
      </p>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : mode === 'enrol' ? (
        <TotpEnrolment onEnrolled={enrolled} />
      ) : mode === 'disable' ? (
        <DisableForm onDone={() => setMode('view')} />
      ) : mode === 'codes' ? (
        <NewCodesForm
          onCodes={(next) => {
            setCodes(next);
            setMode('view');
          }}
        />
      ) : user.totpEnabled ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setMode('codes')}>
            <Trans>New recovery codes</Trans>
          </button>
          {!staff && (
            <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setMode('disable')}>
              <Trans>Turn off two-step sign-in</Trans>
            </button>
          )}
        </div>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setMode('enrol')}>
          <Trans>Turn on two-step sign-in</Trans>
        </button>
      )}
    </section>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const { errors, busy, onSubmit } = useForm(
    totpDisableSchema,
    async (body) => {
      const { user } = await call(server.auth.totp.disable.$post({ json: body }));
      session.value = user;
      toast({ title: t`Two-step sign-in is off`, description: t`We sent a notice to your e-mail.` });
      onDone();
    },
    t`Error turning off two-step sign-in`,
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-error btn-sm" disabled={busy}>
          {busy ? t`Turning off...` : t`Turn off`}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}

function NewCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useLingui();
  const { errors, busy, onSubmit } = useForm(
    recoveryCodesSchema,
    async (body) => onCodes((await call(server.auth.totp['recovery-codes'].$post({ json: body }))).recoveryCodes),
    t`Error making new recovery codes`,
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        label={t`Code from your authenticator app`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        error={errors.code}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {busy ? t`Making...` : t`Make new recovery codes`}
      </button>
    </form>
  );
}
