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
  return (
    <ProductQueue
      queue="revision-queue"
      title="Changes to Review"
      description="Sellers' changes to products already on sale. Buyers see the approved version until you approve the changes."
      what="the changes to review"
      empty={{ title: 'No changes to review', text: 'No seller has changed a product on sale.' }}
      accept={(product) => ({
        send: () =>
          call(revision.approve.$post({ param: param(product), json: { revisionId: revisionIdOf(product) } })),
        done: { title: 'Changes approved', description: `Buyers now see the new version of ${product.name}.` },
        failed: 'Error approving the changes',
      })}
      reject={(product, reason) => ({
        send: () =>
          call(revision.reject.$post({ param: param(product), json: { revisionId: revisionIdOf(product), reason } })),
        done: {
          title: 'Changes rejected',
          description: `${product.sellerName} sees your reason; ${product.name} stays on sale as approved.`,
        },
        failed: 'Error rejecting the changes',
      })}
      rejection={(product) => ({
        title: `Reject the changes to ${product.name}?`,
        confirmLabel: 'Reject changes',
        outcome: 'The product stays on sale as approved. Its seller sees your reason and can send other changes.',
      })}
      row={(product, verdicts) => (
        <RevisionRow key={product.id} product={product} categoryName={categoryName} {...verdicts} />
      )}
    />
  );
}
