import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Redirect } from 'wouter';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { loginHref } from '../../links.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MailChoices } from './MailChoices.tsx';
import { ResendVerificationButton } from '../../components/ResendVerificationButton.tsx';
import { SecondFactorSettings } from './SecondFactorSettings.tsx';
import { AddressBookSection } from '../addresses/index.ts';

/** /account: the signed-in user's e-mail address and its verification, saved addresses, password, two-step sign-in and choice of notice mails. */
export default function AccountPage() {
  useSignals();
  const { t } = useLingui();
  const user = session.value;
  if (!sessionKnown.value) return <span className="loading loading-spinner m-8" aria-label={t`Loading`} />;
  if (!user) return <Redirect to={loginHref('/account')} replace />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">
        <Trans>Your account</Trans>
      </h1>
      <div className="card mb-6 border border-base-300 bg-base-100 p-6">
        <h2 className="mb-1 text-lg font-semibold" dir="auto">
          {user.fullName}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span translate="no">{user.email}</span>
          {user.emailVerified ? (
            <span className="badge badge-success badge-sm">
              <Trans>Verified</Trans>
            </span>
          ) : (
            <span className="badge badge-warning badge-sm">
              <Trans>Not verified</Trans>
            </span>
          )}
        </p>
        {!user.emailVerified && <ResendVerificationButton className="btn btn-sm btn-outline mt-3 self-start" />}
      </div>
      <div className="card mb-6 border border-base-300 bg-base-100 p-6">
        <AddressBookSection />
      </div>
      <div className="card mb-6 border border-base-300 bg-base-100 p-6">
        <ChangePasswordForm />
      </div>
      <div className="card mb-6 border border-base-300 bg-base-100 p-6">
        <SecondFactorSettings user={user} />
      </div>
      <div className="card mb-6 border border-base-300 bg-base-100 p-6">
        <MailChoices user={user} />
      </div>
      <section aria-labelledby="language-heading" className="card border border-base-300 bg-base-100 p-6">
        <h2 id="language-heading" className="mb-3 text-lg font-semibold">
          <Trans>Language</Trans>
        </h2>
        <LanguageSwitcher className="select-bordered w-48" />
      </section>
    </section>
  );
}
