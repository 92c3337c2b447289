import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../testing/harness.ts';
import { actorOfClient, listedProduct, onProduct, signedIn } from '../orders.fixtures.ts';
import { placedOrder } from '../purchases.fixtures.ts';
import { type AdminTestApi, startAdminApi, storesNothing } from './admin.fixtures.ts';
import { adminRoutes } from './index.ts';

let admin: AdminTestApi;
let buyer: Client;
let seller: Client;
let routes: Array<{ method: string; path: string; body?: unknown }>;

beforeAll(async () => {
  admin = await startAdminApi();
  const { api } = admin;
  [buyer, seller] = await Promise.all([signedIn(api, 'buyer'), signedIn(api, 'seller')]);
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
  const sellerId = seller.user!.id;
  const buyerId = buyer.user!.id;
  // Real ids and valid bodies: without the role check every one of these would succeed.
  routes = [
    { method: 'GET', path: '/overview' },
    { method: 'GET', path: '/sellers' },
    { method: 'POST', path: `/sellers/${sellerId}/verify`, body: {} },
    { method: 'POST', path: `/sellers/${sellerId}/suspend`, body: { reason: 'Counterfeit goods' } },
    { method: 'POST', path: `/sellers/${sellerId}/reinstate`, body: { reason: 'Invoices checked' } },
    { method: 'GET', path: '/products/review-queue' },
    { method: 'POST', path: `/products/${productId}/verify` },
    { method: 'POST', path: `/products/${productId}/reject`, body: { reason: 'Blurry photo' } },
    { method: 'POST', path: `/products/${featurable}/feature` },
    { method: 'POST', path: `/products/${featurable}/unfeature` },
    { method: 'GET', path: '/products/revision-queue' },
    { method: 'POST', path: `/products/${revised}/revision/approve`, body: { revisionId: 'r1' } },
    {
      method: 'POST',
      path: `/products/${revised}/revision/reject`,
      body: { revisionId: 'r1', reason: 'Not the same product' },
    },
    { method: 'GET', path: '/orders' },
    { method: 'GET', path: '/users' },
    { method: 'POST', path: `/users/${buyerId}/roles`, body: { role: 'seller' } },
    { method: 'DELETE', path: `/users/${sellerId}/roles/seller` },
    { method: 'POST', path: `/users/${buyerId}/totp/disable` },
    { method: 'GET', path: '/balances' },
    { method: 'GET', path: `/sellers/${sellerId}/ledger` },
    // Nothing is due to this seller, so this one would be refused, for its amount, after the role check.
    {
      method: 'POST',
      path: `/sellers/${sellerId}/payouts`,
      body: { amountPaise: 100, paidOn: '2024-05-01', reference: 'UTR 1' },
    },
    { method: 'GET', path: '/categories' },
    { method: 'PUT', path: '/categories/spices/commission', body: { rateBps: 500, reason: 'Festival offer' } },
    { method: 'PUT', path: '/categories/spices/returns', body: { returnable: true, reason: 'Sealed packs' } },
  ];
});

afterAll(() => admin.close());

const call = (client: Client | undefined, { method, path, body }: (typeof routes)[number]) =>
  storesNothing(admin.api, () =>
    admin.console(client).request(method, `/api/admin${path}`, body === undefined ? {} : { json: body }),
  );

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
        .replace(/^\/categories\/spices\//, '/categories/{id}/');
    expect(routes.map(({ method, path }) => `${method} ${shape(path)}`).sort()).toEqual(documented.sort());
  });

  it('answers 401 when signed out', async () => {
    for (const route of routes) {
      const reply = await call(undefined, route);
      expect({ ...route, status: reply.status, code: reply.body.error?.code }).toEqual({
        ...route,
        status: 401,
        code: 'unauthorized',
      });
    }
  });

  it('answers 403 to a buyer and to a seller', async () => {
    for (const client of [buyer, seller]) {
      for (const route of routes) {
        const reply = await call(client, route);
        expect({ ...route, status: reply.status, body: reply.body }).toEqual({
          ...route,
          status: 403,
          body: { error: { code: 'forbidden', message: 'This needs the admin role' } },
        });
      }
    }
  });

  it('checks the role before the input, so others learn nothing of it', async () => {
    expect(
      (await call(buyer, { method: 'POST', path: `/sellers/${seller.user!.id}/suspend`, body: '{bad' })).status,
    ).toBe(403);
    expect((await call(undefined, { method: 'GET', path: '/orders?status=lost' })).status).toBe(401);
  });

  it('lets the admin in', async () => {
    for (const path of [
      '/overview',
      '/sellers',
      '/products/review-queue',
      '/products/revision-queue',
      '/orders',
      '/users',
      '/balances',
      '/categories',
    ]) {
      expect((await admin.console(admin.admin).get(`/api/admin${path}`)).status).toBe(200);
    }
  });
});
