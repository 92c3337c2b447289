/** Where the admin console is: its tab and that tab's filters, kept in the query string of /dashboard/admin. */
import { msg } from '@lingui/core/macro';
import { useSearchParams } from 'wouter';
import { queryOf } from '../../api/client.ts';

export const ADMIN_TABS = [
  { id: 'overview', label: msg`Overview` },
  { id: 'sellers', label: msg`Sellers` },
  { id: 'products', label: msg`Products` },
  { id: 'orders', label: msg`Orders` },
  { id: 'payments', label: msg`Payments` },
  { id: 'disputes', label: msg`Disputes` },
  { id: 'certificates', label: msg`Certificates` },
  { id: 'payouts', label: msg`Payouts` },
  { id: 'commission', label: msg`Commission` },
  { id: 'tax', label: msg`Tax rates` },
  { id: 'rates', label: msg`Rates` },
  { id: 'delivery', label: msg`Delivery zones` },
  { id: 'invoices', label: msg`Invoices` },
  { id: 'users', label: msg`Users` },
  { id: 'events', label: msg`Events` },
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
