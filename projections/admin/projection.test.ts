import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../domain/account/events.ts';
import type { SellerEvent, SellerTaxProfileEvent, TaxProfile } from '../../domain/seller/events.ts';
import { REGISTERED, UNREGISTERED } from '../../domain/seller/tax-profile.fixtures.ts';
import { AT } from '../../domain/testing.ts';
import { MemoryBus } from '../../platform/bus/memory.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { startAdminApi } from '../../api/routes/admin/admin.fixtures.ts';
import { signedIn } from '../../api/routes/orders.fixtures.ts';
import { ADMIN_SELLERS, admin } from './projection.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import type { AdminSellerDoc } from './documents.ts';
import { appliedTo } from '../projection.fixtures.ts';

const sellerId = 'seller-1';
const LATER = '2024-05-02T10:00:00.000Z';

const registered = (userId: string, role: 'buyer' | 'seller'): AccountEvent => ({
  type: 'AccountRegistered',
  data: {
    userId,
    fullName: 'Meera Weaves',
    email: 'Meera@example.com',
    emailNormalized: 'meera@example.com',
    passwordHash: 'hash',
    role,
    registeredAt: AT,
  },
});
const stamp = { sellerId, by: 'admin-1', at: LATER };
const verified: SellerEvent = { type: 'SellerVerified', data: { ...stamp, reason: null } };
const suspended: SellerEvent = { type: 'SellerSuspended', data: { ...stamp, reason: 'Counterfeit goods' } };
const reinstated: SellerEvent = { type: 'SellerReinstated', data: { ...stamp, reason: 'Invoices checked' } };
const role = (type: 'RoleAdded' | 'RoleRemoved', userId: string, role: 'seller' | 'admin'): AccountEvent => ({
  type,
  data: { userId, role, by: 'admin-1', at: LATER },
});

async function sellerAfter(
  events: ReadonlyArray<AccountEvent | SellerEvent | SellerTaxProfileEvent>,
  id = sellerId,
): Promise<AdminSellerDoc | null> {
  return (await appliedTo(admin, events)).get<AdminSellerDoc>(ADMIN_SELLERS, id);
}

describe('admin projection', () => {
  it('keeps every account, a seller unverified at first', async () => {
    expect(await sellerAfter([registered(sellerId, 'seller')])).toEqual({
      id: sellerId,
      fullName: 'Meera Weaves',
      email: 'Meera@example.com',
      registeredAt: AT,
      isSeller: true,
      verified: false,
      suspended: false,
      status: 'unverified',
      history: [],
      taxProfile: null,
    });
    expect(await sellerAfter([registered(sellerId, 'buyer')])).toMatchObject({ isSeller: false });
  });

  it("keeps the seller's latest tax profile, beside the standing", async () => {
    const taxProfileSet = (profile: TaxProfile): SellerTaxProfileEvent => ({
      type: 'SellerTaxProfileSet',
      data: { sellerId, by: sellerId, at: LATER, profile },
    });
    const events = [registered(sellerId, 'seller'), verified, taxProfileSet(REGISTERED)];
    expect(await sellerAfter(events)).toMatchObject({
      taxProfile: REGISTERED,
      status: 'verified',
      history: [expect.anything()],
    });
    expect(await sellerAfter([...events, taxProfileSet(UNREGISTERED)])).toMatchObject({ taxProfile: UNREGISTERED });
  });

  it('follows the seller role', async () => {
    const buyer = registered(sellerId, 'buyer');
    expect(await sellerAfter([buyer, role('RoleAdded', sellerId, 'seller')])).toMatchObject({ isSeller: true });
    expect(await sellerAfter([buyer, role('RoleAdded', sellerId, 'admin')])).toMatchObject({ isSeller: false });
    const removed = [buyer, role('RoleAdded', sellerId, 'seller'), role('RoleRemoved', sellerId, 'seller')];
    expect(await sellerAfter(removed)).toMatchObject({ isSeller: false });
  });

  it('follows the standing and keeps the decisions, a reinstated seller keeping their verification', async () => {
    const seller = registered(sellerId, 'seller');
    expect(await sellerAfter([seller, verified])).toMatchObject({
      status: 'verified',
      verified: true,
      suspended: false,
    });
    expect(await sellerAfter([seller, verified, suspended])).toMatchObject({
      status: 'suspended',
      verified: true,
      suspended: true,
    });
    expect(await sellerAfter([seller, suspended, reinstated])).toMatchObject({ status: 'unverified' });
    expect(await sellerAfter([seller, verified, suspended, reinstated])).toMatchObject({
      status: 'verified',
      history: [
        { action: 'verified', reason: null, by: 'admin-1', at: LATER },
        { action: 'suspended', reason: 'Counterfeit goods', by: 'admin-1', at: LATER },
        { action: 'reinstated', reason: 'Invoices checked', by: 'admin-1', at: LATER },
      ],
    });
  });
});

it('gives the same documents when rebuilt from the log as the live run', async () => {
  const harness = await startAdminApi();
  try {
    const { api } = harness;
    const adminConsole = harness.console(harness.admin).api.admin;
    const sellers = [await signedIn(api, 'seller'), await signedIn(api, 'seller'), await signedIn(api, 'buyer')];
    const [first, second, buyer] = sellers.map((client) => client.user!.id) as [string, string, string];
    const seller = adminConsole.sellers[':id'];
    await seller.verify.$post({ param: { id: first }, json: { reason: 'GST checked' } });
    await seller.suspend.$post({ param: { id: first }, json: { reason: 'Counterfeit goods' } });
    await seller.suspend.$post({ param: { id: second }, json: { reason: 'Fake reviews' } });
    await seller.reinstate.$post({ param: { id: second }, json: { reason: 'Appeal accepted' } });
    await adminConsole.users[':id'].roles.$post({ param: { id: buyer }, json: { role: 'seller' } });
    await harness.settle();

    const snapshot = (store: ReadStore) =>
      store.collection<AdminSellerDoc>(ADMIN_SELLERS).find({ sort: [['id', 'asc']] });
    const live = await snapshot(api.platform.read);
    expect(
      live
        .filter((doc) => doc.isSeller)
        .map((doc) => [doc.id, doc.status])
        .sort(),
    ).toEqual(
      [
        [first, 'suspended'],
        [second, 'unverified'],
        [buyer, 'unverified'],
      ].sort(),
    );

    const rebuilt = new SqliteReadStore(join(api.dir, 'rebuilt.db'));
    try {
      await new ProjectionRunner({
        events: api.platform.events,
        read: rebuilt,
        bus: new MemoryBus(),
        projections: [admin],
      }).catchUp(admin.name);
      expect(await snapshot(rebuilt)).toEqual(live);
    } finally {
      await rebuilt.close();
    }
  } finally {
    await harness.close();
  }
});
