import { type Data, call, server } from '../../api/client.ts';

/** What the hosted payment page is posted: its address and fields (from checkout or "Try again"). */
export type PaymentStart = Data<(typeof server.orders)[':id']['payment']['$post']>['payment'];

/**
 * Leaves for the gateway's hosted page: a form posted there, as the gateway's checkout asks
 * (a top-level navigation, so the page comes back to MIBI's return address with its outcome).
 */
export function goToPaymentPage(payment: PaymentStart): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = payment.checkoutUrl;
  const fields: Record<string, string> = {
    key_id: payment.keyId,
    order_id: payment.gatewayOrderId,
    amount: String(payment.amountPaise),
    currency: payment.currency,
    name: payment.name,
    description: payment.description,
    callback_url: payment.callbackUrl,
    cancel_url: payment.cancelUrl,
  };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Pays a purchase awaiting payment again: the same gateway order, a new attempt on the hosted page. */
export async function payAgain(orderId: string): Promise<void> {
  const { payment } = await call(server.orders[':id'].payment.$post({ param: { id: orderId } }));
  goToPaymentPage(payment);
}
