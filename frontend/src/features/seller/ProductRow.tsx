import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { call, server } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Price } from '../../components/Price.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { formatDate } from '../../format.ts';
import { productPath } from '../../links.ts';
import { toast } from '../../state/toasts.ts';
import { ProductStatusBadge } from './ProductStatusBadge.tsx';
import { RevisionChanges } from './RevisionChanges.tsx';
import type { SellerProduct } from './types.ts';

interface ProductRowProps {
  product: SellerProduct;
  categoryName: (categoryId: string) => string;
  onEdit: () => void;
  /** Gets the log position of the deletion. */
  onDeleted: (position: number) => void;
}

/** One of the seller's products with its status, price, stock and tags, and its actions. */
export function ProductRow({ product, categoryName, onEdit, onDeleted }: ProductRowProps) {
  const { t } = useLingui();
  const nameId = useId();
  const productName = product.name;
  const rejectionReason = product.rejectionReason;
  const stock = product.stockQuantity;
  const tagCount = product.tags.length;
  const lastSold = product.lastSoldAt && formatDate(product.lastSoldAt);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    try {
      const { position } = await call(
        server.seller.products[':id'].$delete({ param: { id: encodeURIComponent(product.id) } }),
      );
      toast({ title: t`Product deleted`, description: t`Product has been removed successfully.` });
      onDeleted(position);
    } catch (error) {
      toast({ title: t`Error deleting product`, description: (error as Error).message, tone: 'error' });
      setDeleting(false);
    }
  }

  return (
    <li className="card flex-row flex-wrap items-start gap-4 border border-base-300 p-4">
      <ProductImage src={product.images[0] ?? null} alt="" sizes="80px" className="w-20 shrink-0 rounded-box" />
      <div className="min-w-48 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-semibold" dir="auto">
            {product.name}
          </h3>
          <ProductStatusBadge status={product.displayStatus} />
        </div>
        {product.displayStatus === 'Rejected' && product.rejectionReason && (
          <p className="text-sm text-error">
            <Trans>Rejected: {rejectionReason}</Trans>
          </p>
        )}
        <RevisionStatus product={product} categoryName={categoryName} />
        <Price
          pricePaise={product.pricePaise}
          originalPricePaise={product.originalPricePaise}
          percentOff={product.percentOff}
          from={product.maxPricePaise !== product.pricePaise}
        />
        <p className="text-sm text-base-content/80">
          <Trans>Stock: {stock}</Trans> · <Plural value={tagCount} one="# tag" other="# tags" />
          {lastSold && (
            <>
              {' · '}
              <Trans>Last sold {lastSold}</Trans>
            </>
          )}
        </p>
        {product.stockQuantity === 0 && (
          <p className="text-sm font-medium text-error">
            <Trans>Out of stock</Trans>
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link href={productPath(product.id)} className="btn btn-ghost btn-sm" aria-describedby={nameId}>
          <Trans>View Details</Trans>
        </Link>
        <Link
          href={`/dashboard/seller/products/${encodeURIComponent(product.id)}/history`}
          className="btn btn-ghost btn-sm"
          aria-describedby={nameId}
        >
          <Icon name="clock" className="size-4" /> <Trans>History</Trans>
        </Link>
        <button type="button" className="btn btn-outline btn-sm" aria-describedby={nameId} onClick={onEdit}>
          <Icon name="pencil" className="size-4" /> <Trans>Edit Product</Trans>
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm"
          aria-describedby={nameId}
          onClick={() => setConfirming(true)}
        >
          <Icon name="trash" className="size-4" /> <Trans>Delete Product</Trans>
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t`Delete ${productName}?`}
          confirmLabel={t`Delete Product`}
          busyLabel={t`Deleting...`}
          busy={deleting}
          destructive
          onConfirm={remove}
          onClose={() => setConfirming(false)}
        >
          <p>
            <Trans>The product leaves the marketplace and your list. Orders already placed are not affected.</Trans>
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

/**
 * Content changes of a verified product wait for an admin while buyers see the approved
 * version: the seller sees that they wait and what they are, or why they were turned down.
 */
function RevisionStatus({
  product,
  categoryName,
}: {
  product: SellerProduct;
  categoryName: (categoryId: string) => string;
}) {
  const { t } = useLingui();
  const { pendingRevision: waiting, rejectedRevision: rejected } = product;
  const productName = product.name;
  const labels = { before: t`On sale now`, after: t`Your change` };
  if (waiting) {
    return (
      <div className="my-1 text-sm">
        <span className="badge badge-warning whitespace-nowrap">
          <Trans>Changes waiting for review</Trans>
        </span>
        <details className="mt-1">
          <summary className="cursor-pointer">
            <Trans>What you changed (buyers see the approved version until then)</Trans>
          </summary>
          <RevisionChanges
            revision={waiting}
            live={product}
            categoryName={categoryName}
            caption={t`Changes to ${productName} waiting for review`}
            labels={labels}
          />
        </details>
      </div>
    );
  }
  if (!rejected) return null;
  const reason = rejected.reason;
  return (
    <div className="my-1 text-sm">
      <p className="text-error">
        <Trans>Changes not approved: {reason}</Trans>
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer">
          <Trans>The changes an admin turned down</Trans>
        </summary>
        <RevisionChanges
          revision={rejected}
          live={product}
          categoryName={categoryName}
          caption={t`Changes to ${productName} not approved`}
          labels={labels}
        />
      </details>
    </div>
  );
}
