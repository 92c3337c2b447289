/** What other features use of the saved addresses: checkout's picker, the account page's section. */
export { MAX_ADDRESSES } from '../../../../domain/address-book/limits.ts';
export { AddressBookSection } from './AddressBookSection.tsx';
export { addressLines } from './addressFields.ts';
export { saveAddress } from './addressCommands.ts';
export { AddressFields } from './AddressFields.tsx';
export type { SavedAddress } from './types.ts';
export { useAddressBook } from './useAddressBook.ts';
