import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Price } from '../../../components/Price.tsx';
import { ProductImage } from '../../../components/ProductImage.tsx';
import { formatDate } from '../../../format.ts';
import type { AdminProduct } from '../types.ts';
import { ProductVerdicts, type Verdicts } from './ProductVerdicts.tsx';
import { SellerByline } from './SellerByline.tsx';

interface ReviewRowProps extends Verdicts {
  product: AdminProduct;
  categoryName: string;
}

/** A product waiting for review: everything the buyers would see, its seller, and the verdicts. */
export function ReviewRow({ product, categoryName, ...verdicts }: ReviewRowProps) {
  const nameId = useId();
  const stock = product.stockQuantity;
  const listedOn = formatDate(product.listedAt);
  return (
    <li className="card flex-row flex-wrap items-start gap-4 border border-base-300 p-4">
      <ProductImage src={product.images[0] ?? null} alt="" sizes="96px" className="w-24 shrink-0 rounded-box" />
      <div className="min-w-48 flex-1 space-y-1">
        <h3 id={nameId} className="font-semibold" dir="auto">
          {product.name}
        </h3>
        <SellerByline product={product} />
        <Price
          pricePaise={product.pricePaise}
          originalPricePaise={product.originalPricePaise}
          percentOff={product.percentOff}
        />
        <p className="text-sm whitespace-pre-line" dir="auto">
          {product.description}
        </p>
        <p className="text-sm text-base-content/80">
          {categoryName} · <Trans>Stock: {stock}</Trans>
          {product.tags.length > 0 && ` · ${product.tags.join(', ')}`} ·{' '}
          <Trans>
            Listed <time dateTime={product.listedAt}>{listedOn}</time>
          </Trans>
        </p>
      </div>
      <ProductVerdicts of="product" productId={product.id} describedBy={nameId} {...verdicts} />
    </li>
  );
}
