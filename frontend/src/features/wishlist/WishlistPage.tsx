import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { readAfter, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { type CatalogProduct, savedProduct } from '../../../../domain/wishlist/saved-product.ts';
import { countOf } from '../../format.ts';
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
  const user = session.value;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">My Wishlist</h1>
      <div className="mt-6">
        {!sessionKnown.value ? (
          <Skeleton className="h-64 rounded-box" />
        ) : !user ? (
          <EmptyState
            heading
            title="Log in to see your wishlist"
            text="Save the products you love with the heart, and hear when their price drops."
          >
            <Link href={loginHref('/wishlist')} className="btn btn-primary">
              Log in
            </Link>
          </EmptyState>
        ) : !user.roles.includes('buyer') ? (
          <EmptyState
            heading
            title="Wishlists are for buyers"
            text="Add the buyer role to your account to save products."
          >
            <Link href="/dashboard/buyer" className="btn btn-primary">
              Go to the buyer dashboard
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
  const wishlist = useApiGet(
    // After the buyer's last save or removal, so a heart pressed on the page before shows here.
    (options) => server.wishlist.$get({}, { ...readAfter(wishlistPosition.peek()), ...options }),
    [],
    'Failed to load your wishlist',
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
  return (
    <section aria-labelledby="saved-title" aria-busy={wishlist.loading}>
      <h2 id="saved-title" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Icon name="heart" />
        Saved products
        {wishlist.data && (
          <span className="text-base font-normal text-base-content/80">({countOf(items.length, 'product')})</span>
        )}
      </h2>
      {wishlist.loading ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Skeleton className="h-72 rounded-box" />
          <Skeleton className="h-72 rounded-box" />
        </div>
      ) : wishlist.failed ? (
        <LoadFailed what="your wishlist" onRetry={() => void wishlist.reload()} />
      ) : items.length === 0 ? (
        <EmptyState title="Your wishlist is empty" text="Tap the heart on a product to save it here.">
          <Link href="/products" className="btn btn-primary">
            Browse Products
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Saved products">
          {items.map((item) => (
            <WishlistItemCard key={item.productId} item={item} onRemoved={() => removed(item.productId)} />
          ))}
        </ul>
      )}
    </section>
  );
}
