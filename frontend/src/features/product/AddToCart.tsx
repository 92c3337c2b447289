import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { whyNotForSale } from '../../../../domain/catalog/availability.ts';
import { Alert } from '../../components/Alert.tsx';
import { session } from '../../state/session.ts';
import { Icon } from '../../components/Icon.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { addToCart } from '../cart/index.ts';
import type { Product } from './types.ts';

/**
 * The quantity (1 to the stock) and Add to Cart, disabled when out of stock; instead, why it cannot be bought when
 * it is not on sale (waiting for review, as an admin opens it) or is the signed-in seller's own.
 */
export function AddToCart({ product }: { product: Product }) {
  useSignals();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const soldOut = product.stockQuantity <= 0;
  const max = Math.max(product.stockQuantity, 1);
  // The stock may fall while the page is open: never offer more than there is.
  const chosen = Math.min(quantity, max);

  const notForSale = whyNotForSale(product, session.value?.id ?? null);
  if (notForSale) return <Alert tone="info">{notForSale}</Alert>;

  async function add() {
    setBusy(true);
    await addToCart(product.id, chosen);
    setBusy(false);
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <QuantityStepper label="Quantity" value={chosen} max={max} onChange={setQuantity} disabled={soldOut} />
      <button type="button" className="btn btn-primary btn-lg" disabled={soldOut || busy} onClick={() => void add()}>
        <Icon name="cart" /> Add to Cart
      </button>
    </div>
  );
}
