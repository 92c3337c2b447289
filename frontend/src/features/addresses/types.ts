import type { Data, server } from '../../api/client.ts';

/** GET /addresses: the signed-in user's saved addresses, the default first. */
export type AddressBook = Data<typeof server.addresses.$get>;
export type SavedAddress = AddressBook['addresses'][number];
export type Address = SavedAddress['address'];
