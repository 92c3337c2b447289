import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { session } from '../state/session.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/** Under the header, for a signed-in user whose address is not verified yet (not on the page that verifies it). */
export function VerifyEmailBanner() {
  useSignals();
  const { t } = useLingui();
  const [location] = useLocation();
  const user = session.value;
  if (!user || user.emailVerified || location === '/verify-email') return null;
  const email = user.email;
  return (
    <div role="region" aria-label={t`E-mail verification`} className="border-b border-warning/40 bg-warning/15">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm">
        <p className="flex-1">
          <Trans>
            Please verify your e-mail address: we sent a link to <strong>{email}</strong>.
          </Trans>
          {user.roles.includes('seller') && ` ${t`You can list products once it is verified.`}`}
        </p>
        <ResendVerificationButton className="btn btn-sm btn-outline" />
      </div>
    </div>
  );
}
