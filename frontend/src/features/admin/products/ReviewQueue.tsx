import { useState } from 'react';
import { rejectProductSchema } from '../../../../../domain/product/schemas.ts';
import { api, queryOf } from '../../../api/client.ts';
import type { AdminProduct, Page, ProductCommandResult } from '../../../api/types.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { PAGE_SIZE, usePaging } from '../paging.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { ReviewRow } from './ReviewRow.tsx';

const productPath = (product: AdminProduct, action: 'verify' | 'reject') =>
  `/admin/products/${encodeURIComponent(product.id)}/${action}`;

/** Products pending review, oldest first: verified (on sale at once) or rejected with a reason the seller sees. */
export function ReviewQueue({ categoryName }: { categoryName: (categoryId: string) => string }) {
  const paging = usePaging('');
  const queue = useApiGet<Page<AdminProduct>>(
    `/admin/products/review-queue${queryOf({ limit: PAGE_SIZE, offset: paging.offset })}`,
    'Failed to load the review queue',
    { live: true },
  );
  const commands = useListCommands(queue.reload, queue.data?.items.map((product) => product.id) ?? []);
  const [rejecting, setRejecting] = useState<AdminProduct | null>(null);

  function verify(product: AdminProduct) {
    void commands.run(product.id, {
      send: () => api.post<ProductCommandResult>(productPath(product, 'verify')),
      done: { title: 'Product verified', description: `${product.name} is now on sale.` },
      failed: 'Error verifying product',
    });
  }

  async function reject(reason: string) {
    const product = rejecting!;
    const worked = await commands.run(product.id, {
      send: () => api.post<ProductCommandResult>(productPath(product, 'reject'), { reason }),
      done: { title: 'Product rejected', description: `${product.sellerName} sees your reason and can edit and resubmit it.` },
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
          <p>The product stays off the catalog. Its seller sees your reason and can edit the product to send it back for review.</p>
        </ReasonDialog>
      )}
    </>
  );
}
