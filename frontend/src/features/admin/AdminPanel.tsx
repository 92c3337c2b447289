import { Trans, useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { EventCatalog } from '../../components/EventCatalog.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { CertificatesTab } from './certificates/CertificatesTab.tsx';
import { CommissionTab } from './commission/CommissionTab.tsx';
import { DeliveryZonesTab } from './delivery/DeliveryZonesTab.tsx';
import { DisputesTab } from './disputes/DisputesTab.tsx';
import { InvoicesTab } from './invoices/InvoicesTab.tsx';
import { OrdersTab } from './orders/OrdersTab.tsx';
import { OverviewTab } from './overview/OverviewTab.tsx';
import { PaymentsTab } from './payments/PaymentsTab.tsx';
import { PayoutsTab } from './payouts/PayoutsTab.tsx';
import { ProductsTab } from './products/ProductsTab.tsx';
import { RatesTab } from './rates/RatesTab.tsx';
import { SellersTab } from './sellers/SellersTab.tsx';
import { TaxTab } from './tax/TaxTab.tsx';
import { type AdminTab, ADMIN_TABS, adminHref, tabOf } from './url.ts';
import { UsersTab } from './users/UsersTab.tsx';

const PANELS: Record<AdminTab, ComponentType> = {
  overview: OverviewTab,
  sellers: SellersTab,
  products: ProductsTab,
  orders: OrdersTab,
  payments: PaymentsTab,
  disputes: DisputesTab,
  certificates: CertificatesTab,
  payouts: PayoutsTab,
  commission: CommissionTab,
  tax: TaxTab,
  rates: RatesTab,
  delivery: DeliveryZonesTab,
  invoices: InvoicesTab,
  users: UsersTab,
  events: EventCatalog,
};

/** The admin console: a tab per area, kept in the URL (`?tab=sellers`); another tab starts without the filters of the last. */
export default function AdminPanel() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const tab = tabOf(new URLSearchParams(useSearch()).get('tab'));
  const Panel = PANELS[tab];
  return (
    <>
      <Link href="/streams" className="link mb-2 inline-block text-sm">
        <Trans>Stream browser: the event log, its causes and effects</Trans>
      </Link>
      <Tabs
        label={t`Admin console`}
        tabs={ADMIN_TABS.map((tab) => ({ id: tab.id, label: t(tab.label) }))}
        selected={tab}
        onSelect={(id) => navigate(adminHref(id), { replace: true })}
      >
        <Panel />
      </Tabs>
    </>
  );
}
