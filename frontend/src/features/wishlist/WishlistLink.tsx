import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { CountLink } from '../../components/CountLink.tsx';
import { unreadUpdates } from './wishlistState.ts';

/** The header's way to the wishlist, with the unread notifications of saved products as a badge. */
export function WishlistLink() {
  useSignals();
  const { t } = useLingui();
  const count = unreadUpdates.value;
  return (
    <CountLink
      href="/wishlist"
      icon="heart"
      name={t`Wishlist`}
      count={count}
      counted={plural(count, { one: 'Wishlist, # unread update', other: 'Wishlist, # unread updates' })}
      size="sm"
      title={t`Wishlist`}
    />
  );
}
