import { Trans } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { loginHref } from '../../../links.ts';
import { session, sessionKnown } from '../../../state/session.ts';

interface SellerPageProps {
  title: string;
  /** A line under the title: what the page is for. */
  description: string;
  /** The page's content, for the signed-in user (keyed by them). */
  children: (userId: string) => ReactNode;
}

/** A page of the seller's own beside the dashboard: the way back to it, the title, and sign-in first. */
export function SellerPage({ title, description, children }: SellerPageProps) {
  useSignals();
  const [path] = useLocation();
  const user = session.value;
  if (sessionKnown.value && !user) return <Redirect to={loginHref(path)} replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Link href="/dashboard/seller" className="link link-hover inline-flex items-center gap-1 text-sm">
        <span aria-hidden="true">←</span> <Trans>Seller Dashboard</Trans>
      </Link>
      <header className="mt-2 mb-8">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-1 text-base-content/80">{description}</p>
      </header>
      {user && children(user.id)}
    </div>
  );
}
