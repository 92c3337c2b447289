import { Trans, useLingui } from '@lingui/react/macro';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { MonthDownload } from '../../../components/MonthDownload.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { TaxDocumentTable } from '../../../components/TaxDocumentTable.tsx';
import { SearchForm } from '../SearchForm.tsx';
import { useFilters } from '../url.ts';

/** The documents numbered `number`: the sellers' (each has its own series, so one number may name several) and MIBI's own (commission, delivery). */
function Found({ number }: { number: string }) {
  const { t } = useLingui();
  const sellers = useApiGet(
    (options) => server.invoices.$get({ query: { number } }, options),
    [number],
    t`Failed to find the invoice`,
  );
  const mibi = useApiGet(
    (options) => server['commission-invoices'].$get({ query: { number } }, options),
    [number],
    t`Failed to find the invoice`,
  );
  const delivery = useApiGet(
    (options) => server['delivery-invoices'].$get({ query: { number } }, options),
    [number],
    t`Failed to find the invoice`,
  );
  const failed = [sellers, mibi, delivery].find((search) => search.failed);
  if (failed) return <LoadFailed what={t`the invoices`} onRetry={() => failed.reload()} />;
  if (!sellers.data || !mibi.data || !delivery.data) return <Skeleton className="h-24 w-full" />;
  const found = [...sellers.data.items, ...mibi.data.items, ...delivery.data.items];
  if (found.length === 0)
    return <EmptyState title={t`No invoice has this number`} text={t`Check the number as the document shows it.`} />;
  return <TaxDocumentTable documents={found} caption={t`Documents numbered ${number}`} />;
}

/** Finds a tax invoice or credit note (a seller's or MIBI's own) by its number, kept in the URL (`?tab=invoices&number=`). */
export function InvoicesTab() {
  const { t } = useLingui();
  const [{ number }, change] = useFilters(['number'] as const);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">
        <Trans>Invoices</Trans>
      </h2>
      <SearchForm
        label={t`Invoice or credit note number`}
        placeholder={t`e.g. KSG/2026-27/0042`}
        value={number}
        onSearch={(text) => change({ number: text })}
      />
      {number && <Found number={number} />}
      <MonthDownload
        title="GSTR-8"
        description={t`Per supplier GSTIN: supplies invoiced in the month, returned, the net liable for TCS, and the TCS by IGST, CGST and SGST, as a CSV file.`}
        action={t`Download GSTR-8 (CSV)`}
        hrefOf={(month) => server.admin.gstr8.csv.$path({ query: { month } })}
      />
    </div>
  );
}
