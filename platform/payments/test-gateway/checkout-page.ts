/**
 * The hosted checkout's HTML: plain, accessible, responsive, with its own small stylesheet and
 * script served beside it (no CDN, nothing inline, so a strict Content-Security-Policy holds).
 */
import type { WireOrder } from '../wire.ts';
import { METHODS, type Method } from './operations.ts';

export const CHECKOUT_CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self' http: https:; base-uri 'none'; frame-ancestors 'none'";

export const ASSETS = '/v1/checkout/assets';

const METHOD_NAMES: Record<Method, string> = { upi: 'UPI', card: 'Card', netbanking: 'Netbanking' };

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('\n');

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<link rel="stylesheet" href="${ASSETS}/checkout.css">
</head>
<body>
<main>
<p class="banner" role="note"><strong>Test payment: no money moves.</strong> This page stands in for Razorpay's checkout.</p>
${main}
</main>
</body>
</html>`;
}

/** What the checkout form posted, carried from the page to its Pay and Fail buttons. */
export type CheckoutFields = Record<string, string>;

export function checkoutPage(order: WireOrder, fields: CheckoutFields): string {
  const name = fields.name || 'the shop';
  const amount = rupees(order.amount_due);
  const methods = METHODS.map(
    (method, i) =>
      `<label><input type="radio" name="method" value="${method}"${i === 0 ? ' checked' : ''}> ${METHOD_NAMES[method]}</label>`,
  ).join('\n');
  const leave = fields.cancel_url
    ? `<p><a href="${escape(fields.cancel_url)}">Leave without paying</a>: the payment stays pending.</p>`
    : '<p>Closing this page leaves the payment pending.</p>';
  return page(
    `Pay ${name}`,
    `<h1>Pay ${escape(name)}</h1>
${fields.description ? `<p>${escape(fields.description)}</p>` : ''}
<dl>
<div><dt>Amount</dt><dd>${amount}</dd></div>
<div><dt>Order</dt><dd><code>${escape(order.id)}</code></dd></div>
</dl>
<form method="post" action="/v1/checkout/embedded/pay">
${hidden(fields)}
<fieldset>
<legend>Payment method</legend>
${methods}
</fieldset>
<div class="actions">
<button type="submit">Pay ${amount}</button>
<button type="submit" class="fail" formaction="/v1/checkout/embedded/fail">Fail</button>
</div>
</form>
${leave}`,
  );
}

/** Posts `fields` to the shop's callback at once (return.js), or on the button without scripts. */
export function returnPage(callbackUrl: string, shop: string, outcome: string, fields: Record<string, string>): string {
  return page(
    `${outcome} · returning to ${shop}`,
    `<h1>${escape(outcome)}</h1>
<form id="return" method="post" action="${escape(callbackUrl)}">
${hidden(fields)}
<p>Returning to ${escape(shop)}…</p>
<button type="submit">Return to ${escape(shop)}</button>
</form>
<script src="${ASSETS}/return.js"></script>`,
  );
}

export function problemPage(message: string): string {
  return page('Payment cannot start', `<h1>Payment cannot start</h1>\n<p>${escape(message)}</p>`);
}

export const RETURN_JS = "document.getElementById('return').submit();\n";

export const CHECKOUT_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9}
main{max-width:32rem;margin:0 auto;padding:1rem}
.banner{background:#fff4ce;border:2px solid #9a6700;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem}
h1{font-size:1.5rem;margin:.5rem 0}
dl{background:#fff;border:1px solid #d0d7de;border-radius:.5rem;padding:.5rem 1rem;margin:1rem 0}
dl div{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0;flex-wrap:wrap}
dt{color:#57606a}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
fieldset{border:1px solid #d0d7de;border-radius:.5rem;background:#fff;padding:.5rem 1rem;margin:0 0 1rem}
legend{font-weight:600;padding:0 .25rem}
label{display:block;padding:.5rem 0;cursor:pointer}
input[type=radio]{width:1.1rem;height:1.1rem;vertical-align:-.15rem;margin-right:.5rem}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.5rem;border:2px solid #1a7f37;background:#1a7f37;color:#fff;cursor:pointer;flex:1 1 10rem}
button.fail{background:#fff;color:#a40e26;border-color:#a40e26}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #0969da;outline-offset:2px}
a{color:#0969da}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}dl,fieldset{background:#161b22;border-color:#30363d}dt{color:#9198a1}.banner{background:#3d2e00;border-color:#d29922}button.fail{background:#161b22;color:#ff8182;border-color:#ff8182}a{color:#4493f8}}
`;
