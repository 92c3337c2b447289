import { call, server } from '../../../api/client.ts';
import type { AdminProduct } from '../types.ts';
import { ProductQueue } from './ProductQueue.tsx';
import { ReviewRow } from './ReviewRow.tsx';

/** The admin routes of one product, given its id as `param`. */
const product = server.admin.products[':id'];
const param = ({ id }: AdminProduct) => ({ id: encodeURIComponent(id) });

/** Products pending review, oldest first: verified (on sale at once) or rejected with a reason the seller sees. */
export function ReviewQueue({ categoryName }: { categoryName: (categoryId: string) => string }) {
  return (
    <ProductQueue
      queue="review-queue"
      title="Review Queue"
      description="New and resubmitted products wait here, oldest first, until they are verified or rejected."
      what="the review queue"
      empty={{ title: 'Nothing to review', text: 'Every product has been reviewed.' }}
      accept={(queued) => ({
        send: () => call(product.verify.$post({ param: param(queued) })),
        done: { title: 'Product verified', description: `${queued.name} is now on sale.` },
        failed: 'Error verifying product',
      })}
      reject={(queued, reason) => ({
        send: () => call(product.reject.$post({ param: param(queued), json: { reason } })),
        done: {
          title: 'Product rejected',
          description: `${queued.sellerName} sees your reason and can edit and resubmit it.`,
        },
        failed: 'Error rejecting product',
      })}
      rejection={(queued) => ({
        title: `Reject ${queued.name}?`,
        confirmLabel: 'Reject product',
        outcome:
          'The product stays off the catalog. Its seller sees your reason and can edit the product to send it back for review.',
      })}
      row={(queued, verdicts) => (
        <ReviewRow key={queued.id} product={queued} categoryName={categoryName(queued.categoryId)} {...verdicts} />
      )}
    />
  );
}
