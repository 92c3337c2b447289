import { describe, expect, it } from 'vitest';
import { accountStream } from '../../../domain/account/events.ts';
import { type Client, expectStatus, ok } from '../../testing/harness.ts';
import type { TypedApi } from '../../testing/typed-client.ts';
import { SAREE } from '../catalog.fixtures.ts';
import { oversized, signedIn } from '../orders.fixtures.ts';
import { eventsOf, adminSuite, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();

type Roles = TypedApi['admin']['users'][':id']['roles'];
const grant = (id: string, role: Parameters<Roles['$post']>[0]['json']['role']) =>
  admin.api.admin.users[':id'].roles.$post({ param: { id }, json: { role } });
const revoke = (id: string, role: Parameters<Roles[':role']['$delete']>[0]['param']['role']) =>
  admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role } });
const users = (query: Parameters<TypedApi['admin']['users']['$get']>[0]['query']) =>
  admin.api.admin.users.$get({ query });
const overview = (client: Client) => harness.console(client).api.admin.overview.$get();

describe('GET /api/admin/users', () => {
  it('lists users newest first, with paging, never their password', async () => {
    const older = await signedIn(api, 'buyer', 'Ravi Kumar');
    await new Promise((resolve) => setTimeout(resolve, 2));
    const newer = await signedIn(api, 'seller', 'Lakshmi Textiles');
    await harness.settle();
    const reply = await users({ limit: '2' });
    expectStatus(reply, 200);
    const { body } = reply;
    expect(body.items).toEqual([
      {
        id: newer.user!.id,
        fullName: 'Lakshmi Textiles',
        email: newer.user!.email,
        roles: ['seller'],
        registeredAt: expect.any(String),
      },
      {
        id: older.user!.id,
        fullName: 'Ravi Kumar',
        email: older.user!.email,
        roles: ['buyer'],
        registeredAt: expect.any(String),
      },
    ]);
    expect(body.total).toBe(3); // with the harness's admin
    expect(ok(await users({ limit: '2', offset: '2' })).items).toMatchObject([{ id: adminId }]);
  });

  it('searches names and e-mail addresses, case-insensitive', async () => {
    const priya = await signedIn(api, 'buyer', 'Priya Sharma');
    await harness.settle();
    const found = async (q: string) => (await users({ q })).body;
    expect(await found('  pRIYA ')).toMatchObject({ items: [{ id: priya.user!.id }], total: 1 });
    expect(await found(priya.user!.email.slice(0, 12).toUpperCase())).toMatchObject({
      items: [{ id: priya.user!.id }],
      total: 1,
    });
    expect(await found('ADMIN@MIBI')).toMatchObject({ items: [{ id: adminId }], total: 1 });
    expect(await found('nobody by this name')).toEqual({ items: [], total: 0 });
    expect((await users({ q: 'a', limit: '1' })).body).toMatchObject({
      items: [expect.anything()],
      total: expect.any(Number),
    });
  });

  it('refuses a search too long', async () => {
    const reply = await users({ q: 'x'.repeat(201) });
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ q: 'Search text must be at most 200 characters' });
  });
});

describe('granting and revoking roles', () => {
  it('grants a role, recorded with the admin as actor, and it counts at once', async () => {
    const buyer = await signedIn(api, 'buyer');
    expectStatus(await buyer.api.seller.products.$post({ json: SAREE }), 403);
    const reply = await grant(buyer.user!.id, 'seller');
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ id: buyer.user!.id, roles: ['buyer', 'seller'], position: expect.any(Number) });
    expect((await eventsOf(api, accountStream(buyer.user!.id))).at(-1)).toEqual({
      type: 'RoleAdded',
      data: { userId: buyer.user!.id, role: 'seller', by: adminId, at: expect.any(String) },
      actor: adminId,
    });
    expectStatus(await buyer.api.seller.products.$post({ json: SAREE }), 201);
    // Granting it again changes nothing.
    expect(ok(await storesNothing(api, () => grant(buyer.user!.id, 'seller'))).roles).toEqual(['buyer', 'seller']);
  });

  it('grants the admin role and revokes roles', async () => {
    const seller = await api.signUp({ role: 'seller' });
    expect(ok(await grant(seller.user!.id, 'admin')).roles).toEqual(['seller', 'admin']);
    // A new admin is signed out everywhere: their next sign-in sets up a second factor.
    expectStatus(await overview(seller), 401);
    const user = await api.signIn(seller.user!.email, 'secret-pass');
    expectStatus(await overview(user), 200);
    const revoked = await revoke(user.user!.id, 'admin');
    expectStatus(revoked, 200);
    expect(revoked.body).toEqual({ id: user.user!.id, roles: ['seller'], position: expect.any(Number) });
    expect((await eventsOf(api, accountStream(user.user!.id))).at(-1)).toMatchObject({
      type: 'RoleRemoved',
      data: { role: 'admin', by: adminId },
      actor: adminId,
    });
    expectStatus(await overview(user), 403);
  });

  it('never removes an admin’s own admin role, nor anyone’s last role', async () => {
    const own = await storesNothing(api, () => revoke(adminId, 'admin'));
    expectStatus(own, 409);
    expect(own.body.error).toEqual({ code: 'own_admin_role', message: 'You cannot remove your own admin role' });
    const buyer = await signedIn(api, 'buyer');
    const last = await storesNothing(api, () => revoke(buyer.user!.id, 'buyer'));
    expectStatus(last, 409);
    expect(last.body.error).toEqual({ code: 'last_role', message: 'An account must keep at least one role' });
  });

  it('refuses unknown roles, bad bodies and unknown users', async () => {
    const buyer = await signedIn(api, 'buyer');
    const choose = {
      code: 'validation_failed',
      message: 'Choose buyer, seller, admin or analyst',
      fields: { role: 'Choose buyer, seller, admin or analyst' },
    };
    // Off the contract on purpose.
    const path = `/api/admin/users/${buyer.user!.id}/roles`;
    const { raw } = admin;
    expect((await storesNothing(api, () => raw.post(path, { role: 'owner' }))).body.error).toEqual(choose);
    expect((await storesNothing(api, () => raw.post(path, { role: undefined }))).body.error).toEqual(choose);
    expect((await storesNothing(api, () => raw.delete(`${path}/owner`))).body.error).toEqual(choose);
    expect((await storesNothing(api, () => raw.post(path, '{bad'))).body.error.code).toBe('malformed_json');
    expectStatus(await storesNothing(api, () => raw.post(path, oversized())), 413);
    for (const reply of [await grant(crypto.randomUUID(), 'seller'), await revoke(crypto.randomUUID(), 'seller')]) {
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Account not found' });
    }
  });
});
