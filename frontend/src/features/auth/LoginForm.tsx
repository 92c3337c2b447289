import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { signInSchema } from '../../../../domain/account/schemas.ts';
import { call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Field, PasswordField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { type User, session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { SecondFactorForm } from './SecondFactorForm.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** What follows the password for staff and accounts with two-step sign-in. */
type Next =
  | { step: 'totp_required' | 'totp_enrol'; challenge: string }
  | { step: 'recovery_codes'; user: User; codes: string[] };

export function LoginForm() {
  const { t } = useLingui();
  const [next, setNext] = useState<Next | null>(null);
  const { errors, busy, onSubmit } = useForm(
    signInSchema,
    async (credentials) => {
      const answer = await call(server.auth.signin.$post({ json: credentials }));
      if ('step' in answer) {
        setNext(answer);
        return;
      }
      toast({ title: t`Welcome back!`, description: t`Successfully signed in.` });
      session.value = answer.user;
    },
    t`Error signing in`,
  );
  const restart = () => setNext(null);

  if (next?.step === 'totp_required') return <SecondFactorForm challenge={next.challenge} onRestart={restart} />;
  if (next?.step === 'totp_enrol') {
    return (
      <section aria-labelledby="enrol-heading">
        <h2 id="enrol-heading" className="mb-2 text-lg font-semibold">
          <Trans>Set up two-step sign-in</Trans>
        </h2>
        <Alert tone="info" className="mb-4 text-sm">
          <Trans>
            Admin and analyst accounts sign in with a code from an authenticator app as well as the password. Set one up
            now to continue.
          </Trans>
        </Alert>
        <TotpEnrolment
          challenge={next.challenge}
          onEnrolled={(user, codes) => setNext({ step: 'recovery_codes', user, codes })}
        />
        <button type="button" className="btn btn-ghost btn-sm mt-3 w-full" onClick={restart}>
          <Trans>Back to Login</Trans>
        </button>
      </section>
    );
  }
  if (next?.step === 'recovery_codes') {
    // Signed in already (the server set the session): the codes are shown before the page moves on.
    const finish = () => {
      toast({ title: t`Two-step sign-in is on`, description: t`Welcome back!` });
      session.value = next.user;
    };
    return <RecoveryCodes codes={next.codes} onDone={finish} doneLabel={t`I have saved my recovery codes, continue`} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label={t`Email`} name="email" type="email" autoComplete="email" required error={errors.email} />
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="-mt-1 mb-4 text-right">
        <Link href="/forgot-password" className="link link-primary text-sm">
          <Trans>Forgot password?</Trans>
        </Link>
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? t`Signing In...` : t`Sign In`}
      </button>
    </form>
  );
}
