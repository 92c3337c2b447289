import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { sum } from '../../../../domain/money.ts';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { type Figure, FigureCards } from '../../components/StatCard.tsx';
import { useLiveEvent } from '../../state/live.ts';
import { SalesSection } from './analytics/SalesSection.tsx';
import { ProductOrigin } from './provenance/ProductOrigin.tsx';
import { IncomingOrders } from './IncomingOrders.tsx';
import { inrThousands } from './inrThousands.ts';
import { withSellerOrder } from './sellerOrderList.ts';
import { InvoicesSection } from './invoices/InvoicesSection.tsx';
import { LEDGER_PAGE_SIZE, LedgerSection } from './ledger/LedgerSection.tsx';
import { Notifications } from './Notifications.tsx';
import { PayoutsSection } from './payouts/PayoutsSection.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductList } from './ProductList.tsx';
import { ProductTranslationFields } from './ProductTranslationFields.tsx';
import { SectionLinks, waitingOrders } from './SectionLinks.tsx';
import { StorefrontSection } from './storefront/StorefrontSection.tsx';
import { TaxProfileSection } from './tax-profile/TaxProfileSection.tsx';
import { withProduct } from './sellerProducts.ts';
import type { SellerProduct, SellerProducts } from './types.ts';

/** The product being added ('new') or edited; null shows the list. */
type Editing = SellerProduct | 'new' | null;

/** Below the sticky header and the section links, where a section linked to starts. */
const SECTION = 'scroll-mt-32';

/**
 * The seller's dashboard: links to each section at the top, then the orders (first while any
 * wait for the seller) with the notifications, the products, the storefront, the tax profile, the
 * sales and the ledger.
 */
export default function SellerPanel() {
  const { t } = useLingui();
  const shopFigures: readonly Figure<SellerProducts>[] = [
    { icon: 'package', label: t`Total Products`, show: ({ stats }) => String(stats.total) },
    { icon: 'check', label: t`Active Products`, show: ({ stats }) => String(stats.active) },
    { icon: 'rupee', label: t`Inventory Value`, show: ({ stats }) => inrThousands(stats.inventoryValuePaise) },
  ];
  const products = useApiGet((options) => server.seller.products.$get({}, options), [], t`Error fetching products`, {
    live: true,
  });
  // An admin's decision (or any change of a product) shows in its row as it happens.
  useLiveEvent('seller-product.changed', (product) => products.update((list) => withProduct(list, product)));
  const orders = useApiGet((options) => server['seller-orders'].$get({}, options), [], t`Failed to load orders`, {
    live: true,
  });
  useLiveEvent('seller-order.changed', (order) => orders.update((list) => withSellerOrder(list, order)));
  const [onlyReturns, setOnlyReturns] = useState(false);
  const [ledgerOffset, setLedgerOffset] = useState(0);
  const ledger = useApiGet(
    (options) =>
      server.seller.ledger.$get({ query: { limit: String(LEDGER_PAGE_SIZE), offset: String(ledgerOffset) } }, options),
    [ledgerOffset],
    t`Failed to load your ledger`,
    { live: true },
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [formClosed, setFormClosed] = useState(false);

  function closeForm() {
    setEditing(null);
    setFormClosed(true);
  }

  /** After a save: the list as it is once the server has taken the change in, then back to it. */
  async function saved(position: number) {
    await products.reload(position);
    closeForm();
  }

  const waiting = waitingOrders(orders.data ?? []);
  const openReturns = sum(orders.data?.map((order) => order.openReturns) ?? []);

  const incoming = (
    <div className="grid gap-8 lg:grid-cols-3">
      <IncomingOrders
        className={`lg:col-span-2 ${SECTION}`}
        orders={orders}
        onlyReturns={onlyReturns}
        setOnlyReturns={setOnlyReturns}
        onLedgerMoved={(position) => void ledger.reload(position)}
      />
      <div id="notifications" className={SECTION}>
        <Notifications />
      </div>
    </div>
  );

  const shop = (
    <div id="products" className={SECTION}>
      <FigureCards label={t`Your shop in figures`} of={products} figures={shopFigures} />
      <div className="mt-10">
        {editing ? (
          <>
            <ProductForm product={editing === 'new' ? null : editing} onSaved={saved} onCancel={closeForm} />
            {editing !== 'new' && (
              <>
                <ProductTranslationFields product={editing} onSaved={(position) => void products.reload(position)} />
                <ProductOrigin productId={editing.id} productName={editing.name} />
              </>
            )}
          </>
        ) : (
          <ProductList
            products={products}
            focusOnShow={formClosed}
            onAdd={() => setEditing('new')}
            onEdit={setEditing}
          />
        )}
      </div>
    </div>
  );

  // Orders that wait for the seller come first; otherwise the shop does.
  const ordersFirst = waiting > 0;
  return (
    <>
      <SectionLinks waiting={waiting} openReturns={openReturns} onOrders={setOnlyReturns} />
      <div className="space-y-10">
        {ordersFirst ? incoming : shop}
        {ordersFirst ? shop : incoming}
        <StorefrontSection className={SECTION} />
        <TaxProfileSection className={SECTION} />
        <InvoicesSection className={SECTION} />
        <SalesSection className={SECTION} />
        <LedgerSection
          className={SECTION}
          ledger={ledger}
          paging={{ offset: ledgerOffset, setOffset: setLedgerOffset }}
        />
        <PayoutsSection className={SECTION} />
      </div>
    </>
  );
}
