import { useLingui } from '@lingui/react/macro';
import { call, server } from '../../../api/client.ts';
import type { AdminProduct } from '../types.ts';
import { ProductQueue } from './ProductQueue.tsx';
import { RevisionRow } from './RevisionRow.tsx';

/** The revision routes of one product, given its id as `param`. */
const revision = server.admin.products[':id'].revision;
const param = ({ id }: AdminProduct) => ({ id: encodeURIComponent(id) });

/** The changes reviewed: a product in this queue always has one waiting. */
const revisionIdOf = (product: AdminProduct): string => product.pendingRevision!.revisionId;

/**
 * Changes sellers made to products already on sale, oldest listing first: each shows the
 * approved values beside the proposed ones. Approving puts them live; rejecting keeps the
 * approved version and tells the seller why.
 */
export function RevisionQueue({ categoryName }: { categoryName: (categoryId: string) => string }) {
  const { t } = useLingui();
  return (
    <ProductQueue
      queue="revision-queue"
      title={t`Changes to Review`}
      description={t`Sellers' changes to products already on sale. Buyers see the approved version until you approve the changes.`}
      what={t`the changes to review`}
      empty={{ title: t`No changes to review`, text: t`No seller has changed a product on sale.` }}
      accept={(product) => {
        const productName = product.name;
        return {
          send: () =>
            call(revision.approve.$post({ param: param(product), json: { revisionId: revisionIdOf(product) } })),
          done: { title: t`Changes approved`, description: t`Buyers now see the new version of ${productName}.` },
          failed: t`Error approving the changes`,
        };
      }}
      reject={(product, reason) => {
        const { name: productName, sellerName } = product;
        return {
          send: () =>
            call(revision.reject.$post({ param: param(product), json: { revisionId: revisionIdOf(product), reason } })),
          done: {
            title: t`Changes rejected`,
            description: t`${sellerName} sees your reason; ${productName} stays on sale as approved.`,
          },
          failed: t`Error rejecting the changes`,
        };
      }}
      rejection={(product) => {
        const productName = product.name;
        return {
          title: t`Reject the changes to ${productName}?`,
          confirmLabel: t`Reject changes`,
          outcome: t`The product stays on sale as approved. Its seller sees your reason and can send other changes.`,
        };
      }}
      row={(product, verdicts) => (
        <RevisionRow key={product.id} product={product} categoryName={categoryName} {...verdicts} />
      )}
    />
  );
}
