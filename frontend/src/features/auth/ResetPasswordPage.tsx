import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { resetPasswordFormSchema } from '../../../../domain/account/schemas.ts';
import { call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { PasswordField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { AccountCard } from './AccountCard.tsx';

/** /reset-password?token=...: the page a reset e-mail links to. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [done, setDone] = useState(false);
  const { errors, busy, onSubmit } = useForm(
    resetPasswordFormSchema,
    async ({ token, password }) => {
      await call(server.auth['reset-password'].$post({ json: { token, password } }));
      setDone(true);
    },
    t`Error resetting password`,
  );
  // The token comes with the link, not from the user: a broken link is reported with the password rules.
  const problem = errors.token ?? errors.confirmPassword ?? errors.password;

  return (
    <AccountCard
      title={t`Choose a new password`}
      text={t`Pick a password of at least 6 characters. You will sign in with it from now on.`}
    >
      {done ? (
        <>
          <Alert tone="success">
            <Trans>Your password has been changed. Please sign in with your new password.</Trans>
          </Alert>
          <Link href="/auth" className="btn btn-primary mt-6 w-full">
            <Trans>Go to Login</Trans>
          </Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {problem && (
            <Alert tone="error" className="mb-4">
              {problem}
            </Alert>
          )}
          <input type="hidden" name="token" value={token} />
          <PasswordField label={t`New Password`} name="password" autoComplete="new-password" minLength={6} required />
          <PasswordField label={t`Confirm Password`} name="confirmPassword" autoComplete="new-password" required />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? t`Saving...` : t`Set New Password`}
          </button>
        </form>
      )}
    </AccountCard>
  );
}
