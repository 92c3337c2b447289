import { useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { CountLink } from '../../components/CountLink.tsx';
import { cartCount } from './cartCount.ts';

/** The header's cart button, with the number of units in the cart as a badge. */
export function CartLink() {
  useSignals();
  const { t } = useLingui();
  return <CountLink href="/cart" icon="cart" name={t`Cart`} count={cartCount.value} noun="item" />;
}
