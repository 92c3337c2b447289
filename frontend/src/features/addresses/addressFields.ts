import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import type { shippingAddressSchema } from '../../../../domain/order/schemas.ts';
import type { Address } from './types.ts';

interface AddressField {
  name: keyof z.input<typeof shippingAddressSchema>;
  label: MessageDescriptor;
  autoComplete: string;
  type?: 'tel';
  inputMode?: 'tel' | 'numeric';
  /** Half a row from sm up. */
  half?: boolean;
}

/** The address inputs, in form order, named as the API's address fields (checkout's `shippingAddress`, a saved address). */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  { name: 'firstName', label: msg`First Name`, autoComplete: 'given-name', half: true },
  { name: 'lastName', label: msg`Last Name`, autoComplete: 'family-name', half: true },
  { name: 'phone', label: msg`Phone Number`, autoComplete: 'tel-national', type: 'tel', inputMode: 'tel' },
  { name: 'address', label: msg`Address`, autoComplete: 'street-address' },
  { name: 'city', label: msg`City`, autoComplete: 'address-level2', half: true },
  { name: 'state', label: msg`State`, autoComplete: 'address-level1', half: true },
  { name: 'pincode', label: msg`PIN Code`, autoComplete: 'postal-code', inputMode: 'numeric' },
];

/** An address on two lines: who, and where (with the phone). */
export const addressLines = ({ firstName, lastName, phone, address, city, state, pincode }: Address) =>
  [`${firstName} ${lastName}`, `${address}, ${city}, ${state} ${pincode} · ${phone}`] as const;
