import { useSignals } from '@preact/signals-react/runtime';
import { Redirect, useLocation, useSearch } from 'wouter';
import { session } from '../../state/session.ts';
import { AccountCard } from './AccountCard.tsx';
import { LoginForm } from './LoginForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';

const TABS = [
  { id: 'login', label: 'Login', href: '/auth' },
  { id: 'signup', label: 'Sign Up', href: '/auth?tab=signup' },
] as const;

/** /auth: Login and Sign Up tabs. The tab is in the URL (?tab=signup), so the header's Sign Up link opens it. */
export default function AuthPage() {
  useSignals();
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(useSearch()).get('tab') === 'signup' ? 'signup' : 'login';

  // Signed in already, or just now by one of the forms: the spec sends the user home.
  if (session.value) return <Redirect to="/" replace />;

  return (
    <AccountCard title="Welcome to MIBI" text="Sign in or create an account to start shopping or selling.">
      <div role="tablist" aria-label="Sign in or sign up" className="tabs tabs-box grid grid-cols-2">
        {TABS.map(({ id, label, href }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`auth-tab-${id}`}
            aria-selected={tab === id}
            aria-controls="auth-panel"
            className={`tab ${tab === id ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => navigate(href, { replace: true })}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="auth-panel" aria-labelledby={`auth-tab-${tab}`} className="mt-6">
        {tab === 'login' ? <LoginForm /> : <SignUpForm />}
      </div>
    </AccountCard>
  );
}
