import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { rejectProductSchema } from '../../../../../domain/product/schemas.ts';
import { server } from '../../../api/client.ts';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { AdminList } from '../AdminList.tsx';
import { type Command, useListCommands } from '../commands.ts';
import { useLiveReload } from '../live.ts';
import { usePagedGet } from '../paging.tsx';
import type { AdminProduct } from '../types.ts';
import type { Verdicts } from './ProductVerdicts.tsx';

interface ProductQueueProps {
  /** The GET under /admin/products that pages the queue. */
  queue: 'review-queue' | 'revision-queue';
  /** AdminList's texts. */
  title: string;
  description: string;
  what: string;
  empty: { title: string; text: string };
  /** The command that accepts a product, and the one that rejects it with the admin's reason. */
  accept(product: AdminProduct): Command;
  reject(product: AdminProduct, reason: string): Command;
  /** The rejection dialog of a product: its title, its button and what it says of the outcome. */
  rejection(product: AdminProduct): { title: string; confirmLabel: string; outcome: ReactNode };
  /** A product's row (an <li>). */
  row(product: AdminProduct, verdicts: Verdicts): ReactNode;
}

/**
 * Products waiting for an admin's verdict, oldest first, kept live: each is accepted at once, or
 * rejected with a reason its seller sees.
 */
export function ProductQueue({ queue, accept, reject, rejection, row, ...texts }: ProductQueueProps) {
  const { t } = useLingui();
  const what = texts.what;
  const [products, paging] = usePagedGet(
    (query, options) => server.admin.products[queue].$get({ query }, options),
    [],
    t`Failed to load ${what}`,
  );
  const shown = products.data?.items.map((product) => product.id) ?? [];
  const commands = useListCommands(products.reload, shown);
  // A product joins the queue, or one shown leaves or changes (another admin decided, its seller edited it).
  useLiveReload(products.reload, { 'admin.product.changed': ({ id, queued }) => queued || shown.includes(id) });
  const [rejecting, setRejecting] = useState<AdminProduct | null>(null);

  async function confirmRejection(reason: string) {
    const product = rejecting!;
    if (await commands.run(product.id, reject(product, reason))) setRejecting(null);
  }

  const dialog = rejecting && rejection(rejecting);
  return (
    <>
      <AdminList {...texts} headingRef={commands.heading} resource={products} paging={paging} rowSkeleton="h-40">
        {(product) =>
          row(product, {
            busy: commands.busyId === product.id,
            onAccept: () => void commands.run(product.id, accept(product)),
            onReject: () => setRejecting(product),
          })
        }
      </AdminList>
      {dialog && (
        <ReasonDialog
          title={dialog.title}
          label={t`Reason for rejecting`}
          schema={rejectProductSchema}
          confirmLabel={dialog.confirmLabel}
          busyLabel={t`Rejecting...`}
          destructive
          onConfirm={confirmRejection}
          onClose={() => setRejecting(null)}
        >
          <p>{dialog.outcome}</p>
        </ReasonDialog>
      )}
    </>
  );
}
