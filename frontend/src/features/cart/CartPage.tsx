import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Skeleton } from '../../components/Skeleton.tsx';

import { CartLineItem } from './CartLineItem.tsx';
import { CartLoadFailed, EmptyCart, SignInHint } from './CartNotices.tsx';
import type { Cart } from './types.ts';
import { useCart } from './useCart.ts';
import { Money } from '../../components/Money.tsx';

/** /cart: the lines with their quantities, and the order summary. */
export default function CartPage() {
  const { t } = useLingui();
  const { state, update, retry } = useCart();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Shopping Cart</Trans>
      </h1>
      <div className="mt-6" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <CartSkeleton />
        ) : state.status === 'signedOut' ? (
          <EmptyCart>
            <SignInHint text={t`Your cart is kept with your account.`} />
          </EmptyCart>
        ) : state.status === 'failed' ? (
          <CartLoadFailed message={state.error.message} onRetry={retry} />
        ) : state.cart.lines.length === 0 ? (
          <EmptyCart />
        ) : (
          <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
            <ul className="divide-y divide-base-300 border-y border-base-300" aria-label={t`Cart items`}>
              {state.cart.lines.map((line) => (
                <CartLineItem key={line.productId} line={line} onCart={update} />
              ))}
            </ul>
            <CartSummary cart={state.cart} />
          </div>
        )}
      </div>
    </div>
  );
}

function CartSummary({ cart }: { cart: Cart }) {
  const count = cart.count;
  return (
    <section aria-labelledby="cart-summary-title" className="card h-fit gap-4 bg-base-200 p-6">
      <h2 id="cart-summary-title" className="text-xl font-semibold">
        <Trans>Order Summary</Trans>
      </h2>
      <dl className="flex flex-col gap-2">
        <div className="flex justify-between">
          <dt>
            <Trans>
              Subtotal (<Plural value={count} one="# item" other="# items" />)
            </Trans>
          </dt>
          <dd>
            <Money paise={cart.subtotalPaise} />
          </dd>
        </div>
        <div className="flex justify-between">
          <dt>
            <Trans>Shipping</Trans>
          </dt>
          <dd className="text-base-content/80">
            <Trans>Calculated at checkout</Trans>
          </dd>
        </div>
        <div className="flex justify-between border-t border-base-300 pt-2 text-lg font-bold">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd>
            <Money paise={cart.subtotalPaise} />
          </dd>
        </div>
      </dl>
      <Link href="/checkout" className="btn btn-primary">
        <Trans>Proceed to Checkout</Trans>
      </Link>
      <Link href="/products" className="btn btn-outline">
        <Trans>Continue Shopping</Trans>
      </Link>
    </section>
  );
}

function CartSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col divide-y divide-base-300 border-y border-base-300">
        {[0, 1].map((row) => (
          <div key={row} className="flex gap-4 py-5">
            <Skeleton className="aspect-square w-20 sm:w-28" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-5 w-24" />
              <Skeleton className="mt-auto h-8 w-48" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
