import { createRoute, z } from '@hono/zod-openapi';
import { tooLong } from '../../domain/fields.ts';
import {
  ProductListSchema,
  ProductOptionSchema,
  type PublicProduct,
  PublicProductSchema,
  publicProduct,
} from '../../projections/catalog/documents.ts';
import { actorOf } from '../auth/middleware.ts';
import { CERTIFIED, PRODUCT_SORTS, productFilter } from '../../domain/catalog/product-query.ts';
import type { ProductQuery } from '../reads/catalog-index.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonResponse, pagingFields, router, pathParam } from '../http/router.ts';
import { NOT_MODIFIED, servePrepared } from '../http/prepared.ts';
import { ownedProduct } from '../../projections/catalog/queries.ts';
import { english } from '../../domain/i18n/message.ts';

export const ProductIdParamsSchema = z.object({
  id: pathParam('id', 100, { example: '6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
});

const MAX_SEARCH_LENGTH = 200;

const OPTION_MESSAGE = /*i18n*/ 'Option must be written name:value, like Colour:Red';
const optionValue = z
  .string({ error: OPTION_MESSAGE })
  .max(100, OPTION_MESSAGE)
  .regex(/^[^:]+:.+$/, OPTION_MESSAGE);

export const ProductListQuerySchema = z.object({
  category: z
    .string({ error: /*i18n*/ "Category must be one category id, or 'all'" })
    .max(100, tooLong(/*i18n*/ 'Category', 100))
    .optional()
    .openapi({ description: "A category id; 'all' or absent for every category", example: 'textiles' }),
  q: z
    .string({ error: /*i18n*/ 'Search text must be given once' })
    .max(MAX_SEARCH_LENGTH, tooLong(/*i18n*/ 'Search text', MAX_SEARCH_LENGTH))
    .optional()
    .openapi({ description: 'Words in the name, description or tags (case-insensitive)' }),
  seller: z
    .string({ error: /*i18n*/ 'Seller must be one seller id' })
    .max(100, tooLong(/*i18n*/ 'Seller', 100))
    .optional()
    .openapi({ description: "One seller's products only (their storefront, GET /api/sellers/{id})" }),
  option: z
    .union([optionValue, z.array(optionValue).max(20, /*i18n*/ 'Give at most 20 option values')], {
      error: /*i18n*/ 'Option must be written name:value, like Colour:Red',
    })
    .optional()
    .openapi({
      description:
        'Option values, repeated: `option=Colour:Red&option=Colour:Indigo&option=Size:8`. A product matches when one of its variants (sold out or not) has a value of each option named, any of the values named for it (case-insensitive): `Colour:Red&Size:8` needs a red variant in size 8',
      example: 'Colour:Red',
    }),
  certified: z
    .enum(CERTIFIED, {
      error: english(/*i18n*/ 'Certified must be one of {choices}', { choices: CERTIFIED.join(', ') }),
    })
    .optional()
    .openapi({
      description:
        'Products showing that badge only: `gi`, a GI (the seller an authorised user, or the product certified); `handloom-mark`, the Handloom Mark',
    }),
  sort: z
    .enum(PRODUCT_SORTS, {
      error: english(/*i18n*/ 'Sort must be one of {choices}', { choices: PRODUCT_SORTS.join(', ') }),
    })
    .optional()
    .openapi({ description: 'Absent: featured first, then newest' }),
  ...pagingFields(24),
});

/** The catalog index's query for a valid product list query (the route's, and the page hints'). */
export function productQuery({
  category,
  q,
  seller,
  option,
  certified,
  sort,
  limit,
  offset,
}: z.infer<typeof ProductListQuerySchema>): ProductQuery {
  return {
    ...productFilter({ category, q, seller, certified, ...(option !== undefined && { option }) }),
    sort: sort ?? null,
    limit,
    offset,
  };
}

const OptionsQuerySchema = ProductListQuerySchema.pick({ category: true });

const ProductOptionsSchema = z
  .object({
    items: z.array(ProductOptionSchema).openapi({
      description: 'Each option of the products on sale with the values their variants have, in the order first met',
    }),
  })
  .openapi('ProductOptions');

const productNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Product not found');

export const productRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listProducts',
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
        path: '/options',
        operationId: 'listProductOptions',
        tags: ['Products'],
        summary: 'The option values the products on sale have, in a category or all: the filters of the product list',
        request: { query: OptionsQuerySchema },
        responses: { 200: jsonResponse(ProductOptionsSchema, 'The options and their values'), ...errors(400) },
      }),
      async (c) => {
        const { category } = productFilter(c.req.valid('query'));
        return c.json({ items: (await ctx.catalog.get()).optionsOf(category) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getProduct',
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
