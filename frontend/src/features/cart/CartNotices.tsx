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
      <h2 className="mt-4 text-2xl font-semibold">Your cart is empty</h2>
      <p className="mt-2 text-base-content/80">Add some products to get started!</p>
      {children}
      <Link href="/products" className="btn btn-primary mt-6">
        Browse Products
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
        Login
      </Link>
    </p>
  );
}

/** The cart could not be read: the reason, and a retry. */
export function CartLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState heading title="Your cart could not be loaded" text={message}>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try again
      </button>
    </EmptyState>
  );
}
