import { Link } from 'wouter';
import { signInSchema } from '../../../../domain/account/schemas.ts';
import { call, server } from '../../api/client.ts';
import { Field, PasswordField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';

export function LoginForm() {
  const { errors, busy, onSubmit } = useForm(
    signInSchema,
    async (credentials) => {
      const { user } = await call(server.auth.signin.$post({ json: credentials }));
      toast({ title: 'Welcome back!', description: 'Successfully signed in.' });
      session.value = user;
    },
    'Error signing in',
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <PasswordField label="Password" name="password" autoComplete="current-password" required error={errors.password} />
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
