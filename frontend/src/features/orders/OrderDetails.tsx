import { Trans } from '@lingui/react/macro';
import { Fragment } from 'react';
import { Money } from '../../components/Money.tsx';
import { deliveryEstimate, deliveryLabel, paymentLabel } from '../../i18n/domain-labels.ts';
import type { Order } from './types.ts';

/** What "View Details" opens: where the purchase goes, how, and what it cost (each part's status history shows in the part). */
export function OrderDetails({ id, order, hidden }: { id: string; order: Order; hidden: boolean }) {
  const { shippingAddress: to } = order;

  return (
    <div id={id} hidden={hidden} className="mt-4 grid gap-6 rounded-box bg-base-200 p-4 text-sm md:grid-cols-2">
      <section>
        <h3 className="mb-2 font-semibold">
          <Trans>Shipping address</Trans>
        </h3>
        <address className="not-italic" dir="auto">
          {to.firstName} {to.lastName}
          <br />
          {to.address}
          <br />
          {to.city}, {to.state} {to.pincode}
          <br />
          <Phone phone={to.phone} />
        </address>
      </section>

      <section>
        <h3 className="mb-2 font-semibold">
          <Trans>Delivery and payment</Trans>
        </h3>
        <p>
          {deliveryLabel(order.delivery)} ({deliveryEstimate(order.delivery)})
        </p>
        <p>{paymentLabel(order.payment)}</p>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          {order.sellerOrders.length > 1 &&
            order.sellerOrders.map((part) => (
              <Fragment key={part.id}>
                <SellerItems sellerName={part.sellerName} />
                <dd className="text-right">
                  <Money paise={part.subtotalPaise} />
                </dd>
              </Fragment>
            ))}
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd className="text-right">
            <Money paise={order.subtotalPaise} />
          </dd>
          <dt>
            <Trans>Delivery</Trans>
          </dt>
          <dd className="text-right">
            <Money paise={order.deliveryChargePaise} />
          </dd>
          <dt className="font-semibold">
            <Trans>Total</Trans>
          </dt>
          <dd className="text-right font-semibold">
            <Money paise={order.totalPaise} />
          </dd>
        </dl>
        <p className="mt-2 text-base-content/80">
          <Trans>MIBI delivers the whole order: the delivery charge is paid once, whoever the sellers are.</Trans>
        </p>
      </section>
    </div>
  );
}

function Phone({ phone }: { phone: string }) {
  return <Trans>Phone: {phone}</Trans>;
}

function SellerItems({ sellerName }: { sellerName: string }) {
  return (
    <dt>
      <Trans>
        Items from <span dir="auto">{sellerName}</span>
      </Trans>
    </dt>
  );
}
