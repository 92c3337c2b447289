/** Where the admin console is: its tab and that tab's filters, kept in the query string of /dashboard/admin. */
import { useSearchParams } from 'wouter';
import { queryOf } from '../../api/client.ts';

export const ADMIN_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'sellers', label: 'Sellers' },
  { id: 'products', label: 'Products' },
  { id: 'orders', label: 'Orders' },
  { id: 'payments', label: 'Payments' },
  { id: 'disputes', label: 'Disputes' },
  { id: 'certificates', label: 'Certificates' },
  { id: 'payouts', label: 'Payouts' },
  { id: 'commission', label: 'Commission' },
  { id: 'tax', label: 'Tax rates' },
  { id: 'rates', label: 'Rates' },
  { id: 'delivery', label: 'Delivery zones' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'users', label: 'Users' },
  { id: 'events', label: 'Events' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['id'];

const DEFAULT_TAB: AdminTab = 'overview';

/** The tab named by `?tab=`, the overview for none (or one this console does not have). */
export const tabOf = (value: string | null): AdminTab => ADMIN_TABS.find((tab) => tab.id === value)?.id ?? DEFAULT_TAB;

/** A link to a tab of the console, with filters: `adminHref('orders', { status: 'pending' })`. */
export const adminHref = (tab: AdminTab, filters: Record<string, string | undefined> = {}): string =>
  `/dashboard/admin${queryOf({ tab: tab === DEFAULT_TAB ? undefined : tab, ...filters })}`;

/**
 * The filters `keys` of the current tab as text ('' when absent) and a way to change some
 * of them; the others stay. Changes replace the history entry, as typing in a filter does.
 */
export function useFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;

  function change(changes: Partial<Record<K, string>>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries<string | undefined>(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  return [values, change] as const;
}
