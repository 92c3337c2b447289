/** The address book's changes: each answers with the saved addresses after it, or throws the ApiError. */
import { call, server } from '../../api/client.ts';
import type { Address, AddressBook } from './types.ts';

const bookOf = ({ addresses }: AddressBook): AddressBook => ({ addresses });

export const saveAddress = async (address: Address, makeDefault: boolean): Promise<AddressBook> =>
  bookOf(await call(server.addresses.$post({ json: { ...address, makeDefault } })));

export const editAddress = async (addressId: string, address: Address): Promise<AddressBook> =>
  bookOf(
    await call(
      server.addresses[':addressId'].$put({ param: { addressId: encodeURIComponent(addressId) }, json: address }),
    ),
  );

export const removeAddress = async (addressId: string): Promise<AddressBook> =>
  bookOf(await call(server.addresses[':addressId'].$delete({ param: { addressId: encodeURIComponent(addressId) } })));

export const setDefaultAddress = async (addressId: string): Promise<AddressBook> =>
  bookOf(
    await call(server.addresses[':addressId'].default.$post({ param: { addressId: encodeURIComponent(addressId) } })),
  );
