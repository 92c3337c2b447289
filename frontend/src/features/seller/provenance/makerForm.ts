import { z } from 'zod';
import { makerSchema } from '../../../../../domain/provenance/schemas.ts';

/**
 * The maker form as the API's body: the cluster's inputs go under `cluster`, the artisan ID's
 * under `artisanId` (none when no kind is chosen), so messages are keyed as the API keys them
 * ('cluster.pin', 'artisanId.number') and land under their inputs (named 'pin', 'number').
 */
export const makerFormSchema = z.preprocess((fields) => {
  const { place, district, state, pin, artisanIdKind, number, photo, ...rest } = fields as Record<string, unknown>;
  return {
    ...rest,
    cluster: { place, district, state, pin },
    artisanId: artisanIdKind ? { kind: artisanIdKind, number } : null,
    photo: photo || null,
  };
}, makerSchema);
