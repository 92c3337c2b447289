import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ROLE_LABELS } from '../format.ts';
import { ANALYST_PATH, dashboardPath, dashboardPathOf, dashboardRoles, mayAnalyse, session } from '../state/session.ts';
import { Icon } from './Icon.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { NavLinks } from './NavLinks.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/** Below md: a toggle that drops down search, the page links and the account actions. Choosing any of them closes it. */
export function MobileMenu() {
  useSignals();
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const user = session.value;
  const [location] = useLocation();

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="btn btn-ghost btn-square"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={t`Menu`}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'menu'} />
      </button>
      {open && (
        <div
          id="mobile-menu"
          className="absolute inset-x-0 top-full border-b border-base-300 bg-base-100 p-4 shadow-lg"
        >
          <SearchBox onSearch={close} />
          {/* The header's own switcher hides below sm. */}
          <LanguageSwitcher className="mt-3 sm:hidden" />
          <nav aria-label={t`Mobile`} className="mt-3">
            <ul className="menu w-full p-0">
              <NavLinks linkClassName="text-base" onNavigate={close} />
            </ul>
          </nav>
          {/* A user with several roles reaches each dashboard; with one, the account row holds it. */}
          {user && dashboardRoles(user).length > 1 && (
            <ul aria-label={t`Your dashboards`} className="mt-3 flex flex-wrap gap-2 border-t border-base-300 pt-3">
              {dashboardRoles(user).map((role) => {
                const roleName = ROLE_LABELS[role];
                return (
                  <li key={role} className="flex-1">
                    <Link
                      href={dashboardPathOf(role)}
                      aria-current={location === dashboardPathOf(role) ? 'page' : undefined}
                      className={`btn btn-ghost btn-sm w-full whitespace-nowrap ${location === dashboardPathOf(role) ? 'font-bold' : ''}`}
                      onClick={close}
                    >
                      <Trans>{roleName} dashboard</Trans>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {/* Two to a row: four side by side wrapped their labels (Sign Out) on a phone. */}
          <div className="mt-3 grid grid-cols-2 gap-2 border-t border-base-300 pt-3">
            {user ? (
              <>
                {dashboardRoles(user).length === 1 && (
                  <Link href={dashboardPath(user)} className="btn btn-ghost" onClick={close}>
                    <Trans>Dashboard</Trans>
                  </Link>
                )}
                <Link href="/account" className="btn btn-ghost" onClick={close}>
                  <Trans>Account</Trans>
                </Link>
                {user.roles.includes('buyer') && (
                  <Link href="/wishlist" className="btn btn-ghost" onClick={close}>
                    <Trans>Wishlist</Trans>
                  </Link>
                )}
                {(user.roles.includes('buyer') || user.roles.includes('seller')) && (
                  <Link href="/messages" className="btn btn-ghost" onClick={close}>
                    <Trans>Messages</Trans>
                  </Link>
                )}
                {mayAnalyse(user) && (
                  <Link href={ANALYST_PATH} className="btn btn-ghost" onClick={close}>
                    <Trans>Analytics</Trans>
                  </Link>
                )}
                <SignOutButton className="btn btn-outline" onSignedOut={close} />
              </>
            ) : (
              <>
                <Link href="/auth" className="btn btn-ghost" onClick={close}>
                  <Trans>Login</Trans>
                </Link>
                <Link href="/auth?tab=signup" className="btn btn-primary" onClick={close}>
                  <Trans>Sign Up</Trans>
                </Link>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
