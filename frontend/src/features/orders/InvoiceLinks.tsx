import { useLingui } from '@lingui/react/macro';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { documentHref } from '../../components/TaxDocumentTable.tsx';
import type { Order, OrderPart } from './types.ts';

/** The tax invoices (and credit notes) of a shipped seller order, to download as PDF. */
export function InvoiceLinks({ part }: { part: OrderPart }) {
  const { t } = useLingui();
  const documents = useApiGet(
    (options) => server.invoices.$get({ query: { sellerOrderId: part.id } }, options),
    [part.id, part.status],
    t`Failed to load your invoices`,
  );
  const items = [...(documents.data?.items ?? [])].reverse();
  if (items.length === 0) return null;
  const invoices = items.filter((doc) => doc.kind === 'invoice');
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map((doc) => {
        const number = doc.number;
        return (
          <li key={doc.id}>
            <a className="link" href={documentHref(doc, 'pdf')} download>
              {doc.kind === 'credit_note'
                ? t`Download credit note ${number}`
                : invoices.length > 1
                  ? t`Download invoice ${number}`
                  : t`Download invoice`}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** MIBI's invoice of a purchase's delivery charge (and its credit note if the purchase was cancelled whole), to download as PDF. */
export function DeliveryInvoiceLinks({ order }: { order: Order }) {
  const { t } = useLingui();
  const statuses = order.sellerOrders.map((part) => part.status).join();
  const documents = useApiGet(
    (options) => server['delivery-invoices'].$get({ query: { orderId: order.id } }, options),
    [order.id, statuses],
    t`Failed to load your delivery invoice`,
  );
  const items = [...(documents.data?.items ?? [])].reverse();
  if (items.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {items.map((doc) => {
        const number = doc.number;
        return (
          <li key={doc.id}>
            <a className="link" href={documentHref(doc, 'pdf')} download>
              {doc.kind === 'delivery_invoice'
                ? t`Download delivery invoice`
                : t`Download delivery credit note ${number}`}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
