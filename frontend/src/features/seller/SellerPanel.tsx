import { useState } from 'react';
import { formatInrThousands } from '../../../../domain/money.ts';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { type Figure, FigureCards } from '../../components/StatCard.tsx';
import { useLiveEvent } from '../../state/live.ts';
import { SalesSection } from './analytics/SalesSection.tsx';
import { IncomingOrders } from './IncomingOrders.tsx';
import { LEDGER_PAGE_SIZE, LedgerSection } from './ledger/LedgerSection.tsx';
import { Notifications } from './Notifications.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductList } from './ProductList.tsx';
import { StorefrontSection } from './storefront/StorefrontSection.tsx';
import { withProduct } from './sellerProducts.ts';
import type { SellerProduct, SellerProducts } from './types.ts';

const SHOP_FIGURES: readonly Figure<SellerProducts>[] = [
  { icon: 'package', label: 'Total Products', show: ({ stats }) => String(stats.total) },
  { icon: 'check', label: 'Active Products', show: ({ stats }) => String(stats.active) },
  { icon: 'rupee', label: 'Inventory Value', show: ({ stats }) => formatInrThousands(stats.inventoryValuePaise) },
];

/** The product being added ('new') or edited; null shows the list. */
type Editing = SellerProduct | 'new' | null;

/** The seller's dashboard: figures, the products (or the product form), the storefront, sales, incoming orders and notifications, and the ledger. */
export default function SellerPanel() {
  const products = useApiGet((options) => server.seller.products.$get({}, options), [], 'Error fetching products', {
    live: true,
  });
  // An admin's decision (or any change of a product) shows in its row as it happens.
  useLiveEvent('seller-product.changed', (product) => products.update((list) => withProduct(list, product)));
  const [ledgerOffset, setLedgerOffset] = useState(0);
  const ledger = useApiGet(
    (options) =>
      server.seller.ledger.$get({ query: { limit: String(LEDGER_PAGE_SIZE), offset: String(ledgerOffset) } }, options),
    [ledgerOffset],
    'Failed to load your ledger',
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

  return (
    <>
      <FigureCards label="Your shop in figures" of={products} figures={SHOP_FIGURES} />

      <div className="mt-10">
        {editing ? (
          <ProductForm product={editing === 'new' ? null : editing} onSaved={saved} onCancel={closeForm} />
        ) : (
          <ProductList
            products={products}
            focusOnShow={formClosed}
            onAdd={() => setEditing('new')}
            onEdit={setEditing}
          />
        )}
      </div>

      <StorefrontSection className="mt-10" />

      <SalesSection className="mt-10" />

      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <IncomingOrders className="lg:col-span-2" onLedgerMoved={(position) => void ledger.reload(position)} />
        <Notifications />
      </div>

      <LedgerSection className="mt-10" ledger={ledger} paging={{ offset: ledgerOffset, setOffset: setLedgerOffset }} />
    </>
  );
}
