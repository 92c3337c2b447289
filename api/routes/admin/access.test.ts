import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indianDate } from '../../../domain/tax/rates.ts';
import { type Client, expectStatus, type Reply } from '../../testing/harness.ts';
import { type TypedApi, typedApi } from '../../testing/typed-client.ts';
import { actorOfClient, listedProduct, onProduct, signedIn, signedInAnalyst } from '../orders.fixtures.ts';
import { placedOrder } from '../purchases.fixtures.ts';
import { type AdminTestApi, startAdminApi, storesNothing } from './admin.fixtures.ts';
import { adminRoutes } from './index.ts';

type Call = (api: TypedApi) => Promise<Reply<unknown>>;

let admin: AdminTestApi;
let buyer: Client;
let seller: Client;
let analyst: Client;
/** Every admin route, called with real ids and a valid body; `method` and `path` are what the call requests. */
let routes: Array<{ method: string; path: string; call: Call }>;

/** What `call` requests, read off a typed API that sends nothing. */
async function requestOf(call: Call): Promise<{ method: string; path: string }> {
  let requested = { method: '', path: '' };
  await call(
    typedApi(async (url, init) => {
      requested = { method: init?.method ?? 'GET', path: new URL(url).pathname.replace(/^\/api\/admin/, '') };
      return new Response(null, { status: 204 });
    }),
  );
  return requested;
}

beforeAll(async () => {
  admin = await startAdminApi();
  const { api } = admin;
  [buyer, seller, analyst] = await Promise.all([signedIn(api, 'buyer'), signedIn(api, 'seller'), signedInAnalyst(api)]);
  const productId = await listedProduct(api, seller, {}, { verified: false });
  const featurable = await listedProduct(api, seller);
  // A verified product whose seller's new name waits for review as revision r1.
  const revised = await listedProduct(api, seller);
  await onProduct(
    api,
    revised,
    { type: 'UpdateProduct', actor: actorOfClient(seller), changes: { name: 'Renamed' }, at: new Date().toISOString() },
    seller.user!.id,
  );
  await placedOrder(api, buyer, [{ productId: featurable }]);
  const sellerId = { param: { id: seller.user!.id } };
  const buyerId = { param: { id: buyer.user!.id } };
  const product = { param: { id: productId } };
  const featured = { param: { id: featurable } };
  const revision = { param: { id: revised } };
  const noDispute = crypto.randomUUID();
  const certificate = { param: { id: crypto.randomUUID() } };
  const taxChange = { effectiveFrom: indianDate(new Date().toISOString()), source: 'Notification 1/2026' };
  // Real ids and valid bodies: without the role check every one of these would succeed.
  const calls: Call[] = [
    (api) => api.admin.overview.$get(),
    (api) => api.admin.sellers.$get({ query: {} }),
    (api) => api.admin.sellers[':id'].verify.$post({ ...sellerId, json: {} }),
    (api) => api.admin.sellers[':id'].suspend.$post({ ...sellerId, json: { reason: 'Counterfeit goods' } }),
    (api) => api.admin.sellers[':id'].reinstate.$post({ ...sellerId, json: { reason: 'Invoices checked' } }),
    (api) => api.admin.products['review-queue'].$get({ query: {} }),
    (api) => api.admin.products[':id'].verify.$post(product),
    (api) => api.admin.products[':id'].reject.$post({ ...product, json: { reason: 'Blurry photo' } }),
    (api) => api.admin.products[':id'].feature.$post(featured),
    (api) => api.admin.products[':id'].unfeature.$post(featured),
    (api) => api.admin.products['revision-queue'].$get({ query: {} }),
    (api) => api.admin.products[':id'].revision.approve.$post({ ...revision, json: { revisionId: 'r1' } }),
    (api) =>
      api.admin.products[':id'].revision.reject.$post({
        ...revision,
        json: { revisionId: 'r1', reason: 'Not the same product' },
      }),
    (api) => api.admin.orders.$get({ query: {} }),
    (api) => api.admin.payments.$get({ query: {} }),
    (api) => api.admin.disputes.$get(),
    // No help request was taken to MIBI, so these two would be refused (404) after the role check.
    (api) => api.admin.disputes[':id'].$get({ param: { id: noDispute } }),
    (api) =>
      api.admin.disputes[':id'].decision.$post({
        param: { id: noDispute },
        json: { outcome: 'seller', reason: 'Delivered whole' },
      }),
    (api) => api.admin.users.$get({ query: {} }),
    (api) => api.admin.users[':id'].roles.$post({ ...buyerId, json: { role: 'seller' } }),
    (api) => api.admin.users[':id'].roles[':role'].$delete({ param: { id: seller.user!.id, role: 'seller' } }),
    (api) => api.admin.users[':id'].totp.disable.$post(buyerId),
    (api) => api.admin.balances.$get({ query: {} }),
    (api) => api.admin.sellers[':id'].ledger.$get({ ...sellerId, query: {} }),
    (api) => api.admin.sellers[':id']['payout-account'].$get(sellerId),
    // Nothing is due to this seller, so this one would be refused, for its amount, after the role check.
    (api) =>
      api.admin.sellers[':id'].payouts.$post({
        ...sellerId,
        json: { amountPaise: 100, paidOn: '2024-05-01', reference: 'UTR 1' },
      }),
    (api) => api.admin.categories.$get(),
    (api) =>
      api.admin.categories[':id'].commission.$put({
        param: { id: 'spices' },
        json: { rateBps: 500, reason: 'Festival offer' },
      }),
    (api) =>
      api.admin.categories[':id'].returns.$put({
        param: { id: 'spices' },
        json: { returnable: true, reason: 'Sealed packs' },
      }),
    (api) => api.admin.gstr8.$get({ query: { month: '2026-11' } }),
    (api) => api.admin.gstr8.csv.$get({ query: { month: '2026-11' } }),
    (api) => api.admin['tax-policy'].$get(),
    (api) => api.admin['tax-policy']['gst-slabs'].$put({ json: { slabsBps: [500, 1800], ...taxChange } }),
    (api) => api.admin['tax-policy']['tcs-rate'].$put({ json: { rateBps: 100, ...taxChange } }),
    (api) =>
      api.admin['tax-policy'].categories[':id'].$put({
        param: { id: 'spices' },
        json: { hsn: '0904', gstRateBps: 500, ...taxChange },
      }),
    (api) =>
      api.admin['tax-policy'].services[':service'].$put({
        param: { service: 'commission' },
        json: { sac: '996211', rateBps: 1800, ...taxChange },
      }),
    (api) => api.admin['reference-rates'].$get(),
    (api) =>
      api.admin['reference-rates'][':currency'].$put({
        param: { currency: 'USD' },
        json: { rupeesPerUnit: '84.0729', source: 'RBI reference rate' },
      }),
    (api) => api.admin.events.$get({ query: {} }),
    (api) => api.admin['delivery-zones'].$get(),
    (api) =>
      api.admin['delivery-zones'][':zone'].$put({
        param: { zone: 'same_city' },
        json: {
          transit: {
            standard: { minDays: 1, maxDays: 3 },
            express: { minDays: 1, maxDays: 2 },
            overnight: { minDays: 1, maxDays: 1 },
          },
          ...taxChange,
        },
      }),
    (api) => api.admin.certificates.$get({ query: { state: 'submitted' } }),
    (api) => api.admin.certificates.expiring.$get(),
    // No such certificate: these would be refused (404) after the role check.
    (api) => api.admin.certificates[':id'].verify.$post(certificate),
    (api) => api.admin.certificates[':id'].reject.$post({ ...certificate, json: { reason: 'Illegible scan' } }),
    (api) => api.admin.certificates[':id'].revoke.$post({ ...certificate, json: { reason: 'Registration cancelled' } }),
    (api) =>
      api.admin.certificates[':id'].evidence[':evidenceId'].$get({
        param: { ...certificate.param, evidenceId: noDispute },
      }),
  ];
  routes = await Promise.all(calls.map(async (call) => ({ ...(await requestOf(call)), call })));
});

afterAll(() => admin.close());

const call = (client: Client | undefined, route: (typeof routes)[number]) =>
  storesNothing(admin.api, () => route.call(admin.console(client).api));

describe('every admin route', () => {
  it('is in the table below, so none is left out', () => {
    const document = adminRoutes(admin.api.ctx).getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'admin', version: '1' },
    });
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const shape = (path: string) =>
      path
        .replace(/\/[0-9a-f-]{36}/g, '/{id}')
        .replace(/\/roles\/seller$/, '/roles/{role}')
        .replace(/^\/categories\/spices\//, '/categories/{id}/')
        .replace(/^\/tax-policy\/categories\/spices$/, '/tax-policy/categories/{id}')
        .replace(/^\/tax-policy\/services\/commission$/, '/tax-policy/services/{service}')
        .replace(/^\/delivery-zones\/same_city$/, '/delivery-zones/{zone}')
        .replace(/^\/reference-rates\/USD$/, '/reference-rates/{currency}')
        .replace(/\/evidence\/\{id\}$/, '/evidence/{evidenceId}');
    expect(routes.map(({ method, path }) => `${method} ${shape(path)}`).sort()).toEqual(documented.sort());
  });

  /** Calls every admin route as `client` and expects `status` and `body` from each, named by method and path. */
  const everyRouteAnswers = async (client: Client | undefined, status: number, body: unknown) => {
    for (const route of routes) {
      const { method, path } = route;
      const reply = await call(client, route);
      expect({ method, path, status: reply.status, body: reply.body }).toEqual({ method, path, status, body });
    }
  };

  it('answers 401 when signed out', async () => {
    await everyRouteAnswers(undefined, 401, { error: expect.objectContaining({ code: 'unauthorized' }) });
  });

  it('answers 403 to a buyer, a seller and an analyst (staff, but not an admin)', async () => {
    for (const client of [buyer, seller, analyst])
      await everyRouteAnswers(client, 403, { error: { code: 'forbidden', message: 'This needs the admin role' } });
  });

  it('checks the role before the input, so others learn nothing of it', async () => {
    const console = (client?: Client) => admin.console(client).raw;
    const badBody = await storesNothing(admin.api, () =>
      console(buyer).post(`/api/admin/sellers/${seller.user!.id}/suspend`, '{bad'),
    );
    expectStatus(badBody, 403);
    const badQuery = await storesNothing(admin.api, () => console().get('/api/admin/orders?status=lost'));
    expectStatus(badQuery, 401);
  });

  it('lets the admin in', async () => {
    const { api } = admin.console(admin.admin);
    for (const reply of [
      await api.admin.overview.$get(),
      await api.admin.sellers.$get({ query: {} }),
      await api.admin.products['review-queue'].$get({ query: {} }),
      await api.admin.products['revision-queue'].$get({ query: {} }),
      await api.admin.orders.$get({ query: {} }),
      await api.admin.users.$get({ query: {} }),
      await api.admin.balances.$get({ query: {} }),
      await api.admin.categories.$get(),
    ]) {
      expectStatus(reply, 200);
    }
  });
});
