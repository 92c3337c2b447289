import { z } from 'zod';
import { shippingAddressSchema } from '../order/schemas.ts';

/** Body of "save an address": the checkout's address fields, and whether checkout should pick it first. */
export const saveAddressSchema = shippingAddressSchema.extend({
  makeDefault: z.boolean({ error: /*i18n*/ 'Say whether this is your default address' }).default(false),
});

/** Body of "edit an address": all its fields, as checkout asks for them. */
export const editAddressSchema = shippingAddressSchema;
