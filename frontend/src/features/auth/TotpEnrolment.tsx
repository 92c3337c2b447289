import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { totpEnrolSchema } from '../../../../domain/account/schemas.ts';
import { type Data, call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { useForm } from '../../forms.ts';
import type { User } from '../../state/session.ts';

type Setup = Data<typeof server.auth.totp.setup.$post>;

/** The QR library comes with the code that draws it, fetched when the set-up shows. */
const SetupQrCode = lazy(() => import('./SetupQrCode.tsx'));

/** The setup key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: a QR code of the otpauth:// link to scan, or the setup key to
 * type (and the link itself), then the app's first code. `challenge`: an admin's sign-in that must set
 * one up first; without it, the signed-in user. Calls `onEnrolled` with the recovery codes.
 */
export function TotpEnrolment({
  challenge,
  onEnrolled,
}: {
  challenge?: string;
  onEnrolled: (user: User, recoveryCodes: string[]) => void;
}) {
  const { t } = useLingui();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    call(server.auth.totp.setup.$post({ json: challenge ? { challenge } : {} })).then(
      (answer) => current && setSetup(answer),
      (error: Error) => current && setFailed(error.message),
    );
    return () => {
      current = false;
    };
  }, [challenge]);

  const { errors, busy, onSubmit } = useForm(
    totpEnrolSchema,
    async (body) => {
      const { user, recoveryCodes } = await call(server.auth.totp.enrol.$post({ json: body }));
      onEnrolled(user, recoveryCodes);
    },
    t`Error setting up two-step sign-in`,
  );

  if (failed) return <Alert tone="error">{failed}</Alert>;
  if (!setup) return <span className="loading loading-spinner" aria-label={t`Preparing the set-up`} />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <ol className="mb-4 list-decimal space-y-3 pl-5 text-sm">
        <li>
          <Trans>
            In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis...), add an
            account and scan this QR code:
          </Trans>
          <div className="my-2 flex justify-center">
            {/* Its place kept while it loads, so the form below does not move. */}
            <Suspense fallback={<div className="size-48 rounded-box bg-base-200" aria-hidden="true" />}>
              <SetupQrCode uri={setup.uri} />
            </Suspense>
          </div>
          <Trans>or enter this setup key:</Trans>
          <code
            aria-label={t`Setup key`}
            className="mt-1 block rounded-box bg-base-200 p-2 font-mono text-base break-all"
          >
            {grouped(setup.secret)}
          </code>
          <details className="mt-1">
            <summary className="cursor-pointer">
              <Trans>Or use the otpauth link</Trans>
            </summary>
            <a href={setup.uri} className="link link-primary">
              <Trans>Open in an authenticator app on this device</Trans>
            </a>
            <code
              aria-label={t`otpauth link`}
              className="mt-1 block rounded-box bg-base-200 p-2 font-mono text-xs break-all"
            >
              {setup.uri}
            </code>
          </details>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app then shows for MIBI.</Trans>
        </li>
      </ol>
      {challenge && <input type="hidden" name="challenge" value={challenge} />}
      <input type="hidden" name="enrolment" value={setup.enrolment} />
      <Field
        label={t`Code from the app`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        error={errors.code ?? errors.enrolment}
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? t`Checking...` : t`Turn on two-step sign-in`}
      </button>
    </form>
  );
}
