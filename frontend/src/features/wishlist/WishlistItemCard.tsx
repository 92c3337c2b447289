import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Price } from '../../components/Price.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { ProductName } from '../../components/ProductName.tsx';
import { StockBadge } from '../../components/StockBadge.tsx';
import { productPath } from '../../links.ts';
import { toast } from '../../state/toasts.ts';
import { addToCart } from '../cart/index.ts';
import type { WishlistItem } from './types.ts';
import { setSaved } from './wishlistState.ts';

/** What the product page is opened to ask when Add to Cart cannot add the item as saved. */
const ASK_FIRST = {
  variant: msg`Choose one of its options, then Add to Cart.`,
  answers: msg`Answer its questions, then Add to Cart.`,
} as const;

/**
 * A saved product or variant: its picture, name (and variant), seller, live price and stock, Add
 * to Cart and Remove. Add to Cart opens the product page (the variant saved chosen) when it must
 * ask something first: a variant of a product saved as a whole, or a required question.
 */
export function WishlistItemCard({ item, onRemoved }: { item: WishlistItem; onRemoved: () => void }) {
  const { t } = useLingui();
  const { productId, variantId, product } = item;
  const sellerName = product.sellerName || t`Seller`;
  const stockQuantity = product.stockQuantity;
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const nameId = useId();
  const inStock = product.available && product.stockQuantity > 0;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    await action();
    setBusy(false);
  }

  return (
    <li className="card overflow-hidden border border-base-300 bg-base-100" aria-labelledby={nameId}>
      <ProductImage src={product.imageUrl} alt="" className="w-full" />
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h3 id={nameId} className="min-h-12 font-semibold break-words">
          <Link href={productPath(productId, variantId ?? undefined)} className="link link-hover" dir="auto">
            <ProductName product={product} />
            {product.variantLabel && ' '}
            {product.variantLabel && <span className="block text-sm font-normal">{product.variantLabel}</span>}
          </Link>
        </h3>
        <p className="text-sm text-base-content/80">
          <Trans>
            Sold by <span dir="auto">{sellerName}</span>
          </Trans>
        </p>
        <Price
          pricePaise={product.pricePaise}
          originalPricePaise={product.originalPricePaise}
          percentOff={product.percentOff}
        />
        <p className="flex min-h-5 flex-wrap items-center gap-2 text-sm">
          {!product.available ? (
            <span className="font-medium text-error">
              <Trans>No longer available</Trans>
            </span>
          ) : (
            <>
              <span className={inStock ? 'font-medium text-secondary' : 'font-medium text-error'}>
                {inStock ? t`${stockQuantity} in stock` : t`Out of stock`}
              </span>
              {inStock && <StockBadge stockQuantity={product.stockQuantity} />}
            </>
          )}
        </p>
        <div className="mt-auto flex gap-2 pt-2">
          <button
            type="button"
            className="btn btn-primary btn-sm flex-1"
            aria-describedby={nameId}
            disabled={busy || !inStock}
            onClick={() => {
              if (product.asksFirst === null) return run(() => addToCart(productId, 1, variantId ?? undefined));
              navigate(productPath(productId, variantId ?? undefined));
              toast({ title: t`A few details first`, description: t(ASK_FIRST[product.asksFirst]), tone: 'info' });
            }}
          >
            <Trans>Add to Cart</Trans>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-describedby={nameId}
            disabled={busy}
            onClick={() => run(async () => (await setSaved(productId, false, variantId)) && onRemoved())}
          >
            <Trans>Remove</Trans>
          </button>
        </div>
      </div>
    </li>
  );
}
