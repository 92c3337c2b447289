import { describe, expect, it } from 'vitest';
import { categoryStream } from '../../domain/catalog/events.ts';
import { orderStream } from '../../domain/order/events.ts';
import { placed } from '../../domain/order/events.fixtures.ts';
import { payoutStream } from '../../domain/payout/events.ts';
import type { LedgerEntryDoc, SellerBalanceDoc } from './documents.ts';
import { CATEGORY_POLICIES, LEDGER_ENTRIES, SELLER_BALANCES, ledger } from './projection.ts';
import { projectionStores } from '../projection.fixtures.ts';
import {
  ADMIN_ID,
  categoryCreated,
  commissionSet,
  delivered,
  orderLine,
  partOf,
  payout,
  returnAccepted,
  returnsSet,
} from './events.fixtures.ts';

const stores = projectionStores(ledger);
const { runner, documents } = stores;

const entriesOf = async (sellerId: string) =>
  stores.read.collection<LedgerEntryDoc>(LEDGER_ENTRIES).find({
    where: { sellerId },
    sort: [
      ['at', 'asc'],
      ['position', 'asc'],
    ],
  });

const T = (day: number, hour = 10) =>
  `2024-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

const shawl = orderLine({
  productId: 'shawl',
  sellerId: 's-1',
  sellerName: 'Meera Weaves',
  pricePaise: 1_000_00,
  quantity: 2,
  categoryId: 'textiles',
});
const diya = orderLine({
  productId: 'diya',
  sellerId: 's-1',
  sellerName: 'Meera Weaves',
  pricePaise: 99_99,
  quantity: 3,
  categoryId: 'handicrafts',
});
const saffron = orderLine({
  productId: 'saffron',
  sellerId: 's-2',
  sellerName: 'Kerala Spice Gardens',
  pricePaise: 450_00,
  quantity: 2,
  categoryId: 'spices',
});

/** One purchase from two sellers: both deliver, s-1 accepts the return of one shawl and is paid ₹1,000. */
async function twoSellerLog(): Promise<void> {
  const order = placed('o-1', [shawl, saffron, diya], T(1));
  await stores.events.append(orderStream('o-1'), [order], 'no_stream');
  await stores.events.append(
    orderStream('o-1'),
    [delivered('o-1', partOf(order, 's-1'), T(3), { handicrafts: 1250 })],
    'any',
  );
  await stores.events.append(orderStream('o-1'), [delivered('o-1', partOf(order, 's-2'), T(4))], 'any');
  await stores.events.append(
    orderStream('o-1'),
    [returnAccepted('o-1', partOf(order, 's-1'), 1, { shawl: 1 }, T(6))],
    'any',
  );
  await stores.events.append(payoutStream('s-1'), [payout('s-1', 'p-1', 1_000_00, T(7), 'UTR 881')], 'no_stream');
}

describe('ledger projection', () => {
  it('posts an earning per delivered seller order, reverses an accepted return and settles a payout', async () => {
    await twoSellerLog();
    await runner().catchUp(ledger.name);

    const s1 = await entriesOf('s-1');
    expect(s1).toEqual([
      {
        id: 'o-1-1:delivered',
        sellerId: 's-1',
        kind: 'earning',
        at: T(3),
        orderId: 'o-1',
        sellerOrderId: 'o-1-1',
        returnId: null,
        payoutId: null,
        reference: null,
        paidOn: null,
        // Shawls 2 x ₹1,000 at 10%; diyas 3 x ₹99.99 at 12.5%: ₹37.49625, rounded half up to ₹37.50.
        salesPaise: 2_299_97,
        commissionPaise: 200_00 + 37_50,
        amountPaise: 1_800_00 + 262_47,
        lines: [
          {
            productId: 'shawl',
            quantity: 2,
            amountPaise: 2_000_00,
            commissionBps: 1000,
            commissionPaise: 200_00,
            earningPaise: 1_800_00,
          },
          {
            productId: 'diya',
            quantity: 3,
            amountPaise: 299_97,
            commissionBps: 1250,
            commissionPaise: 37_50,
            earningPaise: 262_47,
          },
        ],
        transferState: null,
        position: 2,
        balanceAfterPaise: 2_062_47,
      },
      expect.objectContaining({
        id: 'o-1-1-R1:accepted',
        kind: 'return',
        returnId: 'o-1-1-R1',
        sellerOrderId: 'o-1-1',
        salesPaise: -1_000_00,
        commissionPaise: -100_00,
        amountPaise: -900_00,
        balanceAfterPaise: 1_162_47,
      }),
      expect.objectContaining({
        id: 'payout:p-1',
        kind: 'payout',
        orderId: null,
        sellerOrderId: null,
        payoutId: 'p-1',
        reference: 'UTR 881',
        paidOn: '2024-05-07',
        salesPaise: 0,
        commissionPaise: 0,
        amountPaise: -1_000_00,
        lines: [],
        balanceAfterPaise: 162_47,
      }),
    ]);
    expect(await entriesOf('s-2')).toEqual([
      expect.objectContaining({
        id: 'o-1-2:delivered',
        salesPaise: 900_00,
        commissionPaise: 90_00,
        amountPaise: 810_00,
      }),
    ]);

    expect(await stores.read.collection<SellerBalanceDoc>(SELLER_BALANCES).find({ sort: [['id', 'asc']] })).toEqual([
      {
        id: 's-1',
        sellerName: 'Meera Weaves',
        salesPaise: 1_299_97,
        commissionPaise: 137_50,
        earnedPaise: 1_162_47,
        tcsPaise: 0,
        paidPaise: 1_000_00,
        transferredPaise: 0,
        balancePaise: 162_47,
        heldPaise: 0,
        updatedAt: T(7),
      },
      {
        id: 's-2',
        sellerName: 'Kerala Spice Gardens',
        salesPaise: 900_00,
        commissionPaise: 90_00,
        earnedPaise: 810_00,
        tcsPaise: 0,
        paidPaise: 0,
        transferredPaise: 0,
        balancePaise: 810_00,
        heldPaise: 0,
        updatedAt: T(4),
      },
    ]);
  });

  it('leaves a seller without a delivery out, and a cancelled seller order moves no money', async () => {
    const order = placed('o-2', [shawl, saffron], T(1));
    const { part } = partOf(order, 's-2');
    const cancelled = {
      type: 'SellerOrderCancelled',
      data: {
        orderId: 'o-2',
        sellerOrderId: part.sellerOrderId,
        sellerId: 's-2',
        by: 's-2',
        at: T(2),
        reason: 'Out of season',
      },
    };
    await stores.events.append(
      orderStream('o-2'),
      [order, cancelled, delivered('o-2', partOf(order, 's-1'), T(3))],
      'no_stream',
    );
    await runner().catchUp(ledger.name);
    const docs = await documents();
    expect(docs[SELLER_BALANCES]!.map((doc) => doc.id)).toEqual(['s-1']);
    expect(docs[LEDGER_ENTRIES]!.map((doc) => doc.id)).toEqual(['o-2-1:delivered']);
  });

  it('moves no money twice for an event recorded twice', async () => {
    const order = placed('o-3', [saffron], T(1));
    const delivery = delivered('o-3', partOf(order, 's-2'), T(2));
    await stores.events.append(orderStream('o-3'), [order, delivery, delivery], 'no_stream');
    await stores.events.append(
      payoutStream('s-2'),
      [payout('s-2', 'p-9', 100_00, T(3)), payout('s-2', 'p-9', 100_00, T(3))],
      'no_stream',
    );
    await runner().catchUp(ledger.name);
    expect(await stores.read.collection(SELLER_BALANCES).get('s-2')).toMatchObject({
      earnedPaise: 810_00,
      tcsPaise: 0,
      paidPaise: 100_00,
      transferredPaise: 0,
      balancePaise: 710_00,
    });
    expect((await entriesOf('s-2')).map((entry) => entry.id)).toEqual(['o-3-1:delivered', 'payout:p-9']);
  });

  it('names a seller as their latest order does', async () => {
    const order = placed('o-4', [saffron], T(1));
    await stores.events.append(orderStream('o-4'), [order, delivered('o-4', partOf(order, 's-2'), T(2))], 'no_stream');
    await stores.events.append(payoutStream('s-2'), [payout('s-2', 'p-1', 100_00, T(3))], 'no_stream');
    await runner().catchUp(ledger.name);
    expect(await stores.read.collection(SELLER_BALANCES).get('s-2')).toMatchObject({
      sellerName: 'Kerala Spice Gardens',
    });
    const renamed = placed('o-5', [{ ...saffron, sellerName: 'Kerala Spice Estates' }], T(4));
    await stores.events.append(orderStream('o-5'), [renamed], 'no_stream');
    await runner().catchUp(ledger.name);
    expect(await stores.read.collection(SELLER_BALANCES).get('s-2')).toMatchObject({
      sellerName: 'Kerala Spice Estates',
      balancePaise: 710_00,
    });
  });

  it("keeps each category's policies with who changed them, why and when", async () => {
    await stores.events.append(categoryStream('spices'), [categoryCreated('spices', 'Spices', T(1))], 'no_stream');
    await stores.events.append(
      categoryStream('textiles'),
      [categoryCreated('textiles', 'Textiles', T(1))],
      'no_stream',
    );
    await stores.events.append(
      categoryStream('spices'),
      [
        commissionSet('spices', 800, 'Festival offer for spice farmers', T(2)),
        returnsSet('spices', true, 'Sealed packs only', T(3)),
        commissionSet('spices', null, 'Offer ended', T(4)),
      ],
      0,
    );
    await runner().catchUp(ledger.name);
    expect(await stores.read.collection(CATEGORY_POLICIES).find({ sort: [['id', 'asc']] })).toEqual([
      {
        id: 'spices',
        name: 'Spices',
        commissionBps: null,
        returnable: true,
        history: [
          { change: 'commission', value: 800, reason: 'Festival offer for spice farmers', by: ADMIN_ID, at: T(2) },
          { change: 'returns', value: true, reason: 'Sealed packs only', by: ADMIN_ID, at: T(3) },
          { change: 'commission', value: null, reason: 'Offer ended', by: ADMIN_ID, at: T(4) },
        ],
      },
      { id: 'textiles', name: 'Textiles', commissionBps: null, returnable: null, history: [] },
    ]);
  });

  it('gives the same documents when rebuilt from zero as when followed live in small batches', async () => {
    const live = runner(2);
    await twoSellerLog();
    await live.catchUp(ledger.name);
    const order = placed('o-9', [saffron, shawl], T(8));
    await stores.events.append(
      orderStream('o-9'),
      [order, delivered('o-9', partOf(order, 's-2'), T(9), {}, 1500)],
      'no_stream',
    );
    await stores.events.append(payoutStream('s-2'), [payout('s-2', 'p-2', 500_00, T(10))], 'no_stream');
    await live.catchUp(ledger.name);
    const followed = await documents();
    expect(followed[LEDGER_ENTRIES]).toHaveLength(6);
    await live.rebuild(ledger.name);
    await live.catchUp(ledger.name);
    expect(await documents()).toEqual(followed);
  });
});

describe('ledger over a log written before seller orders', () => {
  const SELLER_A = '68d9bb09-ff63-4c5c-a733-06e5d49f9cef';
  const SELLER_B = '1e360922-1b3c-4cc8-a9ed-75a47dbf9146';

  it('posts the earnings of the purchase delivered whole, for each of its sellers, at 0 basis points', async () => {
    await stores.importLegacyLog();
    await runner().catchUp(ledger.name);
    const docs = await documents();
    // Order 1 only: order 2 was cancelled, orders 3 and 4 never delivered.
    expect(
      docs[LEDGER_ENTRIES]!.map(({ sellerId, kind, salesPaise, commissionPaise, amountPaise }) => ({
        sellerId,
        kind,
        salesPaise,
        commissionPaise,
        amountPaise,
      })),
    ).toEqual(
      expect.arrayContaining([
        { sellerId: SELLER_A, kind: 'earning', salesPaise: 2_499_00, commissionPaise: 0, amountPaise: 2_499_00 },
        { sellerId: SELLER_B, kind: 'earning', salesPaise: 900_00, commissionPaise: 0, amountPaise: 900_00 },
      ]),
    );
    expect(docs[LEDGER_ENTRIES]).toHaveLength(2);
    expect(
      docs[SELLER_BALANCES]!.map(({ id, sellerName, balancePaise }) => ({ id, sellerName, balancePaise })),
    ).toEqual(
      expect.arrayContaining([
        { id: SELLER_A, sellerName: 'Rajasthan Crafts Collective', balancePaise: 2_499_00 },
        { id: SELLER_B, sellerName: 'Kerala Spice Gardens', balancePaise: 900_00 },
      ]),
    );
    expect(docs[CATEGORY_POLICIES]).toHaveLength(6);

    const rebuilt = await documents();
    await runner().rebuild(ledger.name);
    await runner().catchUp(ledger.name);
    expect(await documents()).toEqual(rebuilt);
  });
});
