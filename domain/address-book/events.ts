import type { ShippingAddress } from '../order/events.ts';

/**
 * One stream per buyer: the addresses they keep for checkout. Kept apart from the account
 * stream, which is folded for every signed-in request.
 */
export const addressBookStream = (userId: string): string => `addresses-${userId}`;

interface Stamp {
  userId: string;
  addressId: string;
  at: string;
}

export type AddressBookEvent =
  | { type: 'AddressSaved'; data: Stamp & { address: ShippingAddress } }
  | { type: 'AddressEdited'; data: Stamp & { address: ShippingAddress } }
  | { type: 'AddressRemoved'; data: Stamp }
  /** The address checkout picks first; set on the first address saved, and moved when the default is removed. */
  | { type: 'DefaultAddressSet'; data: Stamp };
