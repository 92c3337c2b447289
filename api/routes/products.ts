import { createRoute, z } from '@hono/zod-openapi';
import type { DisplayStatus, Verification } from '../../domain/catalog/status.ts';
import { tooLong } from '../../domain/fields.ts';
import type { ProductDoc, RejectedRevisionDoc, RevisionDoc } from '../../projections/models.ts';
import { actorOf } from '../auth/middleware.ts';
import { PRODUCT_SORTS, type ProductQuery, type PublicProduct, publicProduct } from '../reads/catalog-index.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonResponse, pagingFields, router } from '../http/router.ts';
import { NOT_MODIFIED, servePrepared } from '../http/prepared.ts';
import type { Page } from '../../platform/readstore/paging.ts';
import { ownedProduct } from '../queries/products.ts';
import { ProductImageSchema } from './uploads.ts';

const VERIFICATIONS = ['pending', 'verified', 'rejected'] as const satisfies readonly Verification[];
const DISPLAY_STATUSES = [
  'Delisted',
  'Rejected',
  'Pending Review',
  'Featured',
  'Out of Stock',
  'Active',
] as const satisfies readonly DisplayStatus[];

const paise = z.number().int().openapi({ description: 'Integer paise' });

/** The content fields a revision changes (domain/product/revision.ts): each present only when it changes. */
const ProductContentSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    categoryId: z.string(),
    imageUrl: z.string().nullable(),
    images: z.array(ProductImageSchema),
    tags: z.array(z.string()),
  })
  .partial()
  .openapi('ProductContentChange');

const RevisionSchema = z
  .object({
    revisionId: z.string(),
    before: ProductContentSchema.openapi({ description: 'The approved values of the fields it changes' }),
    after: ProductContentSchema.openapi({ description: 'The proposed values' }),
    submittedBy: z.string(),
    submittedAt: z.string(),
  })
  .openapi('ProductRevision') satisfies z.ZodType<RevisionDoc>;

const RejectedRevisionSchema = RevisionSchema.extend({ reason: z.string(), rejectedAt: z.string() }).openapi(
  'RejectedProductRevision',
) satisfies z.ZodType<RejectedRevisionDoc>;

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
    stockQuantity: z.number().int(),
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
    ratingSum: z.number().int(),
    rating: z
      .number()
      .nullable()
      .openapi({ description: 'Average of the reviews to one decimal, null without reviews' }),
    unitsSold: z.number().int(),
    pendingRevision: RevisionSchema.nullable().openapi({
      description: "The seller's content changes waiting for an admin's review",
    }),
    hasPendingRevision: z.boolean(),
    rejectedRevision: RejectedRevisionSchema.nullable().openapi({
      description: "The seller's last changes an admin turned down, with the reason",
    }),
    listedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Product') satisfies z.ZodType<ProductDoc>;

export const PublicProductSchema = ProductSchema.omit({
  rejectionReason: true,
  ratingSum: true,
  pendingRevision: true,
  hasPendingRevision: true,
  rejectedRevision: true,
}).openapi('PublicProduct') satisfies z.ZodType<PublicProduct>;

export const ProductIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
});

const MAX_SEARCH_LENGTH = 200;

export const ProductListQuerySchema = z.object({
  category: z
    .string({ error: "Category must be one category id, or 'all'" })
    .max(100, tooLong('Category', 100))
    .optional()
    .openapi({ description: "A category id; 'all' or absent for every category", example: 'textiles' }),
  q: z
    .string({ error: 'Search text must be given once' })
    .max(MAX_SEARCH_LENGTH, tooLong('Search text', MAX_SEARCH_LENGTH))
    .optional()
    .openapi({ description: 'Words in the name, description or tags (case-insensitive)' }),
  seller: z
    .string({ error: 'Seller must be one seller id' })
    .max(100, tooLong('Seller', 100))
    .optional()
    .openapi({ description: "One seller's products only (their storefront, GET /api/sellers/{id})" }),
  sort: z
    .enum(PRODUCT_SORTS, { error: `Sort must be one of ${PRODUCT_SORTS.join(', ')}` })
    .optional()
    .openapi({ description: 'Absent: featured first, then newest' }),
  ...pagingFields(24),
});

/** The catalog index's query for a valid product list query (the route's, and fast-reads.ts's). */
export function productQuery({
  category,
  q,
  seller,
  sort,
  limit,
  offset,
}: z.infer<typeof ProductListQuerySchema>): ProductQuery {
  return {
    category: !category || category === 'all' ? null : category,
    q: q?.trim().toLowerCase() || null,
    seller: seller || null,
    sort: sort ?? null,
    limit,
    offset,
  };
}

const ProductListSchema = z
  .object({
    items: z.array(PublicProductSchema),
    total: z.number().int().openapi({ description: 'Products matching the query' }),
  })
  .openapi('ProductList') satisfies z.ZodType<Page<PublicProduct>>;

const productNotFound = () => new ApiError(404, 'not_found', 'Product not found');

export const productRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: ['Products'],
        summary: 'Search and sort the products on sale',
        request: { query: ProductListQuerySchema },
        responses: {
          200: jsonResponse(ProductListSchema, 'A page of verified, listed products and how many match'),
          304: NOT_MODIFIED,
          ...errors(400),
        },
      }),
      async (c) => {
        // Both reads answer with a strong ETag from the catalog index (prepared.ts).
        const body = (await ctx.catalog.get()).listBody(productQuery(c.req.valid('query')));
        return servePrepared<z.infer<typeof ProductListSchema>>(c, body);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags: ['Products'],
        summary: 'One product, with its seller, rating and status',
        description:
          'A product that is not on sale (pending review, rejected or delisted) is found only by its seller and admins.',
        request: { params: ProductIdParamsSchema },
        responses: {
          200: jsonResponse(PublicProductSchema, 'The product'),
          304: NOT_MODIFIED,
          ...errors(400, 404),
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        // On sale: from the catalog index; otherwise only its seller and the admins find it.
        const body = (await ctx.catalog.get()).productBody(id);
        if (body !== undefined) return servePrepared<PublicProduct>(c, body);
        const user = c.get('user');
        const product = user && (await ownedProduct(ctx.platform.read, id, actorOf(user)));
        if (!product) throw productNotFound();
        return c.json(publicProduct(product), 200);
      },
    );
