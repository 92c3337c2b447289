import { z } from 'zod';
import { certificateSchema } from '../../../../../domain/provenance/schemas.ts';

/**
 * The certificate form as the API's body: the scope's inputs go under `scope` (the product only
 * for a product or lot, the lot only for a lot), so messages are keyed as the API keys them
 * ('scope.productId', 'scope.lot') and land under their inputs. `evidenceIds` are the files
 * uploaded so far, kept beside the inputs.
 */
export const certificateFormSchema = z.preprocess((fields) => {
  const { scopeKind, productId, lot, ...rest } = fields as Record<string, unknown>;
  const scope =
    scopeKind === 'product'
      ? { kind: scopeKind, productId }
      : scopeKind === 'lot'
        ? { kind: scopeKind, productId, lot }
        : { kind: scopeKind };
  return { ...rest, scope };
}, certificateSchema);
