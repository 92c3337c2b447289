import { useId } from 'react';
import { formatDate } from '../../../format.ts';
import { RevisionChanges } from '../../seller/RevisionChanges.tsx';
import type { AdminProduct } from '../types.ts';
import { ProductVerdicts, type Verdicts } from './ProductVerdicts.tsx';
import { SellerByline } from './SellerByline.tsx';

interface RevisionRowProps extends Verdicts {
  product: AdminProduct;
  categoryName: (categoryId: string) => string;
}

/** A product on sale whose seller changed its content: what buyers see now beside what the seller asks for, and the verdicts. */
export function RevisionRow({ product, categoryName, ...verdicts }: RevisionRowProps) {
  const nameId = useId();
  const revision = product.pendingRevision!;
  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h3 id={nameId} className="font-semibold">
            {product.name}
          </h3>
          <SellerByline product={product}>
            <span className="text-base-content/80">
              · Changed <time dateTime={revision.submittedAt}>{formatDate(revision.submittedAt)}</time>
            </span>
          </SellerByline>
        </div>
        <ProductVerdicts of="changes" productId={product.id} describedBy={nameId} {...verdicts} />
      </div>
      <RevisionChanges
        revision={revision}
        live={product}
        categoryName={categoryName}
        caption={`Changes to ${product.name}: on sale now and proposed`}
        labels={{ before: 'On sale now', after: 'Proposed' }}
      />
    </li>
  );
}
