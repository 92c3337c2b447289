/** The buyer's saved addresses. Each command answers with the addresses right after, read from the write side. */
import type { z } from 'zod';
import type { Actor } from '../../domain/actor.ts';
import { type AddressBookCommand, addressBookDecider, defaultFirst } from '../../domain/address-book/decider.ts';
import { addressBookStream } from '../../domain/address-book/events.ts';
import type { editAddressSchema, saveAddressSchema } from '../../domain/address-book/schemas.ts';
import type { ShippingAddress } from '../../domain/order/events.ts';
import type { CommandContext } from './context.ts';

export interface AddressBookView {
  /** The default first, then the others in the order saved. */
  addresses: Array<{ id: string; address: ShippingAddress; isDefault: boolean }>;
}

/** The addresses of `userId`: no route names a user, so each buyer reads only their own. */
export async function addressBookOf(cx: CommandContext, userId: string): Promise<AddressBookView> {
  const { state } = await cx.streams.load(addressBookStream(userId), addressBookDecider);
  return { addresses: defaultFirst(state) };
}

async function changeAddressBook(cx: CommandContext, actor: Actor, command: AddressBookCommand) {
  const stream = addressBookStream(actor.userId);
  const { position } = await cx.streams.handle(stream, addressBookDecider, command, { actor: actor.userId });
  return { ...(await addressBookOf(cx, actor.userId)), position };
}

export const saveAddress = (
  cx: CommandContext,
  actor: Actor,
  { makeDefault, ...address }: z.output<typeof saveAddressSchema>,
) =>
  changeAddressBook(cx, actor, {
    type: 'SaveAddress',
    actor,
    addressId: cx.newId(),
    address,
    makeDefault,
    at: cx.now(),
  });

export const editAddress = (
  cx: CommandContext,
  actor: Actor,
  addressId: string,
  address: z.output<typeof editAddressSchema>,
) => changeAddressBook(cx, actor, { type: 'EditAddress', actor, addressId, address, at: cx.now() });

export const removeAddress = (cx: CommandContext, actor: Actor, addressId: string) =>
  changeAddressBook(cx, actor, { type: 'RemoveAddress', actor, addressId, at: cx.now() });

export const setDefaultAddress = (cx: CommandContext, actor: Actor, addressId: string) =>
  changeAddressBook(cx, actor, { type: 'SetDefaultAddress', actor, addressId, at: cx.now() });
