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
  const [sent, setSent] = useState<string | null>(null);
  const { errors, busy, onSubmit } = useForm(
    forgotPasswordSchema,
    async (body) => setSent((await call(server.auth['forgot-password'].$post({ json: body }))).message),
    'Error sending reset link',
  );

  return (
    <AccountCard
      title="Forgot password?"
      text="Enter the email of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
      )}
      <Link href="/auth" className="link link-primary mt-6 block text-center text-sm">
        Back to Login
      </Link>
    </AccountCard>
  );
}
