import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { multiply } from '../../../../../domain/money.ts';
import { Alert } from '../../../components/Alert.tsx';
import { InfoDialog } from '../../../components/Dialog.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../../../format.ts';
import { useCategoryNames } from '../../catalog/index.ts';
import { orderLabel } from '../../orders/index.ts';
import type { ProductAsOrdered } from '../types.ts';
import { fetchAsOrdered } from './historyApi.ts';
import { fieldLabel, fieldValue } from './fieldWords.ts';
import { versionFields } from './versionFields.ts';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; asOrdered: ProductAsOrdered };

interface AsOrderedDialogProps {
  productId: string;
  orderId: string;
  /** The product's name now, for the title while the old version loads. */
  name: string;
  onClose: () => void;
}

/** An order line's product exactly as the buyer saw it when ordering: every field then, and what they paid. */
export function AsOrderedDialog({ productId, orderId, name, onClose }: AsOrderedDialogProps) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    fetchAsOrdered(productId, orderId).then(
      (asOrdered) => current && setLoaded({ status: 'ready', asOrdered }),
      (error: Error) => current && setLoaded({ status: 'failed', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [productId, orderId]);

  return (
    <InfoDialog title={t`${name} as ordered`} onClose={onClose}>
      {loaded.status === 'loading' ? (
        <div aria-busy="true" aria-label={t`Loading the product as ordered`}>
          <Skeleton className="h-96 rounded-box" />
        </div>
      ) : loaded.status === 'failed' ? (
        <Alert tone="error">{loaded.message}</Alert>
      ) : (
        <AsOrdered asOrdered={loaded.asOrdered} />
      )}
    </InfoDialog>
  );
}

function AsOrdered({ asOrdered }: { asOrdered: ProductAsOrdered }) {
  const names = useCategoryNames();
  const { orderId, placedAt, line, product } = asOrdered;
  const order = orderLabel(orderId);
  const placed = formatDateTime(placedAt);
  const quantity = formatNumber(line.quantity);
  const price = formatPrice(line.pricePaise);
  const total = formatPrice(multiply(line.pricePaise, line.quantity));
  return (
    <>
      <p>
        <Trans>
          Order {order}, placed <time dateTime={placedAt}>{placed}</time>:{' '}
          <strong>
            {quantity} x {price} = {total}
          </strong>
        </Trans>
      </p>
      <table className="table table-sm mt-3 table-fixed">
        <caption className="sr-only">
          <Trans>The product when the order was placed</Trans>
        </caption>
        <tbody>
          {versionFields(product, names).map(({ field, value }) => (
            <tr key={field}>
              <th scope="row" className="w-32 align-top font-medium">
                {fieldLabel(field)}
              </th>
              <td dir="auto" className="align-top break-words whitespace-pre-line">
                {fieldValue(field, value)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm text-base-content/80">
        <Trans>Stock is as it stood once this order had reserved its units.</Trans>
      </p>
    </>
  );
}
