import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { shortReturnId, shortSellerOrderId } from '../../../domain/order/status.ts';
import type { Data, server } from '../api/client.ts';
import { formatDate, formatDay, formatPrice } from '../format.ts';
import { formatLocale } from '../i18n/i18n.ts';
import { CARD } from './cardTable.ts';
import { FigureHead } from './FigureHead.tsx';
import { TransferStateBadge } from './TransferStateBadge.tsx';

/** A line of a seller's ledger (GET /seller/ledger, GET /admin/sellers/{id}/ledger), newest first. */
export type LedgerEntry = Data<typeof server.seller.ledger.$get>['entries']['items'][number];

const KIND_LABELS: Record<LedgerEntry['kind'], MessageDescriptor> = {
  earning: msg`Earning`,
  return: msg`Return`,
  refund: msg`Help refund`,
  payout: msg`Payout`,
  transfer: msg`Transfer`,
  reversal: msg`Transfer reversed`,
  tcs: msg`TCS`,
};

/** Entries of money moved, not earned: they have no sales or commission of their own. */
const movesMoneyOnly = (entry: LedgerEntry): boolean =>
  entry.kind !== 'earning' && entry.kind !== 'return' && entry.kind !== 'refund';

/** "10%", "12.5%": a rate in basis points. */
export const formatRate = (bps: number): string =>
  `${(bps / 100).toLocaleString(formatLocale(), { maximumFractionDigits: 2 })}%`;

/** The commission rate of an entry's lines when they share one ("at 10%"); '' when they differ or it has none. */
function rateOf(entry: LedgerEntry): string {
  const rates = new Set(entry.lines.map((line) => line.commissionBps));
  if (rates.size !== 1) return '';
  const rate = formatRate([...rates][0]!);
  return ` ${t`at ${rate}`}`;
}

/** Where an entry came from: the seller order (and return) it settles, or the payout's bank reference. */
function sourceOf(entry: LedgerEntry): string {
  if (entry.kind === 'payout') {
    const reference = entry.reference ?? '–';
    const paidOn = entry.paidOn ? formatDay(entry.paidOn) : null;
    return paidOn ? t`Ref ${reference}, paid ${paidOn}` : t`Ref ${reference}`;
  }
  const orderId = entry.sellerOrderId ? shortSellerOrderId(entry.sellerOrderId) : null;
  const order = orderId ? t`Order #${orderId}` : '–';
  if (entry.kind === 'tcs') return `${order}, ${entry.reference}`;
  const returnId = entry.returnId ? shortReturnId(entry.returnId) : null;
  return returnId ? t`${order}, return #${returnId}` : order;
}

/**
 * A seller's ledger lines: each with when, what (earning, return, payout), the order or payout it
 * came from, the sales and commission behind it, what it moved the balance by, and the balance after.
 */
export function LedgerTable({ entries, caption }: { entries: readonly LedgerEntry[]; caption: string }) {
  return (
    // From sm up it scrolls on its own when narrower than the table: focusable, so the keyboard can scroll it too.
    <div className="overflow-x-auto rounded-box border border-base-300" tabIndex={0} role="region" aria-label={caption}>
      <table className={`table table-sm ${CARD.table}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={CARD.head}>
          <tr>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Entry</Trans>
            </th>
            <th scope="col">
              <Trans>From</Trans>
            </th>
            <FigureHead>
              <Trans>Sales</Trans>
            </FigureHead>
            <FigureHead>
              <Trans>Commission</Trans>
            </FigureHead>
            <FigureHead>
              <Trans>Amount</Trans>
            </FigureHead>
            <FigureHead>
              <Trans>Balance</Trans>
            </FigureHead>
          </tr>
        </thead>
        <tbody className={CARD.body}>
          {entries.map((entry) => (
            <tr key={entry.id} className={CARD.row}>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label={t`Date`}>
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>
              </td>
              <th scope="row" className={`font-normal ${CARD.cell}`} data-label={t`Entry`}>
                {t(KIND_LABELS[entry.kind])}
                {entry.transferState && <TransferStateBadge state={entry.transferState} className="ms-2" />}
              </th>
              <td className={`max-sm:col-span-2 ${CARD.cell}`} data-label={t`From`}>
                {sourceOf(entry)}
              </td>
              <td className={`text-right whitespace-nowrap ${CARD.cell}`} data-label={t`Sales`}>
                {movesMoneyOnly(entry) ? '' : formatPrice(entry.salesPaise)}
              </td>
              <td className={`text-right whitespace-nowrap ${CARD.cell}`} data-label={t`Commission`}>
                {movesMoneyOnly(entry) ? '' : `${formatPrice(entry.commissionPaise)}${rateOf(entry)}`}
              </td>
              <td
                className={`text-right font-semibold whitespace-nowrap ${entry.amountPaise < 0 ? 'text-error' : ''} ${CARD.cell}`}
                data-label={t`Amount`}
              >
                {formatPrice(entry.amountPaise)}
              </td>
              <td className={`text-right whitespace-nowrap ${CARD.cell}`} data-label={t`Balance`}>
                {formatPrice(entry.balanceAfterPaise)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
