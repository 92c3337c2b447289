import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { signUpFormSchema } from '../../../../domain/account/schemas.ts';
import { call, server } from '../../api/client.ts';
import { Field, PasswordField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { session } from '../../state/session.ts';
import { toast } from '../../state/toasts.ts';

const ROLE_CHOICES = [
  { role: 'buyer', label: msg`Buy Products`, hint: msg`Shop authentic Indian goods` },
  { role: 'seller', label: msg`Sell Products`, hint: msg`List your products for buyers` },
] as const;

export function SignUpForm() {
  const { t } = useLingui();
  const { errors, busy, onSubmit } = useForm(
    signUpFormSchema,
    async ({ confirmPassword: _confirmed, ...account }) => {
      const { user } = await call(server.auth.signup.$post({ json: account }));
      toast({
        title: t`Account created successfully!`,
        description: t`We sent you a link to verify your e-mail address.`,
      });
      session.value = user;
    },
    t`Error creating account`,
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label={t`Full Name`} name="fullName" autoComplete="name" required error={errors.fullName} />
      <Field label={t`Email`} name="email" type="email" autoComplete="email" required error={errors.email} />
      {/* The spec's two sign-up alerts, each under the field it is about (which takes the focus). */}
      <PasswordField
        label={t`Password`}
        name="password"
        autoComplete="new-password"
        minLength={6}
        required
        error={errors.password}
        alert
      />
      <PasswordField
        label={t`Confirm Password`}
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        alert
      />
      <fieldset className="mb-4">
        <legend className="mb-2 text-sm font-medium">
          <Trans>I want to</Trans>
        </legend>
        <div className="grid grid-cols-2 gap-3">
          {ROLE_CHOICES.map(({ role, label, hint }) => (
            <label
              key={role}
              className="flex cursor-pointer flex-col gap-1 rounded-field border border-base-300 p-3 has-checked:border-primary has-checked:bg-orange-50"
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="role"
                  value={role}
                  className="radio radio-primary radio-sm"
                  defaultChecked={role === 'buyer'}
                />
                {t(label)}
              </span>
              <span className="text-xs text-base-content/80">{t(hint)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mb-4 text-sm text-base-content/80">
        <Trans>
          By creating an account you agree to our{' '}
          <Link href="/terms" className="link link-primary">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy" className="link link-primary">
            Privacy Policy
          </Link>
          .
        </Trans>
      </p>
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? t`Creating Account...` : t`Create Account`}
      </button>
    </form>
  );
}
