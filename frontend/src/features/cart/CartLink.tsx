import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { CountLink } from '../../components/CountLink.tsx';
import { cartCount } from './cartCount.ts';

/** The header's cart button, with the number of units in the cart as a badge. */
export function CartLink() {
  useSignals();
  const { t } = useLingui();
  const count = cartCount.value;
  return (
    <CountLink
      href="/cart"
      icon="cart"
      name={t`Cart`}
      count={count}
      counted={plural(count, { one: 'Cart, # item', other: 'Cart, # items' })}
    />
  );
}
