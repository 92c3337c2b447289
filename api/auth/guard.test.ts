import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_ORIGIN } from '../testing/local-client.ts';
import { type TestApi, startTestApi } from '../testing/harness.ts';

/** The writes a visitor may make: signing up and in (its second step included), resets, links from mails, and the payment gateway's posts. */
const PUBLIC_WRITES = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/signin',
  'POST /api/auth/signin/totp',
  'POST /api/auth/signout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  // An admin without a second factor sets one up in the middle of signing in, on the sign-in challenge.
  'POST /api/auth/totp/setup',
  'POST /api/auth/totp/enrol',
  // The payment gateway's: its hosted page's return and its webhooks, proved by their signatures, not a session.
  'POST /api/payments/return/:id',
  'POST /api/payments/webhook',
  // The courier's tracking webhooks, proved by their signature; /track's lookup by order number and e-mail.
  'POST /api/shipments/webhook',
  'POST /api/shipments/track',
]);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it('every other write asks a visitor to sign in before reading the body: a 401, never what is wrong with the input', async () => {
  const writes = api.app.routes.filter(
    ({ method, path }) => method !== 'ALL' && method !== 'GET' && path.startsWith('/api/'),
  );
  const guarded = writes.filter(({ method, path }) => !PUBLIC_WRITES.has(`${method} ${path}`));
  expect(guarded.length).toBeGreaterThan(40);
  for (const { method, path } of guarded) {
    const url = path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
    const response = await api.app.request(`${LOCAL_ORIGIN}${url}`, {
      method,
      headers: { origin: LOCAL_ORIGIN, 'content-type': 'application/json' },
      body: '{"not json',
    });
    expect(response.status, `${method} ${path}`).toBe(401);
    expect((await response.json()).error.code, `${method} ${path}`).toBe('unauthorized');
  }
});
