import { useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { addToCart } from '../cart/index.ts';
import type { Product } from './types.ts';

/** The quantity (1 to the stock) and Add to Cart, disabled when out of stock. */
export function AddToCart({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const soldOut = product.stockQuantity <= 0;
  const max = Math.max(product.stockQuantity, 1);
  // The stock may fall while the page is open: never offer more than there is.
  const chosen = Math.min(quantity, max);

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
