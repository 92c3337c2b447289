import { describe, expect, it } from 'vitest';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../order/addresses.fixtures.ts';
import { AT, actors, given } from '../testing.ts';
import { fold } from '../decider.ts';
import { type AddressBookCommand, addressBookDecider, defaultFirst } from './decider.ts';
import { MAX_ADDRESSES } from './limits.ts';
import { PIN_MESSAGES } from '../delivery/address-place.ts';
import type { AddressBookEvent } from './events.ts';

const actor = actors.buyer;
const userId = actor.userId;
const at = AT;
const saved = (addressId: string, address = PUNE_ADDRESS): AddressBookEvent => ({
  type: 'AddressSaved',
  data: { userId, addressId, address, at },
});
const defaulted = (addressId: string): AddressBookEvent => ({
  type: 'DefaultAddressSet',
  data: { userId, addressId, at },
});
const save = (addressId: string, address = PUNE_ADDRESS, makeDefault = false): AddressBookCommand => ({
  type: 'SaveAddress',
  actor,
  addressId,
  address,
  makeDefault,
  at,
});
const other = (n: number) => ({ ...PUNE_ADDRESS, address: `${n} MG Road` });

describe('SaveAddress', () => {
  it('refuses a PIN code that does not exist, and a state the PIN is not in', () => {
    given(addressBookDecider)
      .when(save('a-1', { ...PUNE_ADDRESS, pincode: '999999' }))
      .then({ code: 'validation_failed', kind: 'invalid', fields: { pincode: PIN_MESSAGES.unknown } });
    given(addressBookDecider)
      .when(save('a-1', { ...PUNE_ADDRESS, state: 'Kerala' }))
      .then({ code: 'validation_failed', kind: 'invalid', fields: { state: 'PIN code 411001 is in Maharashtra' } });
  });

  it('makes the first address the default', () => {
    given(addressBookDecider)
      .when(save('a-1'))
      .then([saved('a-1'), defaulted('a-1')]);
  });

  it('keeps the default unless told to move it', () => {
    const history = [saved('a-1'), defaulted('a-1')];
    given(addressBookDecider, history)
      .when(save('a-2', KOCHI_ADDRESS))
      .then([saved('a-2', KOCHI_ADDRESS)]);
    given(addressBookDecider, history)
      .when(save('a-2', KOCHI_ADDRESS, true))
      .then([saved('a-2', KOCHI_ADDRESS), defaulted('a-2')]);
  });

  it('keeps an address once: saving it again only moves the default when asked', () => {
    const history = [saved('a-1'), defaulted('a-1'), saved('a-2', KOCHI_ADDRESS)];
    given(addressBookDecider, history).when(save('a-3', KOCHI_ADDRESS)).then([]);
    given(addressBookDecider, history)
      .when(save('a-3', KOCHI_ADDRESS, true))
      .then([defaulted('a-2')]);
  });

  it(`holds at most ${MAX_ADDRESSES}`, () => {
    const full = [defaulted('a-0'), ...Array.from({ length: MAX_ADDRESSES }, (_, n) => saved(`a-${n}`, other(n)))];
    given(addressBookDecider, full).when(save('a-9', KOCHI_ADDRESS)).then({
      code: 'address_book_full',
      kind: 'conflict',
      message: 'You can save up to 5 addresses: remove one to save another',
    });
  });
});

describe('EditAddress, RemoveAddress, SetDefaultAddress', () => {
  const history = [saved('a-1'), defaulted('a-1'), saved('a-2', KOCHI_ADDRESS)];
  const notFound = { code: 'address_not_found', kind: 'not_found', message: 'Address not found' } as const;

  it('edits an address; the same words again change nothing', () => {
    const moved = { ...KOCHI_ADDRESS, city: 'Ernakulam' };
    given(addressBookDecider, history)
      .when({ type: 'EditAddress', actor, addressId: 'a-2', address: moved, at })
      .then([{ type: 'AddressEdited', data: { userId, addressId: 'a-2', address: moved, at } }]);
    given(addressBookDecider, history)
      .when({ type: 'EditAddress', actor, addressId: 'a-2', address: KOCHI_ADDRESS, at })
      .then([]);
  });

  it('removing the default makes the oldest address left the default', () => {
    given(addressBookDecider, history)
      .when({ type: 'RemoveAddress', actor, addressId: 'a-1', at })
      .then([{ type: 'AddressRemoved', data: { userId, addressId: 'a-1', at } }, defaulted('a-2')]);
    given(addressBookDecider, history)
      .when({ type: 'RemoveAddress', actor, addressId: 'a-2', at })
      .then([{ type: 'AddressRemoved', data: { userId, addressId: 'a-2', at } }]);
  });

  it('sets the default once', () => {
    given(addressBookDecider, history)
      .when({ type: 'SetDefaultAddress', actor, addressId: 'a-2', at })
      .then([defaulted('a-2')]);
    given(addressBookDecider, history).when({ type: 'SetDefaultAddress', actor, addressId: 'a-1', at }).then([]);
  });

  it('finds no address it does not keep', () => {
    given(addressBookDecider, history)
      .when({ type: 'EditAddress', actor, addressId: 'a-9', address: PUNE_ADDRESS, at })
      .then(notFound);
    given(addressBookDecider, history).when({ type: 'RemoveAddress', actor, addressId: 'a-9', at }).then(notFound);
    given(addressBookDecider, history).when({ type: 'SetDefaultAddress', actor, addressId: 'a-9', at }).then(notFound);
  });
});

it('lists the default first, then the others in the order saved', () => {
  const book = fold(addressBookDecider, [
    saved('a-1'),
    defaulted('a-1'),
    saved('a-2', KOCHI_ADDRESS),
    saved('a-3', other(3)),
    defaulted('a-3'),
  ]);
  expect(defaultFirst(book).map(({ id, isDefault }) => [id, isDefault])).toEqual([
    ['a-3', true],
    ['a-1', false],
    ['a-2', false],
  ]);
});
