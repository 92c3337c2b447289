import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { sum } from '../../../../domain/money.ts';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { StatCard, StatCards, figureOf } from '../../components/StatCard.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { formatPrice } from '../../format.ts';
import { upsertById } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import { CartTab, useCart } from '../cart/index.ts';
import { type Order, OrderList, OrderNotices, amountSpent } from '../orders/index.ts';

const TABS = [
  { id: 'orders', label: msg`Recent Orders` },
  { id: 'cart', label: msg`Shopping Cart` },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** Total Spent: what the buyer's orders cost, cancelled parts and accepted returns aside. */
const totalSpent = (orders: readonly Order[]) => sum(orders.map(amountSpent));

/** The buyer's dashboard: figures, then the orders (kept live) and the cart in tabs, then the notices of the orders. */
export default function BuyerPanel() {
  const { t } = useLingui();
  const orders = useApiGet((options) => server.orders.$get({}, options), [], t`Failed to load orders`, { live: true });
  const cart = useCart();
  const [tab, setTab] = useState<TabId>('orders');

  useLiveEvent('order.changed', (order) => {
    // A new order (placed in another tab) has emptied the cart.
    if (!orders.data?.some((known) => known.id === order.id)) {
      call(server.cart.$get()).then(cart.update, (error) => console.error('Could not load the cart', error));
    }
    orders.update((list) => upsertById(list, order));
  });

  const cartItems =
    cart.state.status === 'ready' ? String(cart.state.cart.count) : cart.state.status === 'failed' ? '–' : null;

  return (
    <>
      <StatCards label={t`Your account in figures`}>
        <StatCard icon="package" label={t`Total Orders`} value={figureOf(orders, (list) => String(list.length))} />
        <StatCard icon="cart" label={t`Cart Items`} value={cartItems} />
        <StatCard
          icon="rupee"
          label={t`Total Spent`}
          value={figureOf(orders, (list) => formatPrice(totalSpent(list)))}
        />
      </StatCards>
      <section className="mt-10" aria-label={t`Orders and cart`}>
        <Tabs
          label={t`Orders and cart`}
          tabs={TABS.map((one) => ({ ...one, label: t(one.label) }))}
          selected={tab}
          onSelect={setTab}
        >
          {tab === 'orders' ? <OrderList orders={orders} /> : <CartTab cart={cart} />}
        </Tabs>
      </section>
      <div className="mt-10">
        <OrderNotices />
      </div>
    </>
  );
}
