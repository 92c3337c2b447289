import { Trans, useLingui } from '@lingui/react/macro';
import { secondFactorSignInSchema } from '../../../../domain/account/schemas.ts';
import { ApiError, call, server } from '../../api/client.ts';
import { Field } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';

/**
 * The second step of signing in to an account with two-step sign-in: a code from the
 * authenticator app, or one of the recovery codes. `onRestart` goes back to the password
 * when the sign-in has expired (5 minutes, or 5 wrong codes).
 */
export function SecondFactorForm({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useLingui();
  const { errors, busy, onSubmit } = useForm(
    secondFactorSignInSchema,
    async (body) => {
      try {
        const { user } = await call(server.auth.signin.totp.$post({ json: body }));
        toast({ title: t`Welcome back!`, description: t`Successfully signed in.` });
        session.value = user;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'sign_in_expired') onRestart();
        throw error;
      }
    },
    t`Error signing in`,
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <h2 className="mb-2 text-lg font-semibold">
        <Trans>Two-step sign-in</Trans>
      </h2>
      <p className="mb-4 text-sm text-base-content/80">
        <Trans>
          Enter the 6-digit code your authenticator app shows for MIBI. Lost your phone? Enter one of your recovery
          codes instead.
        </Trans>
      </p>
      <input type="hidden" name="challenge" value={challenge} />
      <Field
        label={t`Code`}
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        required
        error={errors.code ?? errors.challenge}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? t`Checking...` : t`Verify`}
      </button>
      <button type="button" className="btn btn-ghost btn-sm mt-3 w-full" onClick={onRestart}>
        <Trans>Back to Login</Trans>
      </button>
    </form>
  );
}
