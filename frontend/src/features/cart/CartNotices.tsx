import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { loginHref } from '../../links.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';

/** 'Your cart is empty' with the way back to the products; `children` add a hint (sign in). */
export function EmptyCart({ children }: { children?: ReactNode }) {
  return (
    <div className="card items-center border border-dashed border-base-300 px-6 py-16 text-center">
      <Icon name="cart" className="size-12 text-base-content/40" />
      <h2 className="mt-4 text-2xl font-semibold">
        <Trans>Your cart is empty</Trans>
      </h2>
      <p className="mt-2 text-base-content/80">
        <Trans>Add some products to get started!</Trans>
      </p>
      {children}
      <Link href="/products" className="btn btn-primary mt-6">
        <Trans>Browse Products</Trans>
      </Link>
    </div>
  );
}

/** Under the empty cart of a signed-out visitor: the cart belongs to an account. */
export function SignInHint({ text }: { text: string }) {
  const [path] = useLocation();
  return (
    <p className="mt-4 text-sm">
      {text}{' '}
      <Link href={loginHref(path)} className="link link-primary font-medium">
        <Trans>Login</Trans>
      </Link>
    </p>
  );
}

/** The cart could not be read: the reason, and a retry. */
export function CartLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <EmptyState heading title={t`Your cart could not be loaded`} text={message}>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </EmptyState>
  );
}
