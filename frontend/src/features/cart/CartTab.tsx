import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Skeleton } from '../../components/Skeleton.tsx';
import { CartLineItem } from './CartLineItem.tsx';
import { CartLoadFailed, EmptyCart } from './CartNotices.tsx';
import type { useCart } from './useCart.ts';
import { Money } from '../../components/Money.tsx';

/** The Shopping Cart tab: the lines of /cart (quantity, remove, line total), the grand total and the way to checkout. */
export function CartTab({ cart }: { cart: ReturnType<typeof useCart> }) {
  const { t } = useLingui();
  const { state, update, retry } = cart;
  if (state.status === 'failed') return <CartLoadFailed message={state.error.message} onRetry={retry} />;
  if (state.status !== 'ready') {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={t`Loading cart`}>
        <Skeleton className="h-28 rounded-box" />
        <Skeleton className="h-28 rounded-box" />
      </div>
    );
  }
  const { lines, subtotalPaise } = state.cart;
  if (lines.length === 0) return <EmptyCart />;

  return (
    <div className="card border border-base-300 px-5 pb-5">
      <ul className="divide-y divide-base-300" aria-label={t`Cart items`}>
        {lines.map((line) => (
          <CartLineItem key={line.productId} line={line} onCart={update} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-4 border-t border-base-300 pt-5">
        <p className="text-lg font-semibold">
          <Trans>
            Total: <Money paise={subtotalPaise} />
          </Trans>
        </p>
        <Link href="/checkout" className="btn btn-primary">
          <Trans>Proceed to Checkout</Trans>
        </Link>
      </div>
    </div>
  );
}
