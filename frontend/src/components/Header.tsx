import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ANALYST_PATH, dashboardPath, mayAnalyse, session, sessionKnown } from '../state/session.ts';
import { CurrencyChooser } from './CurrencyChooser.tsx';
import { Icon } from './Icon.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NavLinks } from './NavLinks.tsx';
import { RoleSwitcher } from './RoleSwitcher.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SignOutButton } from './SignOutButton.tsx';
import { Skeleton } from './Skeleton.tsx';

/**
 * Every page's header (spec section 2). From md up: a top row with search, cart and
 * account, and a row of page links; below md the links, search and account move into
 * the toggle menu. Heights are fixed, so nothing shifts when the session arrives.
 * `cart` is the cart button, which the cart feature owns (App.tsx puts it here); `wishlist`
 * likewise the wishlist's, shown to buyers, and `messages` the conversations', shown to buyers and sellers;
 * analysts and admins get a link to the analyst page.
 */
export function Header({ cart, wishlist, messages }: { cart: ReactNode; wishlist: ReactNode; messages: ReactNode }) {
  const { t } = useLingui();
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link href="/" className="flex shrink-0 items-baseline gap-2">
          <span className="text-2xl font-extrabold tracking-tight text-primary" translate="no">
            MIBI
          </span>
          <span className="hidden text-xs text-base-content/70 lg:inline">
            <Trans>Make in India, Buy in India</Trans>
          </span>
        </Link>
        <SearchBox className="hidden max-w-md flex-1 md:ml-4 md:block" />
        {/* The cart sits last (before the phone menu) so the account actions arriving move nothing. */}
        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">
            <AccountActions wishlist={wishlist} messages={messages} />
          </div>
          <LanguageSwitcher className="hidden sm:block" />
          <CurrencyChooser />
          {cart}
          <MobileMenu />
        </div>
      </div>
      <nav aria-label={t`Main`} className="hidden border-t border-base-300 md:block">
        <ul className="mx-auto flex h-10 max-w-7xl items-center gap-1 px-2">
          <NavLinks linkClassName="btn btn-ghost btn-sm text-sm" />
        </ul>
      </nav>
    </header>
  );
}

/** Desktop: Login and Sign Up, or the user's name, role icons (the wishlist for buyers, the messages for buyers and sellers) and Sign Out. */
function AccountActions({ wishlist, messages }: { wishlist: ReactNode; messages: ReactNode }) {
  useSignals();
  const { t } = useLingui();
  const user = session.value;
  if (!sessionKnown.value) return <Skeleton className="h-8 w-40" />;
  if (!user) {
    return (
      <>
        <Link href="/auth" className="btn btn-ghost btn-sm">
          <Trans>Login</Trans>
        </Link>
        <Link href="/auth?tab=signup" className="btn btn-primary btn-sm">
          <Trans>Sign Up</Trans>
        </Link>
      </>
    );
  }
  const isAdmin = user.roles.includes('admin');
  return (
    <>
      {user.roles.includes('buyer') ? wishlist : isAdmin && <RoleIcon name="heart" label={t`Wishlist`} />}
      {(user.roles.includes('buyer') || user.roles.includes('seller')) && messages}
      {isAdmin && <RoleIcon name="shield" label={t`Administrator`} />}
      {mayAnalyse(user) && (
        <Link
          href={ANALYST_PATH}
          className="btn btn-ghost btn-sm btn-square"
          aria-label={t`Analytics`}
          title={t`Analytics`}
        >
          <Icon name="database" />
        </Link>
      )}
      {/* The dashboard last opened; the switcher beside it reaches the others of a user with several roles. */}
      <Link href={dashboardPath(user)} className="btn btn-ghost btn-sm max-w-48" title={user.fullName}>
        <span className="truncate" dir="auto">
          {user.fullName}
        </span>
      </Link>
      <RoleSwitcher user={user} />
      <Link href="/account" className="btn btn-ghost btn-sm">
        <Trans>Account</Trans>
      </Link>
      <SignOutButton className="btn btn-outline btn-sm" />
    </>
  );
}

/** The spec's admin icon, and its wishlist icon for an admin who keeps none: shown, labelled, not interactive. */
function RoleIcon({ name, label }: { name: 'heart' | 'shield'; label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className="grid size-8 place-items-center text-base-content/80">
      <Icon name={name} />
    </span>
  );
}
