import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  DEFAULT_DELIVERY,
  DEFAULT_PAYMENT,
  type DeliveryMethod,
  DELIVERY_OPTIONS,
  PAYMENT_METHODS,
} from '../../../../domain/order/options.ts';
import { SHORTAGE_CODES } from '../../../../domain/catalog/availability.ts';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { Money } from '../../components/Money.tsx';
import { deliveryEstimate, deliveryLabel, paymentDescription, paymentLabel } from '../../i18n/domain-labels.ts';
import { useForm } from '../../forms.ts';
import { loginHref } from '../../links.ts';
import { toast } from '../../state/toasts.ts';
import { type Cart, CartLoadFailed, EmptyCart, cartCount, orderable, useCart } from '../cart/index.ts';
import { MAX_ADDRESSES, saveAddress, useAddressBook } from '../addresses/index.ts';
import { checkoutFormSchema } from './checkoutForm.ts';
import { ChoiceCard } from './ChoiceCard.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { ShippingAddressChoice } from './ShippingAddressChoice.tsx';
import { newIdempotencyKey, placeOrder } from './placeOrder.ts';
import { goToPaymentPage } from '../orders/index.ts';
import { cartEstimates, OptionWindows, useDeliveryEstimates } from '../delivery/index.ts';

/** What the cart's windows depend on: its lines and quantities. */
const cartKey = (cart: Cart): string => cart.lines.map((line) => `${line.lineKey}x${line.quantity}`).join();

/** After an order, the buyer's dashboard opens this much later (spec section 9). */
const REDIRECT_MS = 2000;

const SIGN_IN_NOTICE = msg`You must be logged in to place an order`;

/** /checkout: address, delivery and payment for the cart, then Place Order. */
export default function CheckoutPage() {
  const { t } = useLingui();
  // Once the buyer places the order, the page keeps the cart it places: a placed order empties
  // the cart before the redirect, and after an answer lost on the way the retry (same key) must
  // find the form. A refusal for stock reads the cart again and follows it live again.
  const [ordering, setOrdering] = useState(false);
  const { state, retry, update, refresh } = useCart({ live: !ordering });
  const signedOut = state.status === 'signedOut';

  useEffect(() => {
    if (signedOut) toast({ title: t(SIGN_IN_NOTICE), tone: 'error' });
  }, [signedOut, t]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Checkout</Trans>
      </h1>
      <div className="mt-6" aria-busy={state.status === 'loading'}>
        {state.status === 'loading' ? (
          <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
            <Skeleton className="h-[36rem] w-full" />
            <Skeleton className="h-80 w-full" />
          </div>
        ) : signedOut ? (
          <div className="card items-center border border-dashed border-base-300 px-6 py-16 text-center">
            <h2 className="text-2xl font-semibold">
              <Trans>Sign in to check out</Trans>
            </h2>
            <p className="mt-2 text-base-content/80">{t(SIGN_IN_NOTICE)}.</p>
            <Link href={loginHref('/checkout')} className="btn btn-primary mt-6">
              <Trans>Login</Trans>
            </Link>
          </div>
        ) : state.status === 'failed' ? (
          <CartLoadFailed message={state.error.message} onRetry={retry} />
        ) : state.cart.lines.length === 0 ? (
          <EmptyCart />
        ) : (
          <CheckoutForm cart={state.cart} onCart={update} refresh={refresh} onOrdering={setOrdering} />
        )}
      </div>
    </div>
  );
}

interface CheckoutFormProps {
  cart: Cart;
  /** Takes the cart a fix of a flagged line answered with. */
  onCart: (cart: Cart) => void;
  /** Reads the cart again (after a refusal for stock), giving it. */
  refresh: () => Promise<Cart | null>;
  /** True when the buyer sends the order (a valid form); false again when it is refused for stock. */
  onOrdering: (ordering: boolean) => void;
}

function CheckoutForm({ cart, onCart, refresh, onOrdering }: CheckoutFormProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [delivery, setDelivery] = useState<DeliveryMethod>(DEFAULT_DELIVERY);
  // One key for this checkout: a double click or a retry never places a second order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState(false);
  // A line over the stock is fixed in the summary first (the server would refuse the order).
  const ready = orderable(cart.lines);
  const fixFirstId = useId();

  const book = useAddressBook();
  const addresses = book.data?.addresses ?? (book.failed ? [] : null);
  // Until the buyer picks, the default (listed first); null: a new address typed in.
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  const chosen = picked === undefined ? (addresses?.[0]?.id ?? null) : picked;
  const chosenAddress = addresses?.find(({ id }) => id === chosen)?.address ?? null;
  const [keepAddress, setKeepAddress] = useState(true);
  // The windows are read for the chosen address's PIN code, or the one being typed.
  const [typedPin, setTypedPin] = useState('');
  const windows = useDeliveryEstimates(chosenAddress?.pincode ?? typedPin, cartEstimates, cartKey(cart));
  // A new address is saved with the order unless unticked, while there is room for it.
  const roomToKeep = (addresses?.length ?? 0) < MAX_ADDRESSES;

  const { errors, busy, onSubmit } = useForm(
    checkoutFormSchema(chosenAddress),
    async (checkout) => {
      onOrdering(true);
      let placedOrder: Awaited<ReturnType<typeof placeOrder>>;
      try {
        placedOrder = await placeOrder(checkout, idempotencyKey);
      } catch (error) {
        // The stock fell (or a product left sale) since the cart was read: show the lines to fix, not a dead end.
        // The same key is kept: nothing was placed, so the retry after the fix places the order.
        if (error instanceof ApiError && SHORTAGE_CODES.includes(error.code)) {
          onOrdering(false);
          const fresh = await refresh();
          if (fresh && !orderable(fresh.lines)) return;
        }
        throw error;
      }
      cartCount.value = 0;
      const { payment } = placedOrder;
      if (!payment) {
        toast({
          title: t`Order Placed Successfully!`,
          description: t`Your order has been confirmed. You will receive a confirmation email shortly.`,
        });
        setPlaced(true);
      }
      if (!chosenAddress && roomToKeep && keepAddress) {
        // The order is placed either way: an address that cannot be kept is only told.
        await saveAddress(checkout.shippingAddress, false).catch((error: ApiError) =>
          toast({ title: t`Could not save the address`, description: error.message, tone: 'error' }),
        );
      }
      // Paid online: on to the gateway's page, which comes back to the buyer's orders.
      if (payment) goToPaymentPage(payment);
    },
    t`Failed to place order. Please try again.`,
  );

  useEffect(() => {
    if (!placed) return;
    // A redirect: the checkout done is no page to go back to, and the toast stays on the way.
    const timer = setTimeout(() => navigate('/dashboard/buyer', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [placed, navigate]);

  // The delivery windows follow the PIN code as it is typed.
  const followPin = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name === 'pincode') setTypedPin(input.value);
  };

  return (
    <form
      onSubmit={onSubmit}
      onInput={followPin}
      noValidate
      className="grid items-start gap-8 lg:grid-cols-[1fr_24rem]"
    >
      <div className="flex flex-col gap-8">
        <Step legend={t`Shipping Address`}>
          <ShippingAddressChoice
            addresses={addresses}
            chosen={chosen}
            onChoose={setPicked}
            errors={errors}
            keep={roomToKeep ? keepAddress : null}
            onKeep={setKeepAddress}
          />
        </Step>

        <Step legend={t`Delivery Options`} choices>
          {Object.values(DELIVERY_OPTIONS).map((option) => (
            <ChoiceCard
              key={option.id}
              name="delivery"
              value={option.id}
              title={deliveryLabel(option.id)}
              detail={<OptionWindows state={windows} delivery={option.id} fallback={deliveryEstimate(option.id)} />}
              aside={<Money paise={option.chargePaise} />}
              checked={delivery === option.id}
              onChange={() => setDelivery(option.id)}
            />
          ))}
        </Step>

        <Step legend={t`Payment Method`} choices>
          {Object.values(PAYMENT_METHODS).map((method) => (
            <ChoiceCard
              key={method.id}
              name="payment"
              value={method.id}
              title={paymentLabel(method.id)}
              detail={paymentDescription(method.id)}
              disabled={!method.enabled}
              defaultChecked={method.id === DEFAULT_PAYMENT}
            />
          ))}
        </Step>
      </div>

      <section aria-labelledby="checkout-summary-title" className="card gap-4 bg-base-200 p-6 lg:sticky lg:top-32">
        <OrderSummary cart={cart} delivery={delivery} onCart={onCart} />
        {!ready && (
          <Alert tone="error" className="text-sm">
            <span id={fixFirstId}>
              <Trans>The stock changed: fix the marked items to place your order.</Trans>
            </span>
          </Alert>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={busy || placed || !ready}
          aria-describedby={ready ? undefined : fixFirstId}
        >
          {placed ? <Trans>Order Placed</Trans> : busy ? <Trans>Placing Order...</Trans> : <Trans>Place Order</Trans>}
        </button>
      </section>
    </form>
  );
}

/** A step of the checkout form, as a card: its fields, or its choices (spaced apart). */
function Step({ legend, choices = false, children }: { legend: string; choices?: boolean; children: ReactNode }) {
  return (
    <fieldset className={`card ${choices ? 'gap-3 ' : ''}border border-base-300 p-6`}>
      <legend className="px-2 text-xl font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
