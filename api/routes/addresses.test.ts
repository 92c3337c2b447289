import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookStream } from '../../domain/address-book/events.ts';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { type Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { oversized, signedIn } from './orders.fixtures.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const revision = (client: Client) => api.platform.events.streamRevision(addressBookStream(client.user!.id));
const save = (client: Client, address: object, makeDefault?: boolean) =>
  client.api.addresses.$post({ json: { ...(address as typeof PUNE_ADDRESS), makeDefault } });
const idsOf = (book: { addresses: Array<{ id: string; isDefault: boolean }> }) =>
  book.addresses.map(({ id, isDefault }) => [id, isDefault]);
const street = (n: number) => ({ ...PUNE_ADDRESS, address: `${n} FC Road` });

describe('every address route', () => {
  const addressId = 'a-1';
  it.each([
    ['GET /api/addresses', (client: Client) => client.api.addresses.$get()],
    ['POST /api/addresses', (client: Client) => client.api.addresses.$post({ json: PUNE_ADDRESS })],
    [
      'PUT /api/addresses/a-1',
      (client: Client) => client.api.addresses[':addressId'].$put({ param: { addressId }, json: PUNE_ADDRESS }),
    ],
    [
      'DELETE /api/addresses/a-1',
      (client: Client) => client.api.addresses[':addressId'].$delete({ param: { addressId } }),
    ],
    [
      'POST /api/addresses/a-1/default',
      (client: Client) => client.api.addresses[':addressId'].default.$post({ param: { addressId } }),
    ],
  ] as const)('%s requires sign-in', async (_route, call) => {
    expectStatus(await call(api.anonymous()), 401);
  });
});

describe('saving', () => {
  it('makes the first address the default, keeps the default first, and saves an address once', async () => {
    const buyer = await signedIn(api);
    expect(ok(await buyer.api.addresses.$get())).toEqual({ addresses: [] });

    const first = ok(await save(buyer, { ...PUNE_ADDRESS, phone: '+91 98765-43210' }));
    expect(first.addresses).toEqual([{ id: expect.any(String), address: PUNE_ADDRESS, isDefault: true }]);
    const pune = first.addresses[0]!.id;

    const second = ok(await save(buyer, KOCHI_ADDRESS));
    const kochi = second.addresses[1]!.id;
    expect(idsOf(second)).toEqual([
      [pune, true],
      [kochi, false],
    ]);

    // Saved again (from checkout, say): no second copy; asked to, it becomes the default.
    const again = ok(await save(buyer, KOCHI_ADDRESS, true));
    expect(idsOf(again)).toEqual([
      [kochi, true],
      [pune, false],
    ]);
    expect(ok(await buyer.api.addresses.$get())).toEqual({ addresses: again.addresses });
  });

  it('keeps at most five', async () => {
    const buyer = await signedIn(api);
    for (let n = 1; n <= 5; n++) ok(await save(buyer, street(n)));
    const before = await revision(buyer);
    const sixth = await save(buyer, street(6));
    expectStatus(sixth, 409);
    expect(sixth.body.error).toMatchObject({
      code: 'address_book_full',
      message: 'You can save up to 5 addresses: remove one to save another',
    });
    expect(await revision(buyer)).toBe(before);
    // One of the five saved again is no sixth.
    expect(ok(await save(buyer, street(3))).addresses).toHaveLength(5);
  });

  it.each([
    [{ ...PUNE_ADDRESS, city: '' }, { city: 'City is required' }],
    [{ ...PUNE_ADDRESS, pincode: '01234' }, { pincode: 'Enter a valid 6-digit PIN code' }],
    [{ ...PUNE_ADDRESS, pincode: '999999' }, { pincode: 'This PIN code does not exist: check it' }],
    [{ ...PUNE_ADDRESS, pincode: '560001' }, { state: 'PIN code 560001 is in Karnataka' }],
    [{ ...PUNE_ADDRESS, phone: '12' }, { phone: 'Enter a valid 10-digit phone number' }],
    [{ ...PUNE_ADDRESS, firstName: 7 }, { firstName: 'First name is required' }],
    [{ ...PUNE_ADDRESS, address: 'x'.repeat(501) }, { address: 'Address must be at most 500 characters' }],
    [{ ...PUNE_ADDRESS, makeDefault: 'yes' }, { makeDefault: 'Say whether this is your default address' }],
    [{}, { firstName: 'First name is required', pincode: 'PIN code is required' }],
  ])('refuses %j without storing anything', async (body, fields) => {
    const buyer = await signedIn(api);
    const reply = await buyer.raw.post('/api/addresses', body);
    expectStatus(reply, 400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields: expect.objectContaining(fields) });
    expect(await revision(buyer)).toBe(-1);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const buyer = await signedIn(api);
    expectStatus(await buyer.raw.post('/api/addresses', '{bad'), 400);
    expectStatus(await buyer.raw.post('/api/addresses', { ...PUNE_ADDRESS, ...oversized() }), 413);
  });
});

describe('editing, removing and the default', () => {
  async function buyerWithTwo() {
    const buyer = await signedIn(api);
    ok(await save(buyer, PUNE_ADDRESS));
    const { addresses } = ok(await save(buyer, KOCHI_ADDRESS));
    return { buyer, pune: addresses[0]!.id, kochi: addresses[1]!.id };
  }

  it('edits an address in place', async () => {
    const { buyer, kochi } = await buyerWithTwo();
    const moved = { ...KOCHI_ADDRESS, city: 'Ernakulam' };
    const reply = ok(await buyer.api.addresses[':addressId'].$put({ param: { addressId: kochi }, json: moved }));
    expect(reply.addresses[1]).toEqual({ id: kochi, address: moved, isDefault: false });

    const bad = await buyer.raw.put(`/api/addresses/${kochi}`, { ...moved, pincode: '' });
    expectStatus(bad, 400);
    expect(bad.body.error.fields).toEqual({ pincode: 'PIN code is required' });
    const nowhere = await buyer.raw.put(`/api/addresses/${kochi}`, { ...moved, pincode: '682999' });
    expectStatus(nowhere, 400);
    expect(nowhere.body.error.fields).toEqual({ pincode: 'This PIN code does not exist: check it' });
  });

  it('moves the default to the oldest address left when the default is removed', async () => {
    const { buyer, pune, kochi } = await buyerWithTwo();
    const after = ok(await buyer.api.addresses[':addressId'].$delete({ param: { addressId: pune } }));
    expect(idsOf(after)).toEqual([[kochi, true]]);
    const again = await buyer.api.addresses[':addressId'].$delete({ param: { addressId: pune } });
    expectStatus(again, 404);
    expect(again.body.error).toMatchObject({ code: 'address_not_found', message: 'Address not found' });
  });

  it('sets the default', async () => {
    const { buyer, pune, kochi } = await buyerWithTwo();
    const after = ok(await buyer.api.addresses[':addressId'].default.$post({ param: { addressId: kochi } }));
    expect(idsOf(after)).toEqual([
      [kochi, true],
      [pune, false],
    ]);
  });

  it('shows, edits, removes and defaults only the owner’s addresses: another user’s id is not found', async () => {
    const { buyer, pune } = await buyerWithTwo();
    const other = await signedIn(api, 'seller');
    expect(ok(await other.api.addresses.$get())).toEqual({ addresses: [] });
    const addressId = pune;
    for (const reply of [
      await other.api.addresses[':addressId'].$put({ param: { addressId }, json: KOCHI_ADDRESS }),
      await other.api.addresses[':addressId'].$delete({ param: { addressId } }),
      await other.api.addresses[':addressId'].default.$post({ param: { addressId } }),
    ]) {
      expectStatus(reply, 404);
    }
    expect(await revision(other)).toBe(-1);
    expect(ok(await buyer.api.addresses.$get()).addresses.map(({ address }) => address.city)).toEqual([
      'Pune',
      'Kochi',
    ]);
  });
});
