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
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable' | 'codes'>('view');
  const [codes, setCodes] = useState<string[] | null>(null);
  const staff = isStaff(user.roles);

  const enrolled = (next: User, recoveryCodes: string[]) => {
    session.value = next;
    setCodes(recoveryCodes);
    setMode('view');
    toast({ title: 'Two-step sign-in is on', description: 'Other devices were signed out.' });
  };

  return (
    <section aria-labelledby="two-step-heading">
      <h2 id="two-step-heading" className="mb-1 text-lg font-semibold">
        Two-step sign-in
      </h2>
      <p className="mb-3 text-sm text-base-content/80">
        {user.totpEnabled
          ? 'On: you sign in with your password and a code from your authenticator app.'
          : 'Off: a password alone signs you in. Add a code from an authenticator app to keep your account safe even if your password leaks.'}
        {staff && ' Admin and analyst accounts always use it.'}
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
            New recovery codes
          </button>
          {!staff && (
            <button type="button" className="btn btn-sm btn-outline btn-error" onClick={() => setMode('disable')}>
              Turn off two-step sign-in
            </button>
          )}
        </div>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setMode('enrol')}>
          Turn on two-step sign-in
        </button>
      )}
    </section>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const { errors, busy, onSubmit } = useForm(
    totpDisableSchema,
    async (body) => {
      const { user } = await call(server.auth.totp.disable.$post({ json: body }));
      session.value = user;
      toast({ title: 'Two-step sign-in is off', description: 'We sent a notice to your e-mail.' });
      onDone();
    },
    'Error turning off two-step sign-in',
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-error btn-sm" disabled={busy}>
          {busy ? 'Turning off...' : 'Turn off'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function NewCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { errors, busy, onSubmit } = useForm(
    recoveryCodesSchema,
    async (body) => onCodes((await call(server.auth.totp['recovery-codes'].$post({ json: body }))).recoveryCodes),
    'Error making new recovery codes',
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field
        label="Code from your authenticator app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        error={errors.code}
      />
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {busy ? 'Making...' : 'Make new recovery codes'}
      </button>
    </form>
  );
}
