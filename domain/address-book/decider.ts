import type { Actor } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { assertAddressPlace } from '../delivery/address-place.ts';
import type { ShippingAddress } from '../order/events.ts';
import type { AddressBookEvent } from './events.ts';

import { MAX_ADDRESSES } from './limits.ts';
import { english } from '../i18n/message.ts';

export const ADDRESS_BOOK_MESSAGES = {
  full: english(/*i18n*/ 'You can save up to {max} addresses: remove one to save another', { max: MAX_ADDRESSES }),
  notFound: /*i18n*/ 'Address not found',
} as const;

/** The address book of `actor` (stream `addresses-{actor.userId}`); ids and times come with the command. */
export type AddressBookCommand =
  | { type: 'SaveAddress'; actor: Actor; addressId: string; address: ShippingAddress; makeDefault: boolean; at: string }
  | { type: 'EditAddress'; actor: Actor; addressId: string; address: ShippingAddress; at: string }
  | { type: 'RemoveAddress'; actor: Actor; addressId: string; at: string }
  | { type: 'SetDefaultAddress'; actor: Actor; addressId: string; at: string };

export interface SavedAddress {
  id: string;
  address: ShippingAddress;
}

/** The addresses in the order saved, and which is the default (null only when there are none). */
export interface AddressBook {
  addresses: SavedAddress[];
  defaultId: string | null;
}

const sameAddress = (a: ShippingAddress, b: ShippingAddress): boolean =>
  (Object.keys(a) as Array<keyof ShippingAddress>).every((field) => a[field] === b[field]);

function find(book: AddressBook, addressId: string): SavedAddress {
  const saved = book.addresses.find(({ id }) => id === addressId);
  if (!saved) throw new DomainError('address_not_found', ADDRESS_BOOK_MESSAGES.notFound, 'not_found');
  return saved;
}

export const addressBookDecider: Decider<AddressBookCommand, AddressBook, AddressBookEvent> = {
  initialState: { addresses: [], defaultId: null },

  evolve(book, { type, data }) {
    switch (type) {
      case 'AddressSaved':
        return { ...book, addresses: [...book.addresses, { id: data.addressId, address: data.address }] };
      case 'AddressEdited':
        return {
          ...book,
          addresses: book.addresses.map((saved) =>
            saved.id === data.addressId ? { id: saved.id, address: data.address } : saved,
          ),
        };
      case 'AddressRemoved':
        return {
          addresses: book.addresses.filter(({ id }) => id !== data.addressId),
          defaultId: book.defaultId === data.addressId ? null : book.defaultId,
        };
      case 'DefaultAddressSet':
        return { ...book, defaultId: data.addressId };
    }
  },

  decide(command, book) {
    const { actor, addressId, at } = command;
    const stamp = { userId: actor.userId, addressId, at };
    switch (command.type) {
      case 'SaveAddress': {
        assertAddressPlace(command.address);
        // An address already kept (saved again from checkout) takes no second place.
        const same = book.addresses.find(({ address }) => sameAddress(address, command.address));
        if (same) {
          return command.makeDefault && book.defaultId !== same.id
            ? [{ type: 'DefaultAddressSet', data: { ...stamp, addressId: same.id } }]
            : [];
        }
        if (book.addresses.length >= MAX_ADDRESSES) {
          throw new DomainError('address_book_full', ADDRESS_BOOK_MESSAGES.full, 'conflict');
        }
        const saved: AddressBookEvent = { type: 'AddressSaved', data: { ...stamp, address: command.address } };
        return command.makeDefault || book.defaultId === null
          ? [saved, { type: 'DefaultAddressSet', data: stamp }]
          : [saved];
      }

      case 'EditAddress': {
        const saved = find(book, addressId);
        assertAddressPlace(command.address);
        return sameAddress(saved.address, command.address)
          ? []
          : [{ type: 'AddressEdited', data: { ...stamp, address: command.address } }];
      }

      case 'RemoveAddress': {
        find(book, addressId);
        const removed: AddressBookEvent = { type: 'AddressRemoved', data: stamp };
        // There is always a default while any address is kept: the oldest left takes over.
        const next = book.addresses.find(({ id }) => id !== addressId);
        return book.defaultId === addressId && next
          ? [removed, { type: 'DefaultAddressSet', data: { ...stamp, addressId: next.id } }]
          : [removed];
      }

      case 'SetDefaultAddress':
        find(book, addressId);
        return book.defaultId === addressId ? [] : [{ type: 'DefaultAddressSet', data: stamp }];
    }
  },
};

/** The addresses as the buyer sees them: the default first, then the others in the order saved. */
export const defaultFirst = ({ addresses, defaultId }: AddressBook): Array<SavedAddress & { isDefault: boolean }> =>
  addresses
    .map((saved) => ({ ...saved, isDefault: saved.id === defaultId }))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
