import { beforeAll, describe, expect, it } from 'vitest';
import { payoutStream } from '../../domain/payout/events.ts';
import { type ArgsOf, type Client, errorOf, expectStatus, ok, type TypedApi } from '../testing/harness.ts';
import { eventsOf, storesNothing } from './admin/admin.fixtures.ts';
import { type Purchase, acceptedReturn, deliver, purchase, today, yesterday } from './ledger.fixtures.ts';
import { craftsAndSpices, listedProduct, signedIn } from './orders.fixtures.ts';

const { api, admin, crafts, spices } = await craftsAndSpices();
let necklace: string;
let saffron: string;
/** Necklace x2 from crafts (delivered), saffron x3 from spices (cancelled). */
let first: Purchase;

const ledgerOf = async (client: Client, after?: number) =>
  ok(await client.after(after).seller.ledger.$get({ query: {} }));

beforeAll(async () => {
  necklace = await listedProduct(api, crafts, {
    name: 'Kundan Necklace',
    pricePaise: 2_499_00,
    categoryId: 'jewelry',
    stockQuantity: 20,
  });
  saffron = await listedProduct(api, spices, {
    name: 'Kashmiri Saffron 1g',
    pricePaise: 450_00,
    categoryId: 'spices',
    stockQuantity: 20,
  });
  // Jewellery at 12.5% from now on: the delivery below settles at it.
  expect(
    (
      await admin.api.admin.categories[':id'].commission.$put({
        param: { id: 'jewelry' },
        json: { rateBps: 1250, reason: 'Hallmarking costs' },
      })
    ).status,
  ).toBe(200);

  first = await purchase(api, [
    { productId: necklace, quantity: 2 },
    { productId: saffron, quantity: 3 },
  ]);
  await deliver(crafts, first.parts.get(crafts.user!.id)!);
  const cancelled = await spices.api['seller-orders'][':id'].status.$post({
    param: { id: first.parts.get(spices.user!.id)! },
    json: {
      status: 'cancelled',
      reason: 'Out of season',
    },
  });
  expectStatus(cancelled, 200);
  await api.settle();
});

describe('GET /api/seller/ledger', () => {
  it('shows the delivering seller its earning less commission, line by line, with the order it came from', async () => {
    const { balance, entries } = await ledgerOf(crafts);
    const sellerOrderId = first.parts.get(crafts.user!.id);
    expect(balance).toEqual({
      sellerId: crafts.user!.id,
      sellerName: 'Rajasthan Crafts Collective',
      salesPaise: 4_998_00,
      commissionPaise: 624_75,
      earnedPaise: 4_373_25,
      tcsPaise: 0,
      paidPaise: 0,
      transferredPaise: 0,
      balancePaise: 4_373_25,
      heldPaise: 0,
      updatedAt: expect.any(String),
    });
    expect(entries).toEqual({
      total: 1,
      items: [
        {
          id: `${sellerOrderId}:delivered`,
          sellerId: crafts.user!.id,
          kind: 'earning',
          at: expect.any(String),
          orderId: first.orderId,
          sellerOrderId,
          returnId: null,
          payoutId: null,
          reference: null,
          paidOn: null,
          salesPaise: 4_998_00,
          commissionPaise: 624_75,
          amountPaise: 4_373_25,
          lines: [
            {
              productId: necklace,
              quantity: 2,
              amountPaise: 4_998_00,
              commissionBps: 1250,
              commissionPaise: 624_75,
              earningPaise: 4_373_25,
            },
          ],
          transferState: null,
          position: expect.any(Number),
          balanceAfterPaise: 4_373_25,
        },
      ],
    });
  });

  it('shows the cancelling seller nothing: a cancelled seller order never earned', async () => {
    expect(await ledgerOf(spices)).toEqual({
      balance: {
        sellerId: spices.user!.id,
        sellerName: 'Kerala Spice Gardens',
        salesPaise: 0,
        commissionPaise: 0,
        earnedPaise: 0,
        tcsPaise: 0,
        paidPaise: 0,
        transferredPaise: 0,
        balancePaise: 0,
        heldPaise: 0,
        updatedAt: null,
      },
      entries: { items: [], total: 0 },
    });
  });

  it('is for sellers only, each seeing its own ledger', async () => {
    expect((await api.anonymous().api.seller.ledger.$get({ query: {} })).status).toBe(401);
    const buyer = await signedIn(api, 'buyer');
    expect(errorOf(await buyer.api.seller.ledger.$get({ query: {} }))).toMatchObject({ code: 'forbidden' });
    expect(
      (await buyer.api.seller.ledger.statement.$get({ query: { from: '2024-01-01', to: '2024-01-31' } })).status,
    ).toBe(403);
    expect(
      (await api.anonymous().api.seller.ledger.statement.$get({ query: { from: '2024-01-01', to: '2024-01-31' } }))
        .status,
    ).toBe(401);
    const stranger = await signedIn(api, 'seller');
    const own = await ledgerOf(stranger);
    expect(own.balance).toMatchObject({ sellerId: stranger.user!.id, balancePaise: 0 });
    expect(own.entries.items).toEqual([]);
    const csv = ok(await stranger.api.seller.ledger.statement.$get({ query: { from: yesterday(), to: today() } }));
    expect(csv).not.toContain(first.orderId.slice(0, 8));
  });

  it('pages, and refuses a bad page', async () => {
    expect(ok(await crafts.api.seller.ledger.$get({ query: { limit: '1', offset: '1' } })).entries).toEqual({
      items: [],
      total: 1,
    });
    expect(errorOf(await crafts.api.seller.ledger.$get({ query: { limit: '0' } })).fields).toEqual({
      limit: 'Limit must be a whole number from 1 to 100',
    });
  });
});

describe('admins and sellers’ ledgers', () => {
  it("shows an admin a seller's ledger as the seller sees it; never to another seller, nor to a visitor", async () => {
    const ledger = (client: Client) =>
      client.api.admin.sellers[':id'].ledger.$get({ param: { id: crafts.user!.id }, query: {} });
    expect((await ledger(admin)).body).toEqual(await ledgerOf(crafts));
    expect((await ledger(spices)).status).toBe(403);
    expect((await ledger(crafts)).status).toBe(403);
    expect((await ledger(api.anonymous())).status).toBe(401);
  });

  it('answers 404 for nobody, and an empty ledger for a seller who sold nothing', async () => {
    expect(
      errorOf(await admin.api.admin.sellers[':id'].ledger.$get({ param: { id: 'no-such-user' }, query: {} })),
    ).toEqual({
      code: 'not_found',
      message: 'Seller not found',
    });
    expect(
      ok(await admin.api.admin.sellers[':id'].ledger.$get({ param: { id: spices.user!.id }, query: {} })).balance,
    ).toMatchObject({
      sellerName: 'Kerala Spice Gardens',
      balancePaise: 0,
    });
  });

  it('lists the balances due, largest first, with the sellers’ names', async () => {
    const potter = await signedIn(api, 'seller', 'Khurja Potters');
    const pot = await listedProduct(api, potter, { pricePaise: 100_00, categoryId: 'handicrafts' });
    const small = await purchase(api, [{ productId: pot, quantity: 1 }]);
    await deliver(potter, small.parts.get(potter.user!.id)!);
    await api.settle();
    const reply = await admin.api.admin.balances.$get({ query: {} });
    expectStatus(reply, 200);
    const { body } = reply;
    const ids = body.items.map((item) => item.sellerId);
    expect(ids).not.toContain(spices.user!.id);
    expect(ids.indexOf(crafts.user!.id)).toBeLessThan(ids.indexOf(potter.user!.id));
    expect(body.items.find((item) => item.sellerId === potter.user!.id)).toMatchObject({
      sellerName: 'Khurja Potters',
      balancePaise: 90_00,
    });
    const balances = body.items.map((item) => item.balancePaise);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect(body.total).toBe(body.items.length);
    expect((await crafts.api.admin.balances.$get({ query: {} })).status).toBe(403);
  });
});

describe('POST /api/admin/sellers/{id}/payouts', () => {
  type Payout = ArgsOf<TypedApi['admin']['sellers'][':id']['payouts']['$post']>['json'];
  const payouts = (sellerId: string, body: Payout, client = admin) =>
    client.api.admin.sellers[':id'].payouts.$post({ param: { id: sellerId }, json: body });

  it('refuses more than the balance due, saying what it is, and records nothing', async () => {
    const seller = await signedIn(api, 'seller');
    const shawl = await listedProduct(api, seller, { pricePaise: 1_000_00, categoryId: 'textiles' });
    const bought = await purchase(api, [{ productId: shawl, quantity: 1 }]);
    await deliver(seller, bought.parts.get(seller.user!.id)!);
    const reply = await storesNothing(api, () =>
      payouts(seller.user!.id, { amountPaise: 900_01, paidOn: yesterday(), reference: 'UTR 1' }),
    );
    expectStatus(reply, 422);
    expect(reply.body.error).toMatchObject({
      code: 'exceeds_balance',
      message: 'A payout of ₹900.01 is more than the balance due, ₹900.00',
    });
  });

  it('brings the balance to zero, records who paid, and takes a retry as the same payout', async () => {
    const seller = await signedIn(api, 'seller');
    const shawl = await listedProduct(api, seller, { pricePaise: 1_000_00, categoryId: 'textiles' });
    const bought = await purchase(api, [{ productId: shawl, quantity: 2 }]);
    await deliver(seller, bought.parts.get(seller.user!.id)!);
    const body = { amountPaise: 1_800_00, paidOn: yesterday(), reference: ' NEFT N123456789 ' };
    const paid = await payouts(seller.user!.id, body);
    expectStatus(paid, 201);
    expect(paid.body).toEqual({
      payout: {
        payoutId: expect.any(String),
        sellerId: seller.user!.id,
        amountPaise: 1_800_00,
        paidOn: yesterday(),
        reference: 'NEFT N123456789',
        by: admin.user!.id,
        at: expect.any(String),
      },
      position: expect.any(Number),
    });
    const { balance, entries } = await ledgerOf(seller, paid.body.position);
    expect(balance).toMatchObject({ earnedPaise: 1_800_00, paidPaise: 1_800_00, balancePaise: 0 });
    expect(entries.items[0]).toMatchObject({
      kind: 'payout',
      reference: 'NEFT N123456789',
      amountPaise: -1_800_00,
      balanceAfterPaise: 0,
      payoutId: paid.body.payout.payoutId,
    });

    const again = await storesNothing(api, () => payouts(seller.user!.id, { ...body, reference: 'neft n123456789' }));
    expectStatus(again, 201);
    expect(again.body.payout).toEqual(paid.body.payout);
    const other = await storesNothing(api, () => payouts(seller.user!.id, { ...body, amountPaise: 100 }));
    expectStatus(other, 409);
    expect(other.body.error).toEqual({
      code: 'payout_reference_used',
      message: 'A payout with this reference is already recorded',
    });
    expect(await eventsOf(api, payoutStream(seller.user!.id))).toEqual([
      { type: 'PayoutRecorded', data: paid.body.payout, actor: admin.user!.id },
    ]);
  });

  it('refuses bad input with 400, an unknown seller with 404, and anyone but an admin', async () => {
    const sellerId = crafts.user!.id;
    const valid = { amountPaise: 100, paidOn: yesterday(), reference: 'UTR 9' };
    const fieldsOf = async (body: Payout) => errorOf(await storesNothing(api, () => payouts(sellerId, body))).fields;
    expect(await fieldsOf({ ...valid, amountPaise: 0 })).toEqual({
      amountPaise: 'Amount must be a whole number of paise above 0',
    });
    expect(await fieldsOf({ ...valid, amountPaise: 12.5 })).toEqual({
      amountPaise: 'Amount must be a whole number of paise above 0',
    });
    expect(await fieldsOf({ ...valid, paidOn: '2024-02-30' })).toEqual({
      paidOn: 'Paid on must be a date like 2024-05-01',
    });
    expect(await fieldsOf({ ...valid, paidOn: '2999-01-01' })).toEqual({ paidOn: 'Paid on cannot be in the future' });
    expect(await fieldsOf({ ...valid, reference: '  ' })).toEqual({ reference: 'A reference is required' });
    expect(await fieldsOf({ ...valid, reference: 'x'.repeat(101) })).toEqual({
      reference: 'Reference must be at most 100 characters',
    });
    expect((await payouts('no-such-user', valid)).status).toBe(404);
    expect((await storesNothing(api, () => payouts(sellerId, valid, crafts))).status).toBe(403);
    expect((await storesNothing(api, () => payouts(sellerId, valid, api.anonymous()))).status).toBe(401);
  });
});

describe('returns in the ledger', () => {
  it('reverses the earning and the commission of the units returned', async () => {
    const bought = await purchase(api, [{ productId: necklace, quantity: 2 }]);
    const sellerOrderId = bought.parts.get(crafts.user!.id)!;
    await deliver(crafts, sellerOrderId);
    await api.settle();
    const before = (await ledgerOf(crafts)).balance;
    const position = await acceptedReturn(bought.buyer, crafts, sellerOrderId, [{ productId: necklace, quantity: 1 }]);
    const { balance, entries } = await ledgerOf(crafts, position);
    expect(entries.items[0]).toMatchObject({
      id: `${sellerOrderId}-R1:accepted`,
      kind: 'return',
      sellerOrderId,
      returnId: `${sellerOrderId}-R1`,
      salesPaise: -2_499_00,
      commissionPaise: -312_38,
      amountPaise: -2_186_62,
    });
    expect(balance.balancePaise).toBe(before.balancePaise - 2_186_62);
  });
});

describe('GET /api/seller/ledger/statement', () => {
  it('downloads the range as CSV: opening balance, the entries with the balance after each, closing balance', async () => {
    const seller = await signedIn(api, 'seller');
    const diya = await listedProduct(api, seller, { pricePaise: 99_99, categoryId: 'handicrafts' });
    const bought = await purchase(api, [{ productId: diya, quantity: 3 }]);
    const sellerOrderId = bought.parts.get(seller.user!.id)!;
    await deliver(seller, sellerOrderId);
    await api.settle();
    const paid = await admin.api.admin.sellers[':id'].payouts.$post({
      param: { id: seller.user!.id },
      json: {
        amountPaise: 200_00,
        paidOn: yesterday(),
        reference: 'UTR, "first"',
      },
    });
    expectStatus(paid, 201);
    await api.settle();

    const reply = await seller.api.seller.ledger.statement.$get({ query: { from: yesterday(), to: today() } });
    expectStatus(reply, 200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe(
      `attachment; filename="mibi-statement-${yesterday()}-to-${today()}.csv"`,
    );
    const short = `${bought.orderId.slice(0, 8)}-1`;
    expect(reply.body.split('\r\n')).toEqual([
      'date,kind,order,reference,sales,commission,amount,balance after',
      `${yesterday()},opening balance,,,,,,0.00`,
      // ₹299.97 at 10%: ₹29.997, rounded half up to ₹30.00.
      `${today()},earning,${short},,299.97,30.00,269.97,269.97`,
      `${today()},payout,,"UTR, ""first""",0.00,0.00,-200.00,69.97`,
      `${today()},closing balance,,,299.97,30.00,69.97,69.97`,
      '',
    ]);
    // A range before the entries: their balance is not brought forward, nothing happens in it.
    const earlier = await seller.api.seller.ledger.statement.$get({ query: { from: '2024-01-01', to: '2024-01-31' } });
    expectStatus(earlier, 200);
    expect(earlier.body.split('\r\n')).toEqual([
      'date,kind,order,reference,sales,commission,amount,balance after',
      '2024-01-01,opening balance,,,,,,0.00',
      '2024-01-31,closing balance,,,0.00,0.00,0.00,0.00',
      '',
    ]);
  });

  it('answers a bad range with a 400 in JSON', async () => {
    const fieldsOf = async (query: string) => {
      const reply = await crafts.raw.get(`/api/seller/ledger/statement${query}`);
      expectStatus(reply, 400);
      return reply.body.error.fields;
    };
    expect(await fieldsOf('?from=2024-05-31&to=2024-05-01')).toEqual({ from: 'From must be on or before To' });
    expect(await fieldsOf('?from=2024-02-30&to=2024-03-01')).toEqual({ from: 'From must be a date like 2024-05-01' });
    expect(await fieldsOf('?from=2024-05-01')).toEqual({ to: 'To must be a date like 2024-05-01' });
    expect(await fieldsOf('?from=yesterday&to=today')).toMatchObject({ from: 'From must be a date like 2024-05-01' });
  });
});
