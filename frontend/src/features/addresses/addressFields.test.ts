import { expect, it } from 'vitest';
import { KOCHI_ADDRESS } from '../../../../domain/order/addresses.fixtures.ts';
import { ADDRESS_FIELDS, addressLines } from './addressFields.ts';

it('asks for every field of the address, as the API names them', () => {
  expect(ADDRESS_FIELDS.map(({ name }) => name).sort()).toEqual(Object.keys(KOCHI_ADDRESS).sort());
});

it('shows an address as who and where', () => {
  expect(addressLines(KOCHI_ADDRESS)).toEqual(['Kavya Menon', '21 MG Road, Kochi, Kerala 682016 · 9847012345']);
});
