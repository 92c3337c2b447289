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

/** The links to each section of the seller's dashboard, kept in view under the header as the page scrolls. */
export function SectionLinks({ waiting, openReturns, onOrders }: SectionLinksProps) {
  const link = 'link link-hover whitespace-nowrap py-1';
  return (
    <nav
      aria-label="Dashboard sections"
      className="sticky top-16 z-30 -mx-4 mb-6 border-b border-base-300 bg-base-100/95 px-4 py-2"
    >
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        <li>
          <a href="#orders" className={link} onClick={() => onOrders(false)}>
            Orders
            <Count n={waiting} of="waiting" />
          </a>
        </li>
        <li>
          <a href="#products" className={link}>
            Products
          </a>
        </li>
        <li>
          <a href="#orders" className={link} onClick={() => onOrders(true)}>
            Returns
            <Count n={openReturns} of="to decide" />
          </a>
        </li>
        <li>
          <a href="#ledger" className={link}>
            Ledger
          </a>
        </li>
        <li>
          <a href="#storefront" className={link}>
            Storefront
          </a>
        </li>
        <li>
          <a href="#notifications" className={link}>
            Notifications
          </a>
        </li>
      </ul>
    </nav>
  );
}
