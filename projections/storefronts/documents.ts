/**
 * The storefronts read model's document (collection `storefronts`): its schema, the type
 * inferred from it, and the public shape anyone may see, derived from it here alone. The routes
 * answer with these schemas; the projection imports only the types, so the threads that run it
 * never load them.
 */
import { z } from '@hono/zod-openapi';
import { SELLER_STATUSES } from '../../domain/seller/decider.ts';
import type { SellerProfile, TaxProfile } from '../../domain/seller/events.ts';

/** The profile the seller writes (domain/seller/events.ts `SellerProfile`). */
export const profileFields = {
  displayName: z.string().openapi({
    description:
      "The storefront's name: the account's name until the seller gives one; their products are sold under it",
  }),
  region: z.string().nullable().openapi({ description: 'Where the seller works, e.g. Varanasi, Uttar Pradesh' }),
  craft: z.string().nullable().openapi({ description: 'What they make, e.g. Banarasi silk weaving' }),
  story: z.string().nullable().openapi({ description: 'A few paragraphs in their words (line breaks kept)' }),
} satisfies { [K in keyof SellerProfile]: z.ZodType<SellerProfile[K]> };

const taxProfileFields = {
  legalName: z.string().openapi({ description: 'The name on the PAN and the GST certificate' }),
  tradeName: z.string().nullable(),
  pan: z.string().openapi({ example: 'ABCDE1234F' }),
  address: z
    .object({ address: z.string(), city: z.string(), pincode: z.string() })
    .openapi({ description: 'The principal place of business' }),
  stateCode: z.string().openapi({ description: 'GST state code of the place of business', example: '29' }),
};

/** Who the seller is for GST (domain/seller/events.ts `TaxProfile`): seen by the seller and the admins only. */
export const TaxProfileSchema = z
  .discriminatedUnion('registered', [
    z.object({
      registered: z.literal(true),
      gstin: z.string().openapi({ example: '29ABCDE1234F1ZW' }),
      ...taxProfileFields,
    }),
    z.object({
      registered: z.literal(false),
      enrolmentNumber: z.string().openapi({ description: 'From the GST portal, for unregistered suppliers' }),
      ...taxProfileFields,
    }),
  ])
  .openapi('TaxProfile') satisfies z.ZodType<TaxProfile>;

/**
 * A seller's storefront (id: the seller's user id): the profile they wrote, their standing, and
 * the rating across every product they listed. Made for accounts that hold or held the seller
 * role; only the public ones (a seller, not suspended) are shown to buyers.
 */
export const StorefrontSchema = z.object({
  id: z.string(),
  ...profileFields,
  status: z.enum(SELLER_STATUSES).openapi({
    description:
      'verified: the badge. suspended: shown only to the seller and admins, who are told buyers cannot see it',
  }),
  rating: z.number().nullable().openapi({
    description: "Average of every review of the seller's products, to one decimal; null without reviews",
  }),
  ratingCount: z.number().int(),
  version: z.number().int().openapi({
    description: 'Versions of the profile written so far (0: never): send it back as expectedVersion when editing',
  }),
  // When the account was registered.
  joinedAt: z.string(),
  // The last version of the profile, or the registration until there is one.
  updatedAt: z.string(),
  // Holds the seller role now.
  isSeller: z.boolean(),
  verified: z.boolean(),
  suspended: z.boolean(),
  // Sum of the ratings, so the average is exact.
  ratingSum: z.number().int(),
  // Null until the seller sets one; never public.
  taxProfile: TaxProfileSchema.nullable(),
  // Versions of the tax profile written so far.
  taxProfileVersion: z.number().int(),
});
export type StorefrontDoc = z.infer<typeof StorefrontSchema>;

/** What anyone may see of a storefront: the profile, the standing and the rating (the rating sum, role flags and tax profile stay inside). */
export const PublicStorefrontSchema = StorefrontSchema.omit({
  isSeller: true,
  verified: true,
  suspended: true,
  ratingSum: true,
  taxProfile: true,
  taxProfileVersion: true,
}).openapi('Storefront');
export type PublicStorefront = z.infer<typeof PublicStorefrontSchema>;

const PUBLIC_FIELDS = Object.keys(PublicStorefrontSchema.shape) as (keyof PublicStorefront)[];

/** The public fields of a storefront, in the schema's order. */
export const publicStorefront = (doc: StorefrontDoc): PublicStorefront =>
  Object.fromEntries(PUBLIC_FIELDS.map((field) => [field, doc[field]])) as PublicStorefront;

/** Shown to buyers: a seller's, unless suspended (their products are out of the catalog meanwhile too). */
export const isOpen = (storefront: StorefrontDoc): boolean => storefront.isSeller && !storefront.suspended;
