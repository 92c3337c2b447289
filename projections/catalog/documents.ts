/**
 * The catalog's product document (collection `products`): its zod schema, the types inferred
 * from it, and the public shape anyone may see, derived from it here alone. Money in paise,
 * times ISO-8601 UTC. The routes answer with these schemas, so they carry their OpenAPI names
 * and descriptions (`.openapi()`, as the routes' own schemas do); the projection imports only
 * the types, so the threads that run it never load them.
 */
import { z } from '@hono/zod-openapi';
import { DISPLAY_STATUSES, VERIFICATIONS } from '../../domain/catalog/status.ts';
import type { ProductContent } from '../../domain/product/events.ts';
import { IMAGE_WIDTHS, type ProductImage } from '../../domain/product/image.ts';
import type { ProductTax } from '../../domain/tax/product-tax.ts';
import type { Question } from '../../domain/product/personalisation.ts';
import type { Variant } from '../../domain/product/variants.ts';
import { type ProductTranslation, TRANSLATED_LOCALES, type TranslatedNames } from '../../domain/product/translation.ts';
import { CERTIFICATE_KINDS, MAKING_METHODS } from '../../domain/provenance/events.ts';

const paise = z.number().int().openapi({ description: 'Integer paise' });

/** An image as products keep it (and as an upload answers it). */
export const ProductImageSchema = z
  .object({
    id: z.string().openapi({
      description: "The upload's id: name it in a product's `images`",
      example: '0b6c3a52-5f0e-4d39-9c53-2a3f1f7f0c11',
    }),
    url: z.string().openapi({
      description: 'The widest size (for one address: a cart line, an order)',
      example: '/media/products/u1/0b6c3a52-5f0e-4d39-9c53-2a3f1f7f0c11/1024.webp',
    }),
    sizes: z.array(z.object({ width: z.number().int(), url: z.string() })).openapi({
      description: `WebP at ${IMAGE_WIDTHS.join(', ')} px wide (or narrower when the original is), narrowest first: a srcset. Empty for an image stored as one file before uploads were resized`,
    }),
  })
  .openapi('ProductImage') satisfies z.ZodType<ProductImage>;

/** A product's tax data: the price includes GST at this rate. */
export const ProductTaxSchema = z
  .object({
    hsn: z.string().openapi({ description: 'HSN code: 4, 6 or 8 digits', example: '5208' }),
    gstRateBps: z.number().int().openapi({ description: 'GST rate in basis points (500 is 5%)', example: 500 }),
  })
  .openapi('ProductTax') satisfies z.ZodType<ProductTax>;

/** A question a product asks its buyer: a short text up to `maxLength`, or one of `values`. */
export const QuestionSchema = z
  .discriminatedUnion('kind', [
    z.object({
      id: z.string(),
      question: z.string(),
      kind: z.literal('text'),
      maxLength: z.number().int(),
      required: z.boolean(),
    }),
    z.object({
      id: z.string(),
      question: z.string(),
      kind: z.literal('choice'),
      values: z.array(z.string()),
      required: z.boolean(),
    }),
  ])
  .openapi('PersonalisationQuestion') satisfies z.ZodType<Question>;
/** An option of a product: its name and values, in the seller's order. */
export const ProductOptionSchema = z
  .object({
    name: z.string().openapi({ example: 'Size' }),
    values: z.array(z.string()).openapi({ example: ['6', '7', '8', '9'] }),
  })
  .openapi('ProductOption');

/** A variant with its stock, as the product page and the seller's grid show it. */
export const VariantSchema = z
  .object({
    id: z.string().openapi({ description: "'default' for a product without options", example: 'v3' }),
    sku: z.string().openapi({ description: "Unique within the seller; '' for a default variant given none" }),
    optionValues: z.array(z.string()).openapi({ description: 'One value per option, in order', example: ['8', 'Tan'] }),
    label: z.string().openapi({
      description: "The values as a buyer reads them; '' for the default variant",
      example: 'Size 8 · Tan',
    }),
    pricePaise: paise,
    originalPricePaise: paise.nullable(),
    imageUrls: z
      .array(z.string())
      .openapi({ description: "Its own pictures from the product's images; none: the product's" }),
    stockQuantity: z.number().int(),
    madeToOrderDays: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ description: "Its own made-to-order days (null: ships from stock); absent: the product's" }),
  })
  .openapi('Variant');
export type VariantDoc = z.infer<typeof VariantSchema>;

/** A variant as a revision proposes it (no stock: that changes at once, as the variant's price does once on sale). */
const ProposedVariantSchema = VariantSchema.omit({ label: true, stockQuantity: true }).openapi('ProposedVariant', {
  description:
    'A new variant is held until approved; one on sale goes live at its price, SKU and made-to-order days of the moment (they change at once), with the proposed values and pictures',
}) satisfies z.ZodType<Variant>;

/** The content fields a revision changes (domain/product/revision.ts): each present only when it changes. */
const ProductContentSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    categoryId: z.string(),
    imageUrl: z.string().nullable(),
    images: z.array(ProductImageSchema),
    tags: z.array(z.string()),
    options: z.array(ProductOptionSchema),
    variants: z.array(ProposedVariantSchema).openapi({ description: 'Every variant the product would have' }),
  })
  .partial()
  .openapi('ProductContentChange') satisfies z.ZodType<Partial<ProductContent>>;

/** The seller's changes to a verified product's content, as the review shows them. */
const RevisionSchema = z
  .object({
    revisionId: z.string(),
    before: ProductContentSchema.openapi({ description: 'The approved values of the fields it changes' }),
    after: ProductContentSchema.openapi({ description: 'The proposed values' }),
    submittedBy: z.string(),
    submittedAt: z.string(),
  })
  .openapi('ProductRevision');
export type RevisionDoc = z.infer<typeof RevisionSchema>;

const RejectedRevisionSchema = RevisionSchema.extend({ reason: z.string(), rejectedAt: z.string() }).openapi(
  'RejectedProductRevision',
);
export type RejectedRevisionDoc = z.infer<typeof RejectedRevisionSchema>;

/** A product's name, description and tags in another language (domain/product/translation.ts). */
const ProductTranslationSchema = z
  .object({
    name: z.string().openapi({ example: 'बनारसी रेशमी साड़ी' }),
    description: z.string().openapi({ description: "'' when not given: show the English description" }),
    tags: z.array(z.string()).openapi({ description: 'None when not given: show the English tags' }),
  })
  .openapi('ProductTranslation') satisfies z.ZodType<ProductTranslation>;

/** What a cart or wishlist line carries of a product's translations: its names. */
export const TranslatedNamesSchema = z
  .partialRecord(z.enum(TRANSLATED_LOCALES), z.string())
  .openapi('TranslatedNames', {
    description:
      'The name in other languages the seller gave, by language code (`hi`: Hindi); a reader of a language not here sees `name`',
    example: { hi: 'बनारसी रेशमी साड़ी' },
  }) satisfies z.ZodType<TranslatedNames>;

/** Where a product comes from, as its page and the lists show it (issue 29). */
export const ProductProvenanceSchema = z
  .object({
    code: z.string().openapi({
      description: 'The code of its public provenance page, `/provenance/{code}`, printed on its tag',
      example: '7K3QW9XHC2',
    }),
    method: z
      .enum(MAKING_METHODS)
      .nullable()
      .openapi({ description: 'How it was made; null until its seller states its origin' }),
    madeBy: z
      .array(z.object({ name: z.string(), craft: z.string(), place: z.string() }))
      .openapi({ description: 'Its makers, as they wish to be shown, with their village or town' }),
    badges: z
      .array(
        z.object({
          kind: z.enum(CERTIFICATE_KINDS),
          title: z.string().openapi({ example: 'GI: Banarasi Brocades and Sarees' }),
          certifies: z.string().openapi({
            description: 'What it certifies, in plain words',
            example: 'The seller is a registered authorised user of this GI. It does not certify each item.',
          }),
        }),
      )
      .openapi({
        description:
          "The seller's certificates then the product's and its lots', verified and not revoked or expired: each gives one",
      }),
  })
  .openapi('ProductProvenance');
export type ProductProvenance = z.infer<typeof ProductProvenanceSchema>;

/**
 * Every product ever listed, delisted ones included (flagged). The name, description,
 * category, images and tags are the approved version; the revision fields are for its seller
 * and the admins only.
 */
export const ProductSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    sellerName: z.string(),
    name: z.string(),
    description: z.string(),
    pricePaise: paise,
    originalPricePaise: paise.nullable(),
    percentOff: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Discount in percent, null without an original price above the price' }),
    categoryId: z.string(),
    imageUrl: z.string().nullable().openapi({ description: 'The main image: the first of `images`' }),
    images: z.array(ProductImageSchema).openapi({ description: 'At most 6, the main one first' }),
    tags: z.array(z.string()),
    translations: z.partialRecord(z.enum(TRANSLATED_LOCALES), ProductTranslationSchema).openapi({
      description:
        'The name, description and tags in other languages, by language code (`hi`: Hindi): a buyer reading one sees them, each field not given falling back to the English one above. The English fields are the source: orders, invoices and reviews go by them',
    }),
    tax: ProductTaxSchema.openapi({ description: 'HSN code and GST rate; the price includes the GST' }),
    personalisation: z.array(QuestionSchema).openapi({
      description: 'Questions the buyer answers at add to cart (at most 3): their ids name the answers',
    }),
    madeToOrderDays: z.number().int().nullable().openapi({
      description:
        'Made to order: days to make it once ordered (1-90), added to the time to dispatch; null when it ships from stock',
    }),
    options: z.array(ProductOptionSchema).openapi({ description: 'At most 3; none for a product sold as one thing' }),
    variants: z.array(VariantSchema).openapi({
      description: 'One per combination sold; a product without options has its default variant only',
    }),
    maxPricePaise: paise.openapi({
      description: 'The highest variant price: "from ₹X" (pricePaise, the lowest) when it differs',
    }),
    stockQuantity: z.number().int().openapi({ description: 'The stock of all the variants together' }),
    stockByVariant: z.record(z.string(), z.number().int()).openapi({
      description:
        'Stock of every variant the product ever had, removed ones included (their orders may still release units)',
    }),
    verification: z.enum(VERIFICATIONS),
    rejectionReason: z.string().nullable(),
    featured: z.boolean(),
    delisted: z.boolean(),
    sellerVerified: z.boolean().openapi({ description: "The seller's badge: an admin verified the seller" }),
    sellerSuspended: z
      .boolean()
      .openapi({ description: 'An admin suspended the seller: out of the catalog until reinstated' }),
    visible: z
      .boolean()
      .openapi({ description: 'Verified, not delisted, its seller not suspended: shown in the public catalog' }),
    displayStatus: z.enum(DISPLAY_STATUSES),
    ratingCount: z.number().int(),
    // The sum, so that the average is exact: ratingSum / ratingCount.
    ratingSum: z.number().int(),
    rating: z
      .number()
      .nullable()
      .openapi({ description: 'Average of the reviews to one decimal, null without reviews' }),
    // Units in orders not cancelled: the popularity sort.
    unitsSold: z.number().int(),
    lastSoldAt: z
      .string()
      .nullable()
      .openapi({ description: 'When a buyer last ordered it; null before its first sale' }),
    // A union with null, not .nullable(): the generator would drop the null beside a named schema.
    pendingRevision: z.union([RevisionSchema, z.null()]).openapi({
      description: "The seller's content changes waiting for an admin's review",
    }),
    // `pendingRevision !== null`, top-level for the admins' query of the changes to review.
    hasPendingRevision: z.boolean(),
    rejectedRevision: z.union([RejectedRevisionSchema, z.null()]).openapi({
      description: "The seller's last changes an admin turned down, with the reason",
    }),
    listedAt: z.string(),
    // The last change of the live product (revisions waiting or turned down leave it).
    updatedAt: z.string(),
    provenance: ProductProvenanceSchema,
  })
  .openapi('Product');
export type ProductDoc = z.infer<typeof ProductSchema>;

/** Kept from anyone but the seller and the admins: the stock of removed variants, the moderation notes, the rating sum, the changes waiting for review and when it last sold. */
const PRIVATE = {
  stockByVariant: true,
  rejectionReason: true,
  ratingSum: true,
  pendingRevision: true,
  hasPendingRevision: true,
  rejectedRevision: true,
  lastSoldAt: true,
} as const;

/** What anyone may see of a product (buyers see only the approved version). */
export const PublicProductSchema = ProductSchema.omit(PRIVATE).openapi('PublicProduct');
export type PublicProduct = z.infer<typeof PublicProductSchema>;

/** A page of the products on sale (the catalog index's list body) and how many match. */
export const ProductListSchema = z
  .object({
    items: z.array(PublicProductSchema),
    total: z.number().int().openapi({ description: 'Products matching the query' }),
  })
  .openapi('ProductList');

/** A seller's products not deleted, newest first, with the figures of the seller's dashboard. */
export const SellerProductsSchema = z
  .object({
    items: z.array(ProductSchema),
    stats: z.object({
      total: z.number().int().openapi({ description: 'Total Products' }),
      active: z.number().int().openapi({ description: 'Active Products: in stock and verified' }),
      inventoryValuePaise: z.number().int().openapi({ description: 'Inventory Value: sum of price x stock, in paise' }),
    }),
  })
  .openapi('SellerProducts');
export type SellerProducts = z.infer<typeof SellerProductsSchema>;

/** The public fields of a product, in the document's order. */
export const publicProduct = (doc: ProductDoc): PublicProduct =>
  Object.fromEntries(Object.entries(doc).filter(([field]) => !Object.hasOwn(PRIVATE, field))) as PublicProduct;
