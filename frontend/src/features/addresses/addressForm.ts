import { z } from 'zod';
import { saveAddressSchema } from '../../../../domain/address-book/schemas.ts';

/** The new-address form as the API's body: its "default" checkbox sends 'on' when ticked. */
export const newAddressFormSchema = z.preprocess((fields) => {
  const { makeDefault, ...address } = fields as Record<string, unknown>;
  return { ...address, makeDefault: makeDefault === 'on' };
}, saveAddressSchema);
