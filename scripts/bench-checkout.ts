/**
 * Paying online in a benchmark as a buyer's browser pays: the checkout's fields posted to the
 * gateway's hosted page, its Pay (UPI) chosen, and the page's auto-submitted form posted back to
 * MIBI's return URL, which verifies and captures the payment. Only the real protocol path: no
 * control API of the test gateway.
 */
import { Agent, request } from 'node:http';
import type { PaymentStart } from '../api/commands/payments.ts';

/** Kept-alive connections to the gateway and to MIBI's return route, shared by every buyer. */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs an HTML form's fields (application/x-www-form-urlencoded), as a browser submits one; no cookie. */
function postForm(url: string, fields: Record<string, string>): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The first form of a page: where it posts and its hidden fields, as a browser would submit it. */
function formOf(html: string, base: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page: ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(name!)] = unescape(value!);
  return { action: new URL(unescape(action), base).href, fields };
}

/**
 * The buyer at the hosted page: opens it with the checkout's fields, pays by UPI, and follows the
 * page's form back to MIBI. Answers null once MIBI took the payment (its 303 to the buyer's
 * orders), else what went wrong.
 */
export async function payAtHostedPage(start: PaymentStart): Promise<string | null> {
  const opened = await postForm(start.checkoutUrl, {
    key_id: start.keyId,
    order_id: start.gatewayOrderId,
    callback_url: start.callbackUrl,
    cancel_url: start.cancelUrl,
    name: start.name,
    description: start.description,
  });
  if (opened.status !== 200) return `hosted page: ${opened.status}`;
  const page = formOf(opened.text, start.checkoutUrl);
  const paid = await postForm(page.action, { ...page.fields, method: 'upi' });
  if (paid.status !== 200) return `Pay: ${paid.status}`;
  const back = formOf(paid.text, page.action);
  const returned = await postForm(back.action, back.fields);
  return returned.status === 303 ? null : `return to MIBI: ${returned.status} ${returned.text.slice(0, 200)}`;
}
