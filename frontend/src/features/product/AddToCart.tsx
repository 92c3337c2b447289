import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { whyNotForSale } from '../../../../domain/catalog/availability.ts';
import { Alert } from '../../components/Alert.tsx';
import { Icon } from '../../components/Icon.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { session } from '../../state/session.ts';
import { addToCart } from '../cart/index.ts';
import type { Product } from './types.ts';

interface AddToCartProps {
  product: Product;
  /** The variant chosen (a product without options: its one variant); null until every option has a value. */
  variant: Product['variants'][number] | null;
  /** What is still to choose ("Please choose a size"), said when Add to Cart is pressed before. */
  missing: string | null;
}

/**
 * The quantity (1 to the variant's stock) and Add to Cart, disabled when it is out of stock;
 * pressed before a variant is chosen, it says which option is missing. Instead, why the product
 * cannot be bought when it is not on sale (waiting for review, as an admin opens it) or is the
 * signed-in seller's own.
 */
export function AddToCart({ product, variant, missing }: AddToCartProps) {
  useSignals();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const stockQuantity = variant?.stockQuantity ?? product.stockQuantity;
  const soldOut = stockQuantity <= 0;
  const max = Math.max(stockQuantity, 1);
  // The stock may fall while the page is open: never offer more than there is.
  const chosen = Math.min(quantity, max);

  const notForSale = whyNotForSale(product, session.value?.id ?? null);
  if (notForSale) return <Alert tone="info">{notForSale}</Alert>;

  async function add() {
    if (!variant) {
      setRefused(true);
      return;
    }
    setBusy(true);
    await addToCart(product.id, chosen, variant.id);
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <QuantityStepper label="Quantity" value={chosen} max={max} onChange={setQuantity} disabled={soldOut} />
        <button type="button" className="btn btn-primary btn-lg" disabled={soldOut || busy} onClick={() => void add()}>
          <Icon name="cart" /> Add to Cart
        </button>
      </div>
      {refused && missing && <Alert tone="error">{missing}</Alert>}
    </div>
  );
}
