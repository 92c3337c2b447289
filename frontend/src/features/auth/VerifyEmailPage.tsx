import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { call, server } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { session } from '../../state/session.ts';
import { AccountCard } from './AccountCard.tsx';
import { ResendVerificationButton } from '../../components/ResendVerificationButton.tsx';

type Outcome = { tone: 'success' | 'error'; message: string } | null;

/** /verify-email?token=...: the page a verification e-mail links to. Works signed in or not, on any device. */
export default function VerifyEmailPage() {
  useSignals();
  const { t } = useLingui();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    let current = true;
    call(server.auth['verify-email'].$post({ json: { token } })).then(
      ({ message }) => {
        if (!current) return;
        setOutcome({ tone: 'success', message });
        if (session.value) session.value = { ...session.value, emailVerified: true };
      },
      (error: Error) => current && setOutcome({ tone: 'error', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  const user = session.value;
  return (
    <AccountCard
      title={t`Verify your e-mail address`}
      text={t`Confirming that this address is yours keeps your account and your customers safe.`}
    >
      {!outcome && <span className="loading loading-spinner" aria-label={t`Verifying`} />}
      {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
      {outcome?.tone === 'error' && user && !user.emailVerified && (
        <ResendVerificationButton className="btn btn-primary mt-6 w-full" />
      )}
      {outcome && (
        <Link href={user ? '/' : '/auth'} className="btn btn-ghost mt-3 w-full">
          {user ? t`Continue shopping` : t`Go to Login`}
        </Link>
      )}
    </AccountCard>
  );
}
