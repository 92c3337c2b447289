import { z } from 'zod';
import { checkoutSchema, type shippingAddressSchema } from '../../../../domain/order/schemas.ts';

interface AddressField {
  name: keyof z.input<typeof shippingAddressSchema>;
  label: string;
  autoComplete: string;
  type?: 'tel';
  inputMode?: 'tel' | 'numeric';
  /** Half a row from sm up. */
  half?: boolean;
}

/** The address inputs, in form order, named as in the API's `shippingAddress`. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', half: true },
  { name: 'phone', label: 'Phone Number', autoComplete: 'tel-national', type: 'tel', inputMode: 'tel' },
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', half: true },
  { name: 'pincode', label: 'PIN Code', autoComplete: 'postal-code', inputMode: 'numeric' },
];

/**
 * The checkout form as the API's body: the flat address inputs go under `shippingAddress`,
 * so the schema's messages (and the API's `fields`) are keyed 'shippingAddress.city'.
 */
export const checkoutFormSchema = z.preprocess((fields) => {
  const { delivery, payment, ...shippingAddress } = fields as Record<string, unknown>;
  return { shippingAddress, delivery, payment };
}, checkoutSchema);
