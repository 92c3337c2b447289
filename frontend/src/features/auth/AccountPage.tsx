import { useSignals } from '@preact/signals-react/runtime';
import { Redirect } from 'wouter';
import { loginHref } from '../../links.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { MailChoices } from './MailChoices.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';
import { SecondFactorSettings } from './SecondFactorSettings.tsx';
import { AddressBookSection } from '../addresses/index.ts';

/** /account: the signed-in user's e-mail address and its verification, saved addresses, password, two-step sign-in and choice of notice mails. */
export default function AccountPage() {
  useSignals();
  const user = session.value;
  if (!sessionKnown.value) return <span className="loading loading-spinner m-8" aria-label="Loading" />;
  if (!user) return <Redirect to={loginHref('/account')} replace />;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">Your account</h1>
      <div className="card mb-6 border border-base-300 bg-base-100 p-6">
        <h2 className="mb-1 text-lg font-semibold">{user.fullName}</h2>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {user.email}
          {user.emailVerified ? (
            <span className="badge badge-success badge-sm">Verified</span>
          ) : (
            <span className="badge badge-warning badge-sm">Not verified</span>
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
      <div className="card border border-base-300 bg-base-100 p-6">
        <MailChoices user={user} />
      </div>
    </section>
  );
}
