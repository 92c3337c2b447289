import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import { ProductImage } from '../../../components/ProductImage.tsx';
import { formatPrice } from '../../../format.ts';
import { productPath } from '../../../links.ts';
import type { CatalogProduct } from '../types.ts';

interface FeatureRowProps {
  product: CatalogProduct;
  busy: boolean;
  onToggle: () => void;
}

/** A product of the catalog, featured or not, with the way to change it. */
export function FeatureRow({ product, busy, onToggle }: FeatureRowProps) {
  const nameId = useId();
  const sellerName = product.sellerName;
  const price = formatPrice(product.pricePaise);
  return (
    <li className="card flex-row flex-wrap items-center gap-4 border border-base-300 p-3">
      <ProductImage src={product.images[0] ?? null} alt="" sizes="56px" className="w-14 shrink-0 rounded-box" />
      <div className="min-w-48 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-semibold" dir="auto">
            <Link href={productPath(product.id)} className="link-hover">
              {product.name}
            </Link>
          </h3>
          {product.featured && (
            <span className="badge badge-primary badge-sm">
              <Trans>Featured</Trans>
            </span>
          )}
        </div>
        <p className="text-sm text-base-content/80">
          <Trans>
            by {sellerName} · {price}
          </Trans>
        </p>
      </div>
      <button
        type="button"
        className={`btn btn-sm ${product.featured ? 'btn-outline' : 'btn-primary'}`}
        aria-describedby={nameId}
        disabled={busy}
        onClick={onToggle}
      >
        {product.featured ? <Trans>Unfeature</Trans> : <Trans>Feature</Trans>}
      </button>
    </li>
  );
}
