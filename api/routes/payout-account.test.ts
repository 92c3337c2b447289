import { describe, expect, it } from 'vitest';
import { PAYOUT_ACCOUNT_MESSAGES } from '../../domain/payout-account/schemas.ts';
import { payoutAccountStream } from '../../domain/payout-account/events.ts';
import { errorOf, expectStatus, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { signedIn } from './orders.fixtures.ts';

const api = await fileApi();
const admin = await signInAdmin(api);

const ACCOUNT = { beneficiaryName: 'Meera Crafts', accountNumber: '0001 2345 6789', ifsc: 'sbin0001234' };

describe('PUT /api/seller/payout-account', () => {
  it('sets up the seller’s payouts with a linked account, keeping only the last four digits', async () => {
    const seller = await signedIn(api, 'seller', 'Meera Crafts');
    expect(ok(await seller.api.seller['payout-account'].$get())).toEqual({ account: null, history: [] });

    const set = ok(await seller.api.seller['payout-account'].$put({ json: ACCOUNT }));
    const account = {
      linkedAccountId: expect.stringMatching(/^acc_/),
      beneficiaryName: 'Meera Crafts',
      accountLast4: '6789',
      ifsc: 'SBIN0001234',
      by: seller.user!.id,
      at: expect.any(String),
    };
    expect(set).toEqual({ account, history: [account], position: expect.any(Number) });
    expect(ok(await seller.api.seller['payout-account'].$get())).toEqual({ account, history: [account] });

    // The whole number went to the gateway only.
    const [event] = await api.ctx.streams.read(payoutAccountStream(seller.user!.id));
    expect(JSON.stringify(event!.data)).not.toContain('123456789');

    // Sent again: nothing new. Changed: a new version, the old one kept in the history.
    ok(await seller.api.seller['payout-account'].$put({ json: ACCOUNT }));
    expect(await api.ctx.streams.read(payoutAccountStream(seller.user!.id))).toHaveLength(1);
    const changed = ok(
      await seller.api.seller['payout-account'].$put({
        json: { ...ACCOUNT, accountNumber: '99887766554433', ifsc: 'HDFC0000001' },
      }),
    );
    expect(changed.account).toMatchObject({ accountLast4: '4433', ifsc: 'HDFC0000001' });
    expect(changed.history.map((version) => version.accountLast4)).toEqual(['4433', '6789']);
  });

  it('refuses a bad account number, IFSC or name with 400 and the field’s message, and records nothing', async () => {
    const seller = await signedIn(api, 'seller');
    const refusals: Array<[body: object, fields: Record<string, string>]> = [
      [{ ...ACCOUNT, accountNumber: '12345678' }, { accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber }],
      [{ ...ACCOUNT, accountNumber: '1'.repeat(19) }, { accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber }],
      [{ ...ACCOUNT, accountNumber: '12345x6789' }, { accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber }],
      [{ ...ACCOUNT, ifsc: 'SBIN1001234' }, { ifsc: PAYOUT_ACCOUNT_MESSAGES.ifsc }],
      [{ ...ACCOUNT, ifsc: 'SBI0001234' }, { ifsc: PAYOUT_ACCOUNT_MESSAGES.ifsc }],
      [{ ...ACCOUNT, beneficiaryName: '  ' }, { beneficiaryName: PAYOUT_ACCOUNT_MESSAGES.beneficiaryName }],
      [
        {},
        {
          beneficiaryName: PAYOUT_ACCOUNT_MESSAGES.beneficiaryName,
          accountNumber: PAYOUT_ACCOUNT_MESSAGES.accountNumber,
          ifsc: PAYOUT_ACCOUNT_MESSAGES.ifsc,
        },
      ],
    ];
    for (const [body, fields] of refusals) {
      const reply = await seller.raw.put('/api/seller/payout-account', body);
      expectStatus(reply, 400);
      expect(errorOf(reply)).toMatchObject({ code: 'validation_failed', fields });
    }
    expectStatus(await seller.raw.put('/api/seller/payout-account', 'not json'), 400);
    expect(await api.ctx.streams.read(payoutAccountStream(seller.user!.id))).toEqual([]);
  });
});

describe('who sees and sets a payout account', () => {
  it('is the seller’s own: another seller sees and sets only theirs; buyers and visitors none', async () => {
    const [mine, other, buyer] = await Promise.all([
      signedIn(api, 'seller'),
      signedIn(api, 'seller'),
      signedIn(api, 'buyer'),
    ]);
    ok(await mine.api.seller['payout-account'].$put({ json: ACCOUNT }));
    // The other seller's PUT sets their own account (the route takes no seller id), and leaves mine as it was.
    ok(await other.api.seller['payout-account'].$put({ json: { ...ACCOUNT, accountNumber: '5555666677' } }));
    expect(ok(await other.api.seller['payout-account'].$get()).account?.accountLast4).toBe('6677');
    expect(ok(await mine.api.seller['payout-account'].$get()).account?.accountLast4).toBe('6789');
    // Nor through the admins' route.
    const param = { id: mine.user!.id };
    expectStatus(await other.api.admin.sellers[':id']['payout-account'].$get({ param }), 403);

    expectStatus(await buyer.api.seller['payout-account'].$get(), 403);
    expectStatus(await buyer.api.seller['payout-account'].$put({ json: ACCOUNT }), 403);
    expectStatus(await api.anonymous().api.seller['payout-account'].$get(), 401);
    expectStatus(await api.anonymous().api.seller['payout-account'].$put({ json: ACCOUNT }), 401);
  });

  it('shows admins any seller’s account, 404 for nobody; an admin cannot set one', async () => {
    const seller = await signedIn(api, 'seller');
    ok(await seller.api.seller['payout-account'].$put({ json: ACCOUNT }));
    const seen = ok(await admin.api.admin.sellers[':id']['payout-account'].$get({ param: { id: seller.user!.id } }));
    expect(seen.account).toMatchObject({ beneficiaryName: 'Meera Crafts', accountLast4: '6789' });
    const nobody = await admin.api.admin.sellers[':id']['payout-account'].$get({ param: { id: 'nobody' } });
    expectStatus(nobody, 404);
    // The admin is no seller: the seller's route is not theirs.
    expectStatus(await admin.api.seller['payout-account'].$put({ json: ACCOUNT }), 403);
  });
});
