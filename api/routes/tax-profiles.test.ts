import { describe, expect, it } from 'vitest';
import { KOCHI_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { TAX_PROFILE_FIELD_MESSAGES } from '../../domain/seller/schemas.ts';
import {
  REGISTERED,
  REGISTERED_FORM,
  UNREGISTERED,
  UNREGISTERED_FORM,
} from '../../domain/seller/tax-profile.fixtures.ts';
import { TAX_PROFILE_MESSAGES } from '../../domain/seller/tax-profile.ts';
import { GSTIN_MESSAGES } from '../../domain/tax/gstin.ts';
import { type ArgsOf, type Client, errorOf, expectStatus, ok, type TypedApi } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, productState, signedIn } from './orders.fixtures.ts';

const api = await fileApi();
const admin = await signInAdmin(api);

type TaxProfileForm = ArgsOf<TypedApi['sellers'][':id']['tax-profile']['$put']>['json'];
const sellerId = (id: string) => ({ param: { id: encodeURIComponent(id) } });
const idOf = (seller: Client | string) => (typeof seller === 'string' ? seller : seller.user!.id);
const putTaxProfile = (writer: Client, seller: Client | string, json: TaxProfileForm) =>
  writer.api.sellers[':id']['tax-profile'].$put({ ...sellerId(idOf(seller)), json });
const taxProfileOf = (viewer: Client, seller: Client | string, position?: number) =>
  viewer.after(position).sellers[':id']['tax-profile'].$get(sellerId(idOf(seller)));
const historyOf = (viewer: Client, seller: Client) =>
  viewer.api.sellers[':id']['tax-profile'].history.$get(sellerId(idOf(seller)));

describe('PUT and GET /api/sellers/{id}/tax-profile', () => {
  it('lets a seller set its profile and read it back, as the admins may; null until set', async () => {
    const seller = await signedIn(api, 'seller');
    await api.settle();
    expect(ok(await taxProfileOf(seller, seller))).toEqual({ id: idOf(seller), taxProfile: null, version: 0 });
    const written = ok(await putTaxProfile(seller, seller, REGISTERED_FORM));
    expect(written).toEqual({ id: idOf(seller), version: 1, position: expect.any(Number) });
    for (const viewer of [seller, admin])
      expect(ok(await taxProfileOf(viewer, seller, written.position))).toEqual({
        id: idOf(seller),
        taxProfile: REGISTERED,
        version: 1,
      }); // The admins' list of sellers shows it too, to check before verifying.
    const { items } = ok(await admin.after(written.position).admin.sellers.$get({ query: { limit: '100' } }));
    expect(items.find((listed) => listed.id === idOf(seller))?.taxProfile).toEqual(REGISTERED);
  });

  it('writes no new version for the same profile, a new one for a change, and lists them newest first', async () => {
    const seller = await signedIn(api, 'seller');
    const first = ok(await putTaxProfile(seller, seller, REGISTERED_FORM));
    const again = ok(
      await putTaxProfile(seller, seller, { ...REGISTERED_FORM, legalName: ' Meera Handlooms Private Limited ' }),
    );
    expect(again).toEqual({ ...first, position: again.position });
    expect(again.version).toBe(1);
    const changed = ok(await putTaxProfile(seller, seller, UNREGISTERED_FORM));
    expect(changed.version).toBe(2);
    await api.settle();
    const history = ok(await historyOf(seller, seller));
    expect(history.items).toEqual([
      { ...UNREGISTERED, version: 2, at: expect.any(String) },
      { ...REGISTERED, version: 1, at: expect.any(String) },
    ]);
    expect(ok(await historyOf(admin, seller)).items).toHaveLength(2);
  });

  it('keeps the profile off the public storefront', async () => {
    const seller = await signedIn(api, 'seller');
    const { position } = ok(await putTaxProfile(seller, seller, REGISTERED_FORM));
    const storefront = ok(
      await api
        .anonymous()
        .after(position)
        .sellers[':id'].$get(sellerId(idOf(seller))),
    );
    expect(JSON.stringify(storefront)).not.toContain(REGISTERED.pan);
  });

  it('refuses anyone but the seller to write it, and anyone but the seller or an admin to read it', async () => {
    const [seller, otherSeller, buyer] = [
      await signedIn(api, 'seller'),
      await signedIn(api, 'seller'),
      await signedIn(api, 'buyer'),
    ];
    await api.settle();
    const before = await api.platform.events.lastPosition();
    for (const writer of [admin, otherSeller]) {
      const reply = await putTaxProfile(writer, seller, REGISTERED_FORM);
      expectStatus(reply, 403);
      expect(errorOf(reply)).toEqual({ code: 'forbidden', message: TAX_PROFILE_MESSAGES.forbidden });
    }
    // A buyer is refused by role before anything is read.
    expectStatus(await putTaxProfile(buyer, seller, REGISTERED_FORM), 403);
    expect(await api.platform.events.lastPosition()).toBe(before);
    for (const viewer of [otherSeller, buyer]) {
      expectStatus(await taxProfileOf(viewer, seller), 403);
      expectStatus(await historyOf(viewer, seller), 403);
    }
    const anonymous = api.anonymous();
    expectStatus(await taxProfileOf(anonymous, seller), 401);
    expectStatus(await putTaxProfile(anonymous, seller, REGISTERED_FORM), 401);
  });

  it('answers 404 for an account that does not sell, 400 for an id too long', async () => {
    const buyer = await signedIn(api, 'buyer');
    await api.settle();
    for (const id of ['no-such-seller', idOf(buyer)]) {
      const reply = await taxProfileOf(admin, id);
      expectStatus(reply, 404);
      expect(errorOf(reply)).toEqual({ code: 'not_found', message: 'Seller not found' });
    }
    expectStatus(await taxProfileOf(admin, 'x'.repeat(101)), 400);
  });

  it('refuses a wrong GSTIN with the fault on the GSTIN field, storing nothing', async () => {
    const seller = await signedIn(api, 'seller');
    const before = await api.platform.events.lastPosition();
    for (const [gstin, message] of [
      ['29ABCDE1234F1ZX', GSTIN_MESSAGES.checkCharacter],
      ['29abcde1234f1zw', GSTIN_MESSAGES.lowerCase],
      ['29ABCDE1234F1Z', GSTIN_MESSAGES.length(14)],
      ['99ABCDE1234F1ZW', GSTIN_MESSAGES.stateCode('99')],
    ] as const) {
      const reply = await putTaxProfile(seller, seller, { ...REGISTERED_FORM, gstin });
      expectStatus(reply, 400);
      expect(errorOf(reply)).toEqual({ code: 'validation_failed', message, fields: { gstin: message } });
    }
    const otherPan = await putTaxProfile(seller, seller, { ...REGISTERED_FORM, pan: 'ABCDE9999F' });
    expect(errorOf(otherPan).fields).toEqual({ gstin: TAX_PROFILE_FIELD_MESSAGES.gstinPan('ABCDE1234F') });
    expect(await api.platform.events.lastPosition()).toBe(before);
  });

  it('refuses missing fields, hidden characters and bodies that are no profile', async () => {
    const seller = await signedIn(api, 'seller');
    const before = await api.platform.events.lastPosition();
    const path = `/api/sellers/${idOf(seller)}/tax-profile`;
    const empty = await seller.raw.put(path, {});
    expectStatus(empty, 400);
    expect(errorOf(empty).fields).toMatchObject({
      registered: TAX_PROFILE_FIELD_MESSAGES.registered,
      legalName: TAX_PROFILE_FIELD_MESSAGES.legalNameRequired,
      stateCode: TAX_PROFILE_FIELD_MESSAGES.stateRequired,
    });
    const hidden = await putTaxProfile(seller, seller, { ...REGISTERED_FORM, tradeName: 'Meera\u202EWeaves' });
    expect(errorOf(hidden).fields).toEqual({ tradeName: 'Trade name contains characters that are not allowed' });
    for (const body of [[], 'text', null]) expectStatus(await seller.raw.put(path, body), 400);
    expectStatus(await seller.raw.put(path, { filler: 'x'.repeat(70 * 1024) }), 413);
    expect(await api.platform.events.lastPosition()).toBe(before);
  });
});

describe('checkout with a seller not registered for GST', () => {
  it('refuses a line it would ship to another state, naming the product and the state, reserving nothing', async () => {
    const seller = await signedIn(api, 'seller');
    ok(await putTaxProfile(seller, seller, UNREGISTERED_FORM));
    const cardamom = await listedProduct(api, seller, { name: 'Green Cardamom (100 g)' });
    const buyer = await buyerWith(api, cardamom);
    const reply = await buyer.api.orders.$post({ header: {}, json: checkoutBody() });
    expectStatus(reply, 422);
    expect(errorOf(reply)).toEqual({
      code: 'unregistered_inter_state',
      message:
        'Green Cardamom (100 g) cannot be shipped to Maharashtra: its seller is not registered for GST, so it may sell only within Kerala',
    });
    expect((await productState(api, cardamom)).reservations.size).toBe(0);
    // Within its own state it sells as any seller does.
    expectStatus(
      await buyer.api.orders.$post({ header: {}, json: checkoutBody({ shippingAddress: KOCHI_ADDRESS }) }),
      201,
    );
  });

  it('lets a registered seller, and one without a profile, ship to any state', async () => {
    const registered = await signedIn(api, 'seller');
    ok(await putTaxProfile(registered, registered, REGISTERED_FORM));
    const unprofiled = await signedIn(api, 'seller');
    const buyer = await buyerWith(api, await listedProduct(api, registered));
    ok(await buyer.api.cart.items.$post({ json: { productId: await listedProduct(api, unprofiled), quantity: 1 } }));
    expectStatus(await buyer.api.orders.$post({ header: {}, json: checkoutBody() }), 201);
  });
});
