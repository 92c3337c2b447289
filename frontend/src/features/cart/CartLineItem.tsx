import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { multiply } from '../../../../domain/money.ts';
import { LineVariant } from '../../components/LineVariant.tsx';
import { LineAnswers } from '../../components/LineAnswers.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { QuantityStepper } from '../../components/QuantityStepper.tsx';
import { productPath } from '../../links.ts';
import { useProductName } from '../../productText.ts';
import { removeFromCart, setCartQuantity } from './cartCommands.ts';
import { StockFlag } from './StockFlag.tsx';
import type { Cart, CartLine } from './types.ts';
import { Money } from '../../components/Money.tsx';

/** A cart line: image, name, unit price, quantity (1 to the stock), remove, line total, and its flag when the stock no longer covers it. */
export function CartLineItem({ line, onCart }: { line: CartLine; onCart: (cart: Cart) => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const { product, quantity } = line;
  const { name, lang } = useProductName(product);
  const href = productPath(product.id, line.variantId);

  async function change(command: () => Promise<Cart | null>) {
    setBusy(true);
    const cart = await command();
    setBusy(false);
    if (cart) onCart(cart);
  }

  return (
    <li className="flex gap-4 py-5">
      <Link href={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage src={product.imageUrl} alt="" className="w-20 rounded-box sm:w-28" />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-4">
          <h2 className="font-semibold">
            <Link href={href} className="link link-hover" lang={lang} dir="auto">
              {name}
            </Link>
            <LineVariant label={line.variantLabel} />
          </h2>
          <p className="shrink-0 font-bold">
            <Money paise={multiply(product.pricePaise, quantity)} />
          </p>
        </div>
        <LineAnswers answers={line.personalisation} />
        <p className="text-sm text-base-content/80">
          <Trans>
            <Money paise={product.pricePaise} /> each
          </Trans>
        </p>
        <StockFlag line={line} onCart={onCart} offerRemove={false} />
        <div className="mt-auto flex flex-wrap items-center gap-4">
          <QuantityStepper
            label={t`Quantity of ${name}`}
            value={quantity}
            max={product.stockQuantity}
            disabled={busy || !product.available}
            onChange={(next) => void change(() => setCartQuantity(line.lineKey, next))}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            aria-label={t`Remove ${name}`}
            disabled={busy}
            onClick={() => void change(() => removeFromCart(line.lineKey))}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </div>
    </li>
  );
}
