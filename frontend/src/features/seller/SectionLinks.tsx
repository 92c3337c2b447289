import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { OrderStatus } from '../../../../domain/order/status.ts';
import type { SellerOrder } from '../orders/index.ts';

/** The statuses in which an order waits for its seller to move it. */
const WAITING: readonly OrderStatus[] = ['pending', 'processing', 'shipped'];

/** How many orders wait for the seller: to be moved on, or with a return to decide. */
export const waitingOrders = (orders: readonly SellerOrder[]): number =>
  orders.filter((order) => WAITING.includes(order.status) || order.openReturns > 0).length;

interface SectionLinksProps {
  waiting: number;
  openReturns: number;
  /** The orders section shows only those with returns to decide (true), or all of them. */
  onOrders: (onlyReturns: boolean) => void;
}

/** A count beside a link, read out with it. */
function Count({ n, of }: { n: number; of: string }) {
  if (n === 0) return null;
  return (
    <span className="badge badge-primary badge-sm ml-1">
      {n}
      <span className="sr-only"> {of}</span>
    </span>
  );
}

/** The seller's pages beside the dashboard: proof of origin. */
const PAGES: ReadonlyArray<{ label: MessageDescriptor; href: string }> = [
  { label: msg`Makers`, href: '/seller/makers' },
  { label: msg`Certificates`, href: '/seller/certificates' },
];

/**
 * The links to each section of the seller's dashboard, then to the seller's other pages, kept in
 * view under the header as the page scrolls.
 */
export function SectionLinks({ waiting, openReturns, onOrders }: SectionLinksProps) {
  const { t } = useLingui();
  // Orders and Returns both lead to the orders section, which they filter.
  const sections = [
    {
      label: t`Orders`,
      href: '#orders',
      onClick: () => onOrders(false),
      count: <Count n={waiting} of={t`waiting`} />,
    },
    { label: t`Products`, href: '#products' },
    {
      label: t`Returns`,
      href: '#orders',
      onClick: () => onOrders(true),
      count: <Count n={openReturns} of={t`to decide`} />,
    },
    { label: t`Ledger`, href: '#ledger' },
    { label: t`Payouts`, href: '#payouts' },
    { label: t`Storefront`, href: '#storefront' },
    { label: t`Tax profile`, href: '#tax-profile' },
    { label: t`Invoices`, href: '#invoices' },
    { label: t`Notifications`, href: '#notifications' },
  ];
  return (
    <nav
      aria-label={t`Dashboard sections`}
      className="sticky top-16 z-30 -mx-4 mb-6 border-b border-base-300 bg-base-100/95 px-4 py-2"
    >
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        {sections.map(({ label, href, onClick, count }) => (
          <li key={label}>
            <a href={href} className="link link-hover whitespace-nowrap py-1" onClick={onClick}>
              {label}
              {count}
            </a>
          </li>
        ))}
        {PAGES.map(({ label, href }) => (
          <li key={href}>
            <Link href={href} className="link link-hover whitespace-nowrap py-1">
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
