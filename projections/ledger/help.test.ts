import { describe, expect, it } from 'vitest';
import type { HelpEvent } from '../../domain/dispute/events.ts';
import { orderStream } from '../../domain/order/events.ts';
import { placed } from '../../domain/order/events.fixtures.ts';
import type { LedgerEntryDoc, SellerBalanceDoc } from './documents.ts';
import { LEDGER_ENTRIES, SELLER_BALANCES, ledger } from './projection.ts';
import { projectionStores } from '../projection.fixtures.ts';
import { delivered, orderLine, partOf } from './events.fixtures.ts';

const stores = projectionStores(ledger);
const T = (day: number) => `2024-05-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const stamp = { orderId: 'o-1', sellerOrderId: 'o-1-1', sellerId: 's-1', helpId: 'o-1-1-H1' };

const balance = () => stores.read.collection<SellerBalanceDoc>(SELLER_BALANCES).get('s-1');

describe('ledger of a disputed seller order', () => {
  it('holds its part of the balance while the dispute is open, takes the refund off and releases the rest', async () => {
    const order = placed(
      'o-1',
      [orderLine({ productId: 'diya', sellerId: 's-1', pricePaise: 1_000_00, quantity: 1 })],
      T(1),
    );
    const stream = orderStream('o-1');
    await stores.events.append(stream, [order, delivered('o-1', partOf(order, 's-1'), T(2))], 'no_stream');
    const escalated: HelpEvent = { type: 'HelpEscalated', data: { ...stamp, by: 'buyer-1', text: 'Help', at: T(5) } };
    await stores.events.append(stream, [escalated], 'any');
    await stores.runner().catchUp(ledger.name);
    expect(await balance()).toMatchObject({ earnedPaise: 900_00, balancePaise: 900_00, heldPaise: 900_00 });

    const refund = { refundId: 'o-1-1-H1-M', amountPaise: 500_00, commissionPaise: 50_00, earningPaise: 450_00 };
    const decided: HelpEvent = {
      type: 'DisputeDecided',
      data: { ...stamp, by: 'admin-1', outcome: 'refund', reason: 'Damaged', refund, at: T(6) },
    };
    await stores.events.append(stream, [decided], 'any');
    await stores.runner().catchUp(ledger.name);
    expect(await balance()).toMatchObject({
      salesPaise: 500_00,
      commissionPaise: 50_00,
      earnedPaise: 450_00,
      balancePaise: 450_00,
      heldPaise: 0,
    });
    expect(await stores.read.collection<LedgerEntryDoc>(LEDGER_ENTRIES).get('refund:o-1-1-H1-M')).toMatchObject({
      kind: 'refund',
      salesPaise: -500_00,
      commissionPaise: -50_00,
      amountPaise: -450_00,
      balanceAfterPaise: 450_00,
    });

    const before = await stores.documents();
    await stores.runner().rebuild(ledger.name);
    await stores.runner().catchUp(ledger.name);
    expect(await stores.documents()).toEqual(before);
  });
});
