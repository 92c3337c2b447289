import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { forgotPasswordSchema } from '../../../../domain/account/schemas.ts';
import { call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { AccountCard } from './AccountCard.tsx';

/** /forgot-password: asks for a reset link by e-mail. */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const [sent, setSent] = useState<string | null>(null);
  const { errors, busy, onSubmit } = useForm(
    forgotPasswordSchema,
    async (body) => setSent((await call(server.auth['forgot-password'].$post({ json: body }))).message),
    t`Error sending reset link`,
  );

  return (
    <AccountCard
      title={t`Forgot password?`}
      text={t`Enter the email of your account and we will send you a link to choose a new password.`}
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Field label={t`Email`} name="email" type="email" autoComplete="email" required error={errors.email} />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? t`Sending...` : t`Send Reset Link`}
          </button>
        </form>
      )}
      <Link href="/auth" className="link link-primary mt-6 block text-center text-sm">
        <Trans>Back to Login</Trans>
      </Link>
    </AccountCard>
  );
}
