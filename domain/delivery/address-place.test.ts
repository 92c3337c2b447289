import { describe, expect, it } from 'vitest';
import { addressPlaceRefusal, PIN_MESSAGES } from './address-place.ts';
import { placeOfPin } from './pin-directory.ts';

describe('the PIN directory', () => {
  it('knows a PIN’s state, district and metro city', () => {
    expect(placeOfPin('400050')).toEqual({
      pincode: '400050',
      stateCode: '27',
      stateCodes: ['27'],
      district: 'Mumbai',
      metro: 'Mumbai',
    });
    expect(placeOfPin('682016')).toMatchObject({ stateCode: '32', district: 'Ernakulam', metro: null });
  });

  it('reads Leh and Kargil as Ladakh, and knows PINs across a border', () => {
    expect(placeOfPin('194101')).toMatchObject({ stateCode: '38', district: 'Leh' });
    expect(placeOfPin('160014')?.stateCodes.sort()).toEqual(['03', '04']);
  });

  it('has no PIN India Post does not list', () => {
    expect(placeOfPin('999999')).toBeNull();
    expect(placeOfPin('110000')).toBeNull();
  });
});

describe('an address’s place', () => {
  it('holds when the state is the PIN’s, however it is written', () => {
    expect(addressPlaceRefusal({ pincode: '411001', state: 'Maharashtra' })).toBeNull();
    expect(addressPlaceRefusal({ pincode: '751001', state: 'Orissa' })).toBeNull();
    expect(addressPlaceRefusal({ pincode: '160014', state: 'Punjab' })).toBeNull();
  });

  it('refuses a PIN that does not exist, on the PIN field', () => {
    expect(addressPlaceRefusal({ pincode: '999999', state: 'Maharashtra' })).toEqual({
      field: 'pincode',
      message: PIN_MESSAGES.unknown,
    });
  });

  it('refuses a state the PIN is not in, on the state field', () => {
    expect(addressPlaceRefusal({ pincode: '560001', state: 'Kerala' })).toEqual({
      field: 'state',
      message: 'PIN code 560001 is in Karnataka',
    });
    expect(addressPlaceRefusal({ pincode: '560001', state: 'Karnatka' })?.field).toBe('state');
  });
});
