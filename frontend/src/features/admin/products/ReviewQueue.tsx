import { useState } from 'react';
import { rejectProductSchema } from '../../../../../domain/product/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { useLiveReload } from '../live.ts';
import { usePagedGet } from '../paging.tsx';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import type { AdminProduct } from '../types.ts';
import { ReviewRow } from './ReviewRow.tsx';

/** The admin routes of one product, given its id as `param`. */
const product = server.admin.products[':id'];
const param = ({ id }: AdminProduct) => ({ id: encodeURIComponent(id) });

/** Products pending review, oldest first: verified (on sale at once) or rejected with a reason the seller sees. */
export function ReviewQueue({ categoryName }: { categoryName: (categoryId: string) => string }) {
  const [queue, paging] = usePagedGet(
    (query, options) => server.admin.products['review-queue'].$get({ query }, options),
    [],
    'Failed to load the review queue',
  );
  const shown = queue.data?.items.map((product) => product.id) ?? [];
  const commands = useListCommands(queue.reload, shown);
  // A product joins the queue, or one shown leaves or changes (another admin decided, its seller edited it).
  useLiveReload(queue.reload, { 'admin.product.changed': ({ id, queued }) => queued || shown.includes(id) });
  const [rejecting, setRejecting] = useState<AdminProduct | null>(null);

  function verify(queued: AdminProduct) {
    void commands.run(queued.id, {
      send: () => call(product.verify.$post({ param: param(queued) })),
      done: { title: 'Product verified', description: `${queued.name} is now on sale.` },
      failed: 'Error verifying product',
    });
  }

  async function reject(reason: string) {
    const queued = rejecting!;
    const worked = await commands.run(queued.id, {
      send: () => call(product.reject.$post({ param: param(queued), json: { reason } })),
      done: {
        title: 'Product rejected',
        description: `${queued.sellerName} sees your reason and can edit and resubmit it.`,
      },
      failed: 'Error rejecting product',
    });
    if (worked) setRejecting(null);
  }

  return (
    <>
      <AdminList
        title="Review Queue"
        description="New and resubmitted products wait here, oldest first, until they are verified or rejected."
        headingRef={commands.heading}
        resource={queue}
        paging={paging}
        what="the review queue"
        empty={{ title: 'Nothing to review', text: 'Every product has been reviewed.' }}
        rowSkeleton="h-40"
      >
        {(product) => (
          <ReviewRow
            key={product.id}
            product={product}
            categoryName={categoryName(product.categoryId)}
            busy={commands.busyId === product.id}
            onVerify={() => verify(product)}
            onReject={() => setRejecting(product)}
          />
        )}
      </AdminList>
      {rejecting && (
        <ReasonDialog
          title={`Reject ${rejecting.name}?`}
          label="Reason for rejecting"
          schema={rejectProductSchema}
          confirmLabel="Reject product"
          busyLabel="Rejecting..."
          destructive
          onConfirm={reject}
          onClose={() => setRejecting(null)}
        >
          <p>
            The product stays off the catalog. Its seller sees your reason and can edit the product to send it back for
            review.
          </p>
        </ReasonDialog>
      )}
    </>
  );
}
