import { z } from 'zod';
import { originSchema } from '../../../../../domain/provenance/schemas.ts';

/**
 * The origin form as the API's body: the makers ticked are kept beside the inputs (a form's
 * values hold one per name), the partner is sent only with the method that names one.
 */
export const originFormSchema = z.preprocess((fields) => {
  const { method, productionPartner, makerIds } = fields as Record<string, unknown>;
  return { makerIds, method, productionPartner: method === 'production-partner' ? productionPartner : null };
}, originSchema);
