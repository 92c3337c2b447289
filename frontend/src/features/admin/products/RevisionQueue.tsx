import { useState } from 'react';
import { rejectProductSchema } from '../../../../../domain/product/schemas.ts';
import { call, server } from '../../../api/client.ts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { useLiveReload } from '../live.ts';
import { usePagedGet } from '../paging.tsx';
import type { AdminProduct } from '../types.ts';
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
  const [queue, paging] = usePagedGet(
    (query, options) => server.admin.products['revision-queue'].$get({ query }, options),
    [],
    'Failed to load the changes to review',
  );
  const shown = queue.data?.items.map((product) => product.id) ?? [];
  const commands = useListCommands(queue.reload, shown);
  // A product joins the queue, or one shown leaves or changes (another admin decided, its seller edited it).
  useLiveReload(queue.reload, { 'admin.product.changed': ({ id, queued }) => queued || shown.includes(id) });
  const [rejecting, setRejecting] = useState<AdminProduct | null>(null);

  function approve(product: AdminProduct) {
    void commands.run(product.id, {
      send: () => call(revision.approve.$post({ param: param(product), json: { revisionId: revisionIdOf(product) } })),
      done: { title: 'Changes approved', description: `Buyers now see the new version of ${product.name}.` },
      failed: 'Error approving the changes',
    });
  }

  async function reject(reason: string) {
    const product = rejecting!;
    const worked = await commands.run(product.id, {
      send: () =>
        call(revision.reject.$post({ param: param(product), json: { revisionId: revisionIdOf(product), reason } })),
      done: {
        title: 'Changes rejected',
        description: `${product.sellerName} sees your reason; ${product.name} stays on sale as approved.`,
      },
      failed: 'Error rejecting the changes',
    });
    if (worked) setRejecting(null);
  }

  return (
    <>
      <AdminList
        title="Changes to Review"
        description="Sellers' changes to products already on sale. Buyers see the approved version until you approve the changes."
        headingRef={commands.heading}
        resource={queue}
        paging={paging}
        what="the changes to review"
        empty={{ title: 'No changes to review', text: 'No seller has changed a product on sale.' }}
        rowSkeleton="h-40"
      >
        {(product) => (
          <RevisionRow
            key={product.id}
            product={product}
            categoryName={categoryName}
            busy={commands.busyId === product.id}
            onApprove={() => approve(product)}
            onReject={() => setRejecting(product)}
          />
        )}
      </AdminList>
      {rejecting && (
        <ReasonDialog
          title={`Reject the changes to ${rejecting.name}?`}
          label="Reason for rejecting"
          schema={rejectProductSchema}
          confirmLabel="Reject changes"
          busyLabel="Rejecting..."
          destructive
          onConfirm={reject}
          onClose={() => setRejecting(null)}
        >
          <p>The product stays on sale as approved. Its seller sees your reason and can send other changes.</p>
        </ReasonDialog>
      )}
    </>
  );
}
