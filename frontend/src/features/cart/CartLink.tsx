import { useSignals } from '@preact/signals-react/runtime';
import { Link } from 'wouter';
import { Icon } from '../../components/Icon.tsx';
import { countOf } from '../../format.ts';
import { cartCount } from './cartCount.ts';

/** The header's cart button, with the number of units in the cart as a badge. */
export function CartLink() {
  useSignals();
  const count = cartCount.value;
  return (
    <Link
      href="/cart"
      className="btn btn-ghost btn-square relative"
      aria-label={count > 0 ? `Cart, ${countOf(count, 'item')}` : 'Cart'}
    >
      <Icon name="cart" />
      {/* Positioned over the icon, so showing it moves nothing. */}
      {count > 0 && (
        <span
          className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 min-w-5 px-1 font-semibold"
          aria-hidden="true"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
