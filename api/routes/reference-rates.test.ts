import { describe, expect, it } from 'vitest';
import {
  REFERENCE_RATE_MESSAGES,
  REFERENCE_RATES_STREAM,
  type ReferenceRate,
} from '../../domain/currency/reference-rates.ts';
import { DISPLAY_CURRENCY_MESSAGE } from '../../domain/currency/schemas.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { adminSuite, eventsOf, storesNothing } from './admin/admin.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, signedIn } from './orders.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/** Off the contract on purpose: what the typed client would not send. */
const putRate = (client: Client, currency: string, body: unknown) =>
  client.raw.put(`/api/admin/reference-rates/${currency}`, body);
const record = async (currency: 'USD' | 'EUR' | 'GBP' | 'AED' | 'SGD', rupeesPerUnit: string, effectiveFrom?: string) =>
  ok(
    await admin.api.admin['reference-rates'][':currency'].$put({
      param: { currency },
      json: { rupeesPerUnit, source: 'RBI reference rate', ...(effectiveFrom && { effectiveFrom }) },
    }),
  );
const inEffect = async () => {
  await harness.settle();
  return ok(await api.anonymous().api['reference-rates'].$get());
};

describe('reference rates', () => {
  it('are recorded by an admin, each an event with its source and time, and read by anyone as the ones in effect now', async () => {
    expect((await inEffect()).rates.find((rate) => rate.currency === 'GBP')).toBeUndefined();
    await record('GBP', '106.2');
    const later = inAnHour();
    await record('GBP', '107.0000', later);
    const events = (await eventsOf(api, REFERENCE_RATES_STREAM)) as { data: ReferenceRate }[];
    expect(events.filter((event) => event.data.currency === 'GBP')).toEqual([
      {
        type: 'ReferenceRateSet',
        data: {
          currency: 'GBP',
          rupeesPerUnit: '106.2',
          effectiveFrom: expect.any(String),
          source: 'RBI reference rate',
          by: adminId,
          at: expect.any(String),
        },
        actor: adminId,
      },
      {
        type: 'ReferenceRateSet',
        data: {
          currency: 'GBP',
          rupeesPerUnit: '107',
          effectiveFrom: later,
          source: 'RBI reference rate',
          by: adminId,
          at: expect.any(String),
        },
        actor: adminId,
      },
    ]);
    const now = await inEffect();
    expect(now.rates.find((rate) => rate.currency === 'GBP')).toEqual({
      currency: 'GBP',
      rupeesPerUnit: '106.2',
      effectiveFrom: events[0]!.data.effectiveFrom,
      source: 'RBI reference rate',
    });
    expect(now.nextChangeAt).toBe(later);
    // Who recorded a rate is for the admins only.
    expect(JSON.stringify(now)).not.toContain(adminId);

    const view = ok(await admin.api.admin['reference-rates'].$get());
    const gbp = view.currencies.find((entry) => entry.currency === 'GBP')!;
    expect(gbp.inEffect).toMatchObject({ rupeesPerUnit: '106.2', by: adminId });
    expect(gbp.history.map((rate) => rate.rupeesPerUnit)).toEqual(['106.2', '107']);
    expect(view.currencies.map((entry) => entry.currency)).toEqual(['USD', 'EUR', 'GBP', 'AED', 'SGD']);
  });

  it('records nothing when the rate in effect is recorded again from the same source', async () => {
    await record('SGD', '64.5');
    await storesNothing(api, () => record('SGD', '64.50'));
  });

  it('refuses bad input with the field at fault, recording nothing', async () => {
    const base = { rupeesPerUnit: '84.0729', source: 'RBI reference rate' };
    const cases: [string, unknown, Record<string, string>][] = [
      ['USD', { ...base, rupeesPerUnit: 84.0729 }, { rupeesPerUnit: REFERENCE_RATE_MESSAGES.rate }],
      ['USD', { ...base, rupeesPerUnit: '84.07291' }, { rupeesPerUnit: REFERENCE_RATE_MESSAGES.rate }],
      ['USD', { ...base, rupeesPerUnit: '0' }, { rupeesPerUnit: REFERENCE_RATE_MESSAGES.rate }],
      ['USD', { ...base, rupeesPerUnit: '-84' }, { rupeesPerUnit: REFERENCE_RATE_MESSAGES.rate }],
      ['USD', { source: 'x' }, { rupeesPerUnit: REFERENCE_RATE_MESSAGES.rate }],
      ['USD', { ...base, source: '   ' }, { source: REFERENCE_RATE_MESSAGES.source }],
      ['USD', { ...base, source: 'x'.repeat(301) }, { source: 'Source must be at most 300 characters' }],
      ['USD', { ...base, effectiveFrom: '2026-12-01' }, { effectiveFrom: REFERENCE_RATE_MESSAGES.effectiveFrom }],
      ['USD', { ...base, effectiveFrom: 20261201 }, { effectiveFrom: REFERENCE_RATE_MESSAGES.effectiveFrom }],
      ['USD', { ...base, effectiveFrom: '2020-01-01T00:00:00Z' }, { effectiveFrom: REFERENCE_RATE_MESSAGES.past }],
      ['INR', base, { currency: REFERENCE_RATE_MESSAGES.currency }],
      ['usd', base, { currency: REFERENCE_RATE_MESSAGES.currency }],
    ];
    for (const [currency, body, fields] of cases) {
      const reply = await storesNothing(api, () => putRate(admin, currency, body));
      expectStatus(reply, 400);
      expect({ currency, body, fields: reply.body.error.fields }).toEqual({ currency, body, fields });
    }
    expectStatus(await storesNothing(api, () => putRate(admin, 'USD', '{"rupeesPerUnit":')), 400);
  });

  it('are recorded by admins only; their history is for admins only', async () => {
    const buyer = await signedIn(api, 'buyer');
    const seller = await signedIn(api, 'seller');
    const body = { rupeesPerUnit: '84', source: 'Guess' };
    for (const [client, status] of [
      [buyer, 403],
      [seller, 403],
      [api.anonymous(), 401],
    ] as const) {
      expectStatus(await storesNothing(api, () => putRate(client, 'USD', body)), status);
      // The role is checked before the input: others learn nothing of it.
      expectStatus(await storesNothing(api, () => putRate(client, 'XYZ', { bad: true })), status);
      expectStatus(await harness.console(client).api.admin['reference-rates'].$get(), status);
    }
  });
});

describe('/api/auth/display-currency', () => {
  const choose = (client: Client, currency: unknown) => client.raw.put('/api/auth/display-currency', { currency });

  it('is rupees alone until the user chooses; the choice is kept on their account', async () => {
    const buyer = await signedIn(api, 'buyer');
    expect(ok(await buyer.api.auth['display-currency'].$get())).toEqual({ currency: null });
    expect(ok(await buyer.api.auth['display-currency'].$put({ json: { currency: 'AED' } }))).toEqual({
      currency: 'AED',
      position: expect.any(Number),
    });
    expect(ok(await buyer.api.auth['display-currency'].$get())).toEqual({ currency: 'AED' });
    await storesNothing(api, () => buyer.api.auth['display-currency'].$put({ json: { currency: 'AED' } }));
    ok(await buyer.api.auth['display-currency'].$put({ json: { currency: 'INR' } }));
    expect(ok(await buyer.api.auth['display-currency'].$get())).toEqual({ currency: 'INR' });
  });

  it.each([
    ['an unknown currency', 'JPY'],
    ['lower case', 'eur'],
    ['not text', 1],
    ['nothing', undefined],
  ])('answers 400 to %s, recording nothing', async (_, currency) => {
    const buyer = await signedIn(api, 'buyer');
    const reply = await storesNothing(api, () => choose(buyer, currency));
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ currency: DISPLAY_CURRENCY_MESSAGE });
  });

  it('asks a visitor to sign in', async () => {
    expectStatus(await api.anonymous().api.auth['display-currency'].$get(), 401);
    expectStatus(await storesNothing(api, () => choose(api.anonymous(), 'EUR')), 401);
  });
});

describe('the order confirmation mail', () => {
  it('gives the total also in the buyer’s currency at the rate in effect when they ordered; the payment stays in rupees', async () => {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller, { pricePaise: 1_22_700, stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 1);
    ok(await buyer.api.auth['display-currency'].$put({ json: { currency: 'EUR' } }));
    await record('EUR', '90');
    const placed = await buyer.api.orders.$post({ header: {}, json: checkoutBody({ payment: 'online' }) });
    expectStatus(placed, 201);
    const { order, payment } = placed.body;
    expect(payment).toMatchObject({ amountPaise: order.totalPaise, currency: 'INR' });
    // A new rate before the buyer pays (and the mail goes out) does not change what the order was at.
    await record('EUR', '100');
    await harness.settle();
    await api.gateway.control.pay(payment!.gatewayOrderId);
    await harness.settle();
    const [mail] = await api.platform.mailbox!.list({ to: buyer.user!.email, limit: 1 });
    expect(mail?.subject).toMatch(/is confirmed$/);
    // ₹1,227 and delivery at ₹90 per euro.
    const cents = Math.round((order.totalPaise * 100) / 9000);
    const euros = `€${(cents / 100).toFixed(2)}`;
    expect(mail?.text).toContain(
      `Total: ₹${(order.totalPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })} (≈ ${euros}; you are charged in rupees)`,
    );
  });

  it('gives rupees alone to a buyer who never chose another currency', async () => {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller, { stockQuantity: 5 });
    const buyer = await buyerWith(api, productId, 1);
    ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody() }));
    await harness.settle();
    const [mail] = await api.platform.mailbox!.list({ to: buyer.user!.email, limit: 1 });
    expect(mail?.text).toMatch(/\nTotal: ₹[\d,.]+\n/);
    expect(mail?.text).not.toContain('≈');
  });
});
