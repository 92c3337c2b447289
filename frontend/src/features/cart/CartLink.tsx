import { useSignals } from '@preact/signals-react/runtime';
import { CountLink } from '../../components/CountLink.tsx';
import { cartCount } from './cartCount.ts';

/** The header's cart button, with the number of units in the cart as a badge. */
export function CartLink() {
  useSignals();
  return <CountLink href="/cart" icon="cart" name="Cart" count={cartCount.value} noun="item" />;
}
