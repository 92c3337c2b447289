import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { removeFromCart, setCartQuantity } from './cartCommands.ts';
import { shortageText } from './shortage.ts';
import type { Cart, CartLine } from './types.ts';

/**
 * A line the stock no longer covers: "Only N left" with the one-click fix, setting the
 * quantity to what is left, or removing the line when nothing is (`offerRemove: false` where
 * the line already shows its own Remove button).
 */
export function StockFlag({
  line,
  onCart,
  offerRemove = true,
}: {
  line: CartLine;
  onCart: (cart: Cart) => void;
  offerRemove?: boolean;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const text = shortageText(line);
  if (!text || !line.shortage) return null;
  const { left } = line.shortage;
  const { name } = line.product;
  const { lineKey } = line;
  const fix =
    left > 0
      ? { label: t`Set to ${left}`, send: () => setCartQuantity(lineKey, left) }
      : offerRemove
        ? { label: t`Remove`, send: () => removeFromCart(lineKey) }
        : null;

  async function apply(send: () => Promise<Cart | null>) {
    setBusy(true);
    const cart = await send();
    setBusy(false);
    if (cart) onCart(cart);
  }

  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-error">
      <span>{text}</span>
      {fix && (
        <button
          type="button"
          className="btn btn-outline btn-error btn-xs"
          disabled={busy}
          onClick={() => void apply(fix.send)}
        >
          {fix.label}
          <span className="sr-only"> ({name})</span>
        </button>
      )}
    </p>
  );
}
