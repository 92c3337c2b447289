import { useLingui } from '@lingui/react/macro';
import { call, server } from '../../../api/client.ts';
import type { AdminProduct } from '../types.ts';
import { ProductQueue } from './ProductQueue.tsx';
import { ReviewRow } from './ReviewRow.tsx';

/** The admin routes of one product, given its id as `param`. */
const product = server.admin.products[':id'];
const param = ({ id }: AdminProduct) => ({ id: encodeURIComponent(id) });

/** Products pending review, oldest first: verified (on sale at once) or rejected with a reason the seller sees. */
export function ReviewQueue({ categoryName }: { categoryName: (categoryId: string) => string }) {
  const { t } = useLingui();
  return (
    <ProductQueue
      queue="review-queue"
      title={t`Review Queue`}
      description={t`New and resubmitted products wait here, oldest first, until they are verified or rejected.`}
      what={t`the review queue`}
      empty={{ title: t`Nothing to review`, text: t`Every product has been reviewed.` }}
      accept={(queued) => {
        const productName = queued.name;
        return {
          send: () => call(product.verify.$post({ param: param(queued) })),
          done: { title: t`Product verified`, description: t`${productName} is now on sale.` },
          failed: t`Error verifying product`,
        };
      }}
      reject={(queued, reason) => {
        const sellerName = queued.sellerName;
        return {
          send: () => call(product.reject.$post({ param: param(queued), json: { reason } })),
          done: {
            title: t`Product rejected`,
            description: t`${sellerName} sees your reason and can edit and resubmit it.`,
          },
          failed: t`Error rejecting product`,
        };
      }}
      rejection={(queued) => {
        const productName = queued.name;
        return {
          title: t`Reject ${productName}?`,
          confirmLabel: t`Reject product`,
          outcome: t`The product stays off the catalog. Its seller sees your reason and can edit the product to send it back for review.`,
        };
      }}
      row={(queued, verdicts) => (
        <ReviewRow key={queued.id} product={queued} categoryName={categoryName(queued.categoryId)} {...verdicts} />
      )}
    />
  );
}
