import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { AT, actors, errorsOf, given } from '../testing.ts';
import { GSTIN_MESSAGES, PAN_MESSAGES } from '../tax/gstin.ts';
import type { SellerStreamEvent, TaxProfile } from './events.ts';
import { TAX_PROFILE_FIELD_MESSAGES, taxProfileSchema } from './schemas.ts';
import { REGISTERED, REGISTERED_FORM, UNREGISTERED, UNREGISTERED_FORM } from './tax-profile.fixtures.ts';
import { TAX_PROFILE_MESSAGES, interStateRefusal, sameTaxProfile, taxProfileDecider } from './tax-profile.ts';

const { seller, otherSeller, buyer, admin } = actors;
const sellerId = seller.userId;
const set = (profile: TaxProfile, actor: Actor = seller) =>
  ({ type: 'SetTaxProfile', actor, sellerId, profile, at: AT }) as const;
const wasSet = (profile: TaxProfile): SellerStreamEvent => ({
  type: 'SellerTaxProfileSet',
  data: { sellerId, by: sellerId, at: AT, profile },
});

describe('taxProfileSchema', () => {
  it('gives a registered seller’s profile as the event keeps it, blanks meaning none', () => {
    expect(taxProfileSchema.parse(REGISTERED_FORM)).toEqual(REGISTERED);
    expect(taxProfileSchema.parse({ ...REGISTERED_FORM, legalName: '  Meera Handlooms Private Limited ' })).toEqual(
      REGISTERED,
    );
  });

  it('gives an unregistered seller’s profile with its enrolment number and no GSTIN', () => {
    expect(taxProfileSchema.parse(UNREGISTERED_FORM)).toEqual(UNREGISTERED);
    expect(taxProfileSchema.parse({ ...UNREGISTERED_FORM, gstin: '29ABCDE1234F1ZW' })).toEqual(UNREGISTERED);
  });

  it('refuses a GSTIN with a wrong check character, in lower case or of 14 characters, on the GSTIN field', () => {
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, gstin: '29ABCDE1234F1ZX' })).toEqual({
      gstin: "The GSTIN's last character does not match: check for a typing mistake",
    });
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, gstin: '29abcde1234f1zw' })).toEqual({
      gstin: GSTIN_MESSAGES.lowerCase,
    });
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, gstin: '29ABCDE1234F1Z' })).toEqual({
      gstin: 'A GSTIN has 15 characters; this one has 14',
    });
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, gstin: '00ABCDE1234F1ZW' })).toEqual({
      gstin: GSTIN_MESSAGES.stateCode('00'),
    });
  });

  it('needs the GSTIN of a registered seller and the enrolment number of an unregistered one', () => {
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, gstin: ' ' })).toEqual({
      gstin: TAX_PROFILE_FIELD_MESSAGES.gstinRequired,
    });
    expect(errorsOf(taxProfileSchema, { ...UNREGISTERED_FORM, enrolmentNumber: '' })).toEqual({
      enrolmentNumber: TAX_PROFILE_FIELD_MESSAGES.enrolmentRequired,
    });
    expect(errorsOf(taxProfileSchema, { ...UNREGISTERED_FORM, enrolmentNumber: 'en-32' })).toEqual({
      enrolmentNumber: TAX_PROFILE_FIELD_MESSAGES.enrolmentInvalid,
    });
  });

  it('refuses a GSTIN that does not hold the PAN given', () => {
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, pan: 'ABCDE1234G' })).toEqual({
      gstin: 'This GSTIN holds the PAN ABCDE1234F, not the PAN you gave: check both',
    });
  });

  it('refuses a GSTIN of another state than the place of business', () => {
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, stateCode: '27' })).toEqual({
      gstin:
        'This GSTIN is registered in Karnataka, but your place of business is in Maharashtra: give the GSTIN of that state',
    });
  });

  it('refuses a PAN of another shape or in lower case', () => {
    expect(errorsOf(taxProfileSchema, { ...UNREGISTERED_FORM, pan: 'amnpn4321k' })).toEqual({
      pan: PAN_MESSAGES.lowerCase,
    });
    expect(errorsOf(taxProfileSchema, { ...UNREGISTERED_FORM, pan: 'AMNPN4321' })).toEqual({ pan: PAN_MESSAGES.shape });
    expect(errorsOf(taxProfileSchema, { ...UNREGISTERED_FORM, pan: '' })).toEqual({
      pan: TAX_PROFILE_FIELD_MESSAGES.panRequired,
    });
  });

  it('says what is missing or wrong in each field', () => {
    expect(errorsOf(taxProfileSchema, {})).toMatchObject({
      registered: TAX_PROFILE_FIELD_MESSAGES.registered,
      legalName: TAX_PROFILE_FIELD_MESSAGES.legalNameRequired,
      pan: TAX_PROFILE_FIELD_MESSAGES.panRequired,
      address: 'Address is required',
      city: 'City is required',
      stateCode: TAX_PROFILE_FIELD_MESSAGES.stateRequired,
      pincode: 'PIN code is required',
    });
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, stateCode: '28', pincode: '0123' })).toMatchObject({
      stateCode: TAX_PROFILE_FIELD_MESSAGES.stateRequired,
      pincode: 'Enter a valid 6-digit PIN code',
    });
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, tradeName: 'x'.repeat(101) })).toEqual({
      tradeName: 'Trade name must be at most 100 characters',
    });
    expect(errorsOf(taxProfileSchema, { ...REGISTERED_FORM, legalName: 'Meera\u202EHandlooms' })).toEqual({
      legalName: 'Legal name contains characters that are not allowed',
    });
  });
});

describe('SetTaxProfile', () => {
  it('writes the first version, and each change as a whole new version', () => {
    given(taxProfileDecider)
      .when(set(REGISTERED))
      .then([wasSet(REGISTERED)]);
    given(taxProfileDecider, [wasSet(REGISTERED)])
      .when(set(UNREGISTERED))
      .then([wasSet(UNREGISTERED)]);
  });

  it('writes nothing when the profile is unchanged, whatever the order of its stored fields', () => {
    const reordered = {
      ...(Object.fromEntries(Object.entries(REGISTERED).reverse()) as TaxProfile),
      address: { pincode: '560053', city: 'Bengaluru', address: '12 Chickpet Main Road' },
    };
    given(taxProfileDecider, [wasSet(reordered)])
      .when(set(REGISTERED))
      .then([]);
    expect(sameTaxProfile(REGISTERED, { ...REGISTERED, tradeName: null })).toBe(false);
    expect(sameTaxProfile(REGISTERED, { ...REGISTERED, address: { ...REGISTERED.address, pincode: '560001' } })).toBe(
      false,
    );
  });

  it('lets only the seller themselves set it, not an admin, another seller or a buyer', () => {
    const refused = { code: 'forbidden', kind: 'forbidden', message: TAX_PROFILE_MESSAGES.forbidden } as const;
    for (const actor of [admin, otherSeller, buyer, { userId: sellerId, roles: ['buyer'] } satisfies Actor])
      given(taxProfileDecider).when(set(REGISTERED, actor)).then(refused);
  });
});

describe('interStateRefusal', () => {
  it('lets a registered seller, or one without a profile, ship anywhere', () => {
    expect(interStateRefusal(REGISTERED, 'Mysore Silk Saree', 'Maharashtra')).toBeNull();
    expect(interStateRefusal(null, 'Mysore Silk Saree', 'Nowhere')).toBeNull();
  });

  it('lets an unregistered seller ship within its state, however the state is written', () => {
    expect(interStateRefusal(UNREGISTERED, 'Cardamom', 'Kerala')).toBeNull();
    expect(interStateRefusal(UNREGISTERED, 'Cardamom', ' KERALA ')).toBeNull();
  });

  it('refuses an unregistered seller’s product shipped to another state, naming both', () => {
    expect(interStateRefusal(UNREGISTERED, 'Cardamom', 'tamil nadu')).toBe(
      'Cardamom cannot be shipped to Tamil Nadu: its seller is not registered for GST, so it may sell only within Kerala',
    );
    expect(interStateRefusal(UNREGISTERED, 'Cardamom', 'Atlantis')).toBe(
      'Cardamom can be shipped only within Kerala, and “Atlantis” is not a state or union territory we know: check the State field',
    );
  });
});
