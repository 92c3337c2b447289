import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { changePasswordFormSchema } from '../../../../domain/account/schemas.ts';
import { call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { PasswordField } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import { toast } from '../../state/toasts.ts';

/** Changing one's password: every other device is signed out, and a notice goes to the account's e-mail. */
export function ChangePasswordForm() {
  // A new form after each change: the fields start empty again.
  const [changes, setChanges] = useState(0);
  return <PasswordForm key={changes} onChanged={() => setChanges(changes + 1)} />;
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useLingui();
  const { errors, busy, onSubmit } = useForm(
    changePasswordFormSchema,
    async ({ currentPassword, password }) => {
      await call(server.auth.password.$post({ json: { currentPassword, password } }));
      toast({
        title: t`Password changed`,
        description: t`Other devices were signed out. We sent a notice to your e-mail.`,
      });
      onChanged();
    },
    t`Error changing password`,
  );
  // The new password's problems (too short, too common: the server's message) in one alert, as on sign-up.
  const passwordAlert = errors.confirmPassword ?? errors.password;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="mb-3 text-lg font-semibold">
        <Trans>Change password</Trans>
      </h2>
      {passwordAlert && (
        <Alert tone="error" className="mb-4">
          {passwordAlert}
        </Alert>
      )}
      <PasswordField
        label={t`Current Password`}
        name="currentPassword"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <PasswordField label={t`New Password`} name="password" autoComplete="new-password" minLength={6} required />
      <PasswordField label={t`Confirm New Password`} name="confirmPassword" autoComplete="new-password" required />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t`Saving...` : t`Change Password`}
      </button>
    </form>
  );
}
