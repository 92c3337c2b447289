/**
 * The provenance read model's documents (projection `provenance`): makers, certificates and
 * products' origins, their schemas and the types inferred from them. The routes answer with
 * these schemas; the projection imports only the types.
 */
import { z } from '@hono/zod-openapi';
import {
  ARTISAN_ID_KINDS,
  CERTIFICATE_KINDS,
  EVIDENCE_TYPES,
  MAKER_KINDS,
  MAKING_METHODS,
} from '../../domain/provenance/events.ts';

export const ClusterSchema = z
  .object({ place: z.string(), district: z.string(), state: z.string(), pin: z.string() })
  .openapi('Cluster', { description: 'The village or town the maker works in, with its 6-digit PIN' });

export const MaskedArtisanIdSchema = z
  .object({
    kind: z.enum(ARTISAN_ID_KINDS),
    masked: z.string().openapi({ description: 'All but the last 4 characters as •', example: '••••••5678' }),
  })
  .openapi('MaskedArtisanId');

export const MakerSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    kind: z.enum(MAKER_KINDS),
    name: z.string(),
    craft: z.string(),
    cluster: ClusterSchema,
    artisanId: MaskedArtisanIdSchema.nullable(),
    photo: z.string().nullable().openapi({ description: 'A product-image id' }),
    story: z.string(),
    removed: z.boolean(),
    updatedAt: z.string(),
  })
  .openapi('Maker');
export type MakerDoc = z.infer<typeof MakerSchema>;

export const CertificateScopeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('seller') }),
    z.object({ kind: z.literal('product'), productId: z.string() }),
    z.object({ kind: z.literal('lot'), productId: z.string(), lot: z.string() }),
  ])
  .openapi('CertificateScope', {
    description: "What it certifies: the seller's registration, a product, or a lot of one",
  });

export const EvidenceFileSchema = z
  .object({
    evidenceId: z.string(),
    name: z.string(),
    contentType: z.enum(EVIDENCE_TYPES),
    size: z.number().int().openapi({ description: 'Bytes' }),
  })
  .openapi('EvidenceFile');

export const CERTIFICATE_STATES = ['submitted', 'verified', 'rejected', 'revoked', 'expired'] as const;

export const CertificateSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    sellerName: z.string(),
    kind: z.enum(CERTIFICATE_KINDS),
    title: z
      .string()
      .openapi({ description: "The GI's name for a GI authorised user, the mark's name for other, else ''" }),
    number: z.string(),
    issuer: z.string(),
    validFrom: z.string().openapi({ description: 'YYYY-MM-DD' }),
    validUntil: z.string().openapi({ description: 'YYYY-MM-DD, the last valid day' }),
    scope: CertificateScopeSchema,
    evidence: z.array(EvidenceFileSchema),
    state: z.enum(CERTIFICATE_STATES),
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedByName: z.string().nullable(),
    reason: z.string().nullable().openapi({ description: 'Why it was rejected or revoked' }),
    noticed: z.array(z.number().int()).openapi({ description: 'Days before the end the seller was told (30, 7)' }),
  })
  .openapi('Certificate');
export type CertificateDoc = z.infer<typeof CertificateSchema>;

export const OriginSchema = z
  .object({
    id: z.string().openapi({ description: 'The product id' }),
    productId: z.string(),
    sellerId: z.string(),
    makerIds: z.array(z.string()),
    method: z.enum(MAKING_METHODS),
    productionPartner: z.string().nullable(),
    statedAt: z.string(),
  })
  .openapi('ProductOrigin');
export type OriginDoc = z.infer<typeof OriginSchema>;
