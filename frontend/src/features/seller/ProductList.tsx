import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Resource } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useCategoryNames } from '../catalog/index.ts';
import { ProductRow } from './ProductRow.tsx';
import type { SellerProduct, SellerProducts } from './types.ts';

interface ProductListProps {
  products: Resource<SellerProducts>;
  /** Back from the product form, whose buttons had the focus: the list's heading takes it. */
  focusOnShow: boolean;
  onAdd: () => void;
  onEdit: (product: SellerProduct) => void;
}

/** The seller's products, newest first, with the way to add one. */
export function ProductList({ products, focusOnShow, onAdd, onEdit }: ProductListProps) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  const names = useCategoryNames();
  // Deleting a product removes the button that had the focus: it moves to the list's heading.
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    if (focusOnShow || deletions > 0) heading.current?.focus();
  }, [focusOnShow, deletions]);

  function deleted(product: SellerProduct, position: number) {
    products.update((current) => ({ ...current, items: current.items.filter((item) => item.id !== product.id) }));
    setDeletions((count) => count + 1);
    // The figures come from the server.
    void products.reload(position);
  }

  return (
    <section aria-labelledby="products-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          <Trans>Your Products</Trans>
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link href="/dashboard/seller/catalog" className="btn btn-outline">
            <Icon name="layers" className="size-4" /> <Trans>Import or export (CSV)</Trans>
          </Link>
          <button type="button" className="btn btn-primary" onClick={onAdd}>
            <Icon name="plus" className="size-4" /> <Trans>Add New Product</Trans>
          </button>
        </div>
      </div>
      {products.loading ? (
        <div className="space-y-3" aria-busy="true" aria-label={t`Loading products`}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-32 rounded-box" />
          ))}
        </div>
      ) : products.failed ? (
        <LoadFailed what={t`your products`} onRetry={() => void products.reload()} />
      ) : products.data!.items.length === 0 ? (
        <EmptyState title={t`No products yet`} text={t`List your first product and reach buyers across India.`}>
          <button type="button" className="btn btn-primary" onClick={onAdd}>
            <Trans>Add Your First Product</Trans>
          </button>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {products.data!.items.map((product) => (
            <ProductRow
              key={product.id}
              product={product}
              categoryName={names.category}
              onEdit={() => onEdit(product)}
              onDeleted={(position) => deleted(product, position)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
