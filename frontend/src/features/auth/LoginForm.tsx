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
  const [next, setNext] = useState<Next | null>(null);
  const { errors, busy, onSubmit } = useForm(
    signInSchema,
    async (credentials) => {
      const answer = await call(server.auth.signin.$post({ json: credentials }));
      if ('step' in answer) {
        setNext(answer);
        return;
      }
      toast({ title: 'Welcome back!', description: 'Successfully signed in.' });
      session.value = answer.user;
    },
    'Error signing in',
  );
  const restart = () => setNext(null);

  if (next?.step === 'totp_required') return <SecondFactorForm challenge={next.challenge} onRestart={restart} />;
  if (next?.step === 'totp_enrol') {
    return (
      <section aria-labelledby="enrol-heading">
        <h2 id="enrol-heading" className="mb-2 text-lg font-semibold">
          Set up two-step sign-in
        </h2>
        <Alert tone="info" className="mb-4 text-sm">
          Admin and analyst accounts sign in with a code from an authenticator app as well as the password. Set one up
          now to continue.
        </Alert>
        <TotpEnrolment
          challenge={next.challenge}
          onEnrolled={(user, codes) => setNext({ step: 'recovery_codes', user, codes })}
        />
        <button type="button" className="btn btn-ghost btn-sm mt-3 w-full" onClick={restart}>
          Back to Login
        </button>
      </section>
    );
  }
  if (next?.step === 'recovery_codes') {
    // Signed in already (the server set the session): the codes are shown before the page moves on.
    const finish = () => {
      toast({ title: 'Two-step sign-in is on', description: 'Welcome back!' });
      session.value = next.user;
    };
    return <RecoveryCodes codes={next.codes} onDone={finish} doneLabel="I have saved my recovery codes, continue" />;
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="-mt-1 mb-4 text-right">
        <Link href="/forgot-password" className="link link-primary text-sm">
          Forgot password?
        </Link>
      </div>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </button>
    </form>
  );
}
