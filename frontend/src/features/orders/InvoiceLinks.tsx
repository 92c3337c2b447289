import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { taxDocumentHref } from '../../components/TaxDocumentTable.tsx';
import type { OrderPart } from './types.ts';

/** The tax invoices (and credit notes) of a shipped seller order, to download as PDF. */
export function InvoiceLinks({ part }: { part: OrderPart }) {
  const documents = useApiGet(
    (options) => server.invoices.$get({ query: { sellerOrderId: part.id } }, options),
    [part.id, part.status],
    'Failed to load your invoices',
  );
  const items = [...(documents.data?.items ?? [])].reverse();
  if (items.length === 0) return null;
  const invoices = items.filter((doc) => doc.kind === 'invoice');
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map((doc) => (
        <li key={doc.id}>
          <a className="link" href={taxDocumentHref(doc, 'pdf')} download>
            {doc.kind === 'credit_note'
              ? `Download credit note ${doc.number}`
              : invoices.length > 1
                ? `Download invoice ${doc.number}`
                : 'Download invoice'}
          </a>
        </li>
      ))}
    </ul>
  );
}
