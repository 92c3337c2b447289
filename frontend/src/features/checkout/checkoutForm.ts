import { z } from 'zod';
import type { ShippingAddress } from '../../../../domain/order/events.ts';
import { checkoutSchema } from '../../../../domain/order/schemas.ts';

/**
 * The checkout form as the API's body: the address is the saved one picked (`saved`), else the
 * flat address inputs, which go under `shippingAddress`, so the schema's messages (and the
 * API's `fields`) are keyed 'shippingAddress.city'.
 */
export const checkoutFormSchema = (saved: ShippingAddress | null) =>
  z.preprocess((fields) => {
    const { delivery, payment, savedAddress: _, saveAddress: __, ...typed } = fields as Record<string, unknown>;
    return { shippingAddress: saved ?? typed, delivery, payment };
  }, checkoutSchema);
