import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Redirect, useLocation, useSearch } from 'wouter';
import { afterSignIn } from '../../links.ts';
import { session } from '../../state/session.ts';
import { AccountCard } from './AccountCard.tsx';
import { LoginForm } from './LoginForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

const TABS = [
  { id: 'login', label: msg`Login`, href: '/auth' },
  { id: 'signup', label: msg`Sign Up`, href: '/auth?tab=signup' },
] as const;

/**
 * /auth: Login and Sign Up tabs. The tab is in the URL (?tab=signup), so the header's Sign Up
 * link opens it; `?next=` names the page that asked for a sign-in (links.ts `loginHref`).
 */
export default function AuthPage() {
  useSignals();
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const tab = params.get('tab') === 'signup' ? 'signup' : 'login';
  const next = params.get('next');
  const tabHref = (href: string) =>
    next ? `${href}${href.includes('?') ? '&' : '?'}${new URLSearchParams({ next })}` : href;

  // Signed in already, or just now by one of the forms: back to the page that asked, else home as the spec has it.
  if (session.value) return <Redirect to={afterSignIn(search)} replace />;

  return (
    <AccountCard
      title={t`Welcome to MIBI`}
      text={t`Sign in or create an account to start shopping or selling.`}
      documentTitle={tab === 'signup' ? t`Sign Up` : t`Login`}
    >
      <div role="tablist" aria-label={t`Sign in or sign up`} className="tabs tabs-box grid grid-cols-2">
        {TABS.map(({ id, label, href }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`auth-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="auth-panel"
            className={`tab ${tab === id ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => navigate(tabHref(href), { replace: true })}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="auth-panel" aria-labelledby={`auth-tab-${tab}`} className="mt-6">
        {tab === 'login' ? <LoginForm /> : <SignUpForm />}
      </div>
    </AccountCard>
  );
}
