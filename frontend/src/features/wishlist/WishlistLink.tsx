import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { countOf } from '../../format.ts';
import { unreadUpdates } from './wishlistState.ts';

/** The header's way to the wishlist, with the unread notifications of saved products as a badge. */
export function WishlistLink() {
  useSignals();
  const unread = unreadUpdates.value;
  return (
    <Link
      href="/wishlist"
      className="btn btn-ghost btn-square btn-sm relative"
      aria-label={unread > 0 ? `Wishlist, ${countOf(unread, 'unread update')}` : 'Wishlist'}
      title="Wishlist"
    >
      <Icon name="heart" />
      {/* Over the icon, so showing it moves nothing. */}
      {unread > 0 && (
        <span
          className="badge badge-primary badge-xs absolute -top-1 -right-1 min-w-4 px-1 font-semibold"
          aria-hidden="true"
        >
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </Link>
  );
}
