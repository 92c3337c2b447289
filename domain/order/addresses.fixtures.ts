/** Sample shipping addresses for tests, scripts and demo orders: one copy each, so a change of the address rules changes them once. */
import type { ShippingAddress } from './events.ts';

/** The buyer of the SPA's and the browser tests' orders (their pages show this address). */
export const KOCHI_ADDRESS: ShippingAddress = {
  firstName: 'Kavya',
  lastName: 'Menon',
  phone: '9847012345',
  address: '21 MG Road',
  city: 'Kochi',
  state: 'Kerala',
  pincode: '682016',
};

/** The buyer of the server-side tests' and the load scripts' orders. */
export const PUNE_ADDRESS: ShippingAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};
