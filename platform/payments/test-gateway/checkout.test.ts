/**
 * The hosted checkout as a browser uses it: the page, Pay and Fail posting Razorpay's fields to
 * the shop's callback, leaving it pending, and the forms it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RazorpayGateway } from '../razorpay.ts';
import { type TestGateway, startTestGateway } from './server.ts';

let gateway: TestGateway;
let rzp: RazorpayGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
  rzp = new RazorpayGateway({ kind: 'test', baseUrl: gateway.url, ...gateway.keys });
});
afterAll(() => gateway.close());

const CALLBACK = 'http://127.0.0.1:3000/api/payments/return?order=o1';

function post(path: string, fields: Record<string, string>) {
  return fetch(`${gateway.url}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
}

/** The hidden fields of the page's form, as the browser would post them. */
function hiddenFields(html: string): Record<string, string> {
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, n, v]) => [
      unescape(n!),
      unescape(v!),
    ]),
  );
}

async function newOrder(amountPaise = 149_900) {
  const order = await rzp.createOrder({ amountPaise, currency: 'INR', receipt: `p-${Math.random()}` });
  const fields = {
    key_id: gateway.keys.keyId,
    order_id: order.id,
    callback_url: CALLBACK,
    cancel_url: 'http://127.0.0.1:3000/orders/o1',
    name: 'MIBI',
    description: 'Order o1',
    'prefill[email]': 'asha@example.in',
  };
  return { order, fields };
}

describe('hosted checkout', () => {
  it('says plainly that no money moves, offers UPI, card and netbanking, and keeps to its own assets', async () => {
    const { order, fields } = await newOrder();
    const page = await post('/v1/checkout/embedded', fields);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('Test payment: no money moves');
    for (const text of ['UPI', 'Card', 'Netbanking', 'Pay ₹1,499.00', '>Fail<', order.id, 'Leave without paying']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|style=|https?:\/\/(?!127\.0\.0\.1:3000)/);
    expect(hiddenFields(html)).toEqual(fields);
    // Opening the page and leaving it makes no payment: the order stays unpaid.
    expect(await rzp.paymentsOf(order.id)).toEqual([]);
    expect((await rzp.fetchOrder(order.id)).status).toBe('created');

    const css = await fetch(`${gateway.url}/v1/checkout/assets/checkout.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    const js = await fetch(`${gateway.url}/v1/checkout/assets/return.js`);
    expect(await js.text()).toContain('submit()');
  });

  it('Pay authorizes a payment and posts its id, order id and signature back to the shop', async () => {
    const { order, fields } = await newOrder();
    const page = await post('/v1/checkout/embedded/pay', { ...fields, method: 'card' });
    const html = await page.text();
    expect(html).toContain(`action="${CALLBACK.replace('&', '&amp;')}"`);
    expect(html).toContain('src="/v1/checkout/assets/return.js"');
    const posted = hiddenFields(html);
    expect(Object.keys(posted).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    expect(posted.razorpay_order_id).toBe(order.id);
    expect(rzp.verifyPayment(order.id, posted.razorpay_payment_id!, posted.razorpay_signature!)).toBe(true);
    expect(await rzp.fetchPayment(posted.razorpay_payment_id!)).toMatchObject({
      status: 'authorized',
      method: 'card',
      amountPaise: 149_900,
    });
  });

  it('Fail posts the error fields Razorpay posts, and the buyer may try again', async () => {
    const { order, fields } = await newOrder();
    const posted = hiddenFields(await (await post('/v1/checkout/embedded/fail', { ...fields, method: 'upi' })).text());
    expect(posted).toMatchObject({ 'error[code]': 'BAD_REQUEST_ERROR', 'error[description]': 'Payment failed' });
    const metadata = JSON.parse(posted['error[metadata]']!);
    expect(metadata.order_id).toBe(order.id);
    expect(await rzp.fetchPayment(metadata.payment_id)).toMatchObject({ status: 'failed', method: 'upi' });

    const again = await post('/v1/checkout/embedded', fields);
    expect(again.status).toBe(200);
  });

  it('refuses a wrong key, a paid order, an odd callback or method, and escapes what it shows', async () => {
    const { order, fields } = await newOrder(10_000);
    const refused = async (path: string, form: Record<string, string>) => {
      const answer = await post(path, form);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('Payment cannot start');
    };
    await refused('/v1/checkout/embedded', { ...fields, key_id: 'rzp_test_SomeoneElse01' });
    await refused('/v1/checkout/embedded', { ...fields, callback_url: 'javascript:alert(1)' });
    await refused('/v1/checkout/embedded', { ...fields, order_id: 'order_NoSuchOrder001' });
    await refused('/v1/checkout/embedded/pay', { ...fields, method: 'bitcoin' });

    const shown = await (await post('/v1/checkout/embedded', { ...fields, name: '<script>alert(1)</script>' })).text();
    expect(shown).not.toContain('<script>alert(1)');
    expect(shown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const paid = hiddenFields(await (await post('/v1/checkout/embedded/pay', { ...fields, method: 'upi' })).text());
    await rzp.capture(paid.razorpay_payment_id!, 10_000, 'INR');
    expect((await rzp.fetchOrder(order.id)).status).toBe('paid');
    await refused('/v1/checkout/embedded', fields);
  });
});
