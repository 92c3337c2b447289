import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const nameId = useId();
  const revision = product.pendingRevision!;
  const productName = product.name;
  const changedOn = formatDate(revision.submittedAt);
  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <h3 id={nameId} className="font-semibold" dir="auto">
            {product.name}
          </h3>
          <SellerByline product={product}>
            <span className="text-base-content/80">
              ·{' '}
              <Trans>
                Changed <time dateTime={revision.submittedAt}>{changedOn}</time>
              </Trans>
            </span>
          </SellerByline>
        </div>
        <ProductVerdicts of="changes" productId={product.id} describedBy={nameId} {...verdicts} />
      </div>
      <RevisionChanges
        revision={revision}
        live={product}
        categoryName={categoryName}
        caption={t`Changes to ${productName}: on sale now and proposed`}
        labels={{ before: t`On sale now`, after: t`Proposed` }}
      />
    </li>
  );
}
