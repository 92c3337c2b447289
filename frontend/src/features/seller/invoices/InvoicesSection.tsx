import { Trans, useLingui } from '@lingui/react/macro';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { MonthDownload } from '../../../components/MonthDownload.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { TaxDocumentTable } from '../../../components/TaxDocumentTable.tsx';

/** MIBI's own invoices to the seller: its commission on each delivered order with GST, and the credit notes of returns. */
function MibiInvoices() {
  const { t } = useLingui();
  const documents = useApiGet(
    (options) => server['commission-invoices'].$get({ query: {} }, options),
    [],
    t`Failed to load MIBI's invoices`,
  );
  const items = documents.data?.items;
  return (
    <section aria-labelledby="mibi-invoices-title" className="mt-6">
      <h3 id="mibi-invoices-title" className="mb-1 text-lg font-semibold">
        <Trans>MIBI's invoices to you</Trans>
      </h3>
      <p className="mb-4 text-sm text-base-content/80">
        <Trans>
          MIBI's commission on each delivered order, with GST, under MIBI's GSTIN; a credit note when a return gives it
          back. Claim the GST as input tax credit.
        </Trans>
      </p>
      {documents.failed ? (
        <LoadFailed what={t`MIBI's invoices`} onRetry={() => documents.reload()} />
      ) : !items ? (
        <Skeleton className="h-24 w-full" />
      ) : items.length === 0 ? (
        <EmptyState title={t`No invoices from MIBI yet`} text={t`The first one comes when an order is delivered.`} />
      ) : (
        <TaxDocumentTable documents={items} caption={t`MIBI's invoices and credit notes to you`} />
      )}
    </section>
  );
}

/** The tax invoices MIBI issued on the seller's behalf as orders shipped, and the credit notes that reversed them; then MIBI's own to the seller. */
export function InvoicesSection({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const documents = useApiGet(
    (options) => server.invoices.$get({ query: {} }, options),
    [],
    t`Failed to load your invoices`,
  );
  const items = documents.data?.items;
  return (
    <section id="invoices" aria-labelledby="invoices-title" className={className}>
      <h2 id="invoices-title" className="mb-1 text-xl font-semibold">
        <Trans>Invoices and Credit Notes</Trans>
      </h2>
      <p className="mb-4 text-sm text-base-content/80">
        <Trans>
          Issued in your name when an order ships (with the GSTIN of your tax profile); a credit note when a shipment is
          undone or a return accepted.
        </Trans>
      </p>
      {documents.failed ? (
        <LoadFailed what={t`your invoices`} onRetry={() => documents.reload()} />
      ) : !items ? (
        <Skeleton className="h-32 w-full" />
      ) : items.length === 0 ? (
        <EmptyState title={t`No invoices yet`} text={t`Your first one is issued when you ship an order.`} />
      ) : (
        <TaxDocumentTable documents={items} caption={t`Your invoices and credit notes`} />
      )}
      <MibiInvoices />
      <div className="mt-4">
        <MonthDownload
          title={t`Monthly tax report`}
          description={t`Your supplies of a month by HSN code and GST rate, net of credit notes, and the TCS MIBI collected and credited to you, as a CSV file.`}
          action={t`Download tax report (CSV)`}
          hrefOf={(month) => server.seller['tax-report'].csv.$path({ query: { month } })}
        />
      </div>
    </section>
  );
}
