import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { readAfter, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { type CatalogProduct, savedProduct } from '../../../../domain/wishlist/saved-product.ts';

import { loginHref } from '../../links.ts';
import { session, sessionKnown } from '../../state/session.ts';
import { useLiveEvent } from '../../state/live.ts';
import type { Wishlist } from './types.ts';
import { WishlistItemCard } from './WishlistItemCard.tsx';
import { WishlistUpdates } from './WishlistUpdates.tsx';
import { wishlistPosition } from './wishlistState.ts';

/** /wishlist: the buyer's saved products at their live price and stock, and the notifications of them. */
export default function WishlistPage() {
  useSignals();
  const { t } = useLingui();
  const user = session.value;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>My Wishlist</Trans>
      </h1>
      <div className="mt-6">
        {!sessionKnown.value ? (
          <Skeleton className="h-64 rounded-box" />
        ) : !user ? (
          <EmptyState
            heading
            title={t`Log in to see your wishlist`}
            text={t`Save the products you love with the heart, and hear when their price drops.`}
          >
            <Link href={loginHref('/wishlist')} className="btn btn-primary">
              <Trans>Log in</Trans>
            </Link>
          </EmptyState>
        ) : !user.roles.includes('buyer') ? (
          <EmptyState
            heading
            title={t`Wishlists are for buyers`}
            text={t`Add the buyer role to your account to save products.`}
          >
            <Link href="/dashboard/buyer" className="btn btn-primary">
              <Trans>Go to the buyer dashboard</Trans>
            </Link>
          </EmptyState>
        ) : (
          <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
            <SavedProducts />
            <WishlistUpdates />
          </div>
        )}
      </div>
    </div>
  );
}

/** The list with `product` as a live message gives it: each item saved of it read again, a saved variant at its own price and stock. */
function withProduct(list: Wishlist, product: CatalogProduct): Wishlist {
  return {
    ...list,
    items: list.items.map((item) =>
      item.productId === product.id ? { ...item, product: savedProduct(product, item.variantId) } : item,
    ),
  };
}

function SavedProducts() {
  const { t } = useLingui();
  const wishlist = useApiGet(
    // After the buyer's last save or removal, so a heart pressed on the page before shows here.
    (options) => server.wishlist.$get({}, { ...readAfter(wishlistPosition.peek()), ...options }),
    [],
    t`Failed to load your wishlist`,
    { live: true },
  );
  useLiveEvent('product.changed', (product) => wishlist.update((list) => withProduct(list, product)));
  useLiveEvent('product.added', (product) => wishlist.update((list) => withProduct(list, product)));
  useLiveEvent('product.removed', ({ id }) =>
    wishlist.update((list) => ({
      ...list,
      items: list.items.map((item) =>
        item.productId === id ? { ...item, product: { ...item.product, available: false } } : item,
      ),
    })),
  );
  const removed = (productId: string) =>
    wishlist.update((list) => {
      const items = list.items.filter((item) => item.productId !== productId);
      return { items, count: items.length };
    });

  const items = wishlist.data?.items ?? [];
  const count = items.length;
  return (
    <section aria-labelledby="saved-title" aria-busy={wishlist.loading}>
      <h2 id="saved-title" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Icon name="heart" />
        <Trans>Saved products</Trans>
        {wishlist.data && (
          <span className="text-base font-normal text-base-content/80">
            (<Plural value={count} one="# product" other="# products" />)
          </span>
        )}
      </h2>
      {wishlist.loading ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-72 rounded-box" />
          <Skeleton className="h-72 rounded-box" />
        </div>
      ) : wishlist.failed ? (
        <LoadFailed what={t`your wishlist`} onRetry={() => void wishlist.reload()} />
      ) : items.length === 0 ? (
        <EmptyState title={t`Your wishlist is empty`} text={t`Tap the heart on a product to save it here.`}>
          <Link href="/products" className="btn btn-primary">
            <Trans>Browse Products</Trans>
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Saved products`}>
          {items.map((item) => (
            <WishlistItemCard key={item.productId} item={item} onRemoved={() => removed(item.productId)} />
          ))}
        </ul>
      )}
    </section>
  );
}
