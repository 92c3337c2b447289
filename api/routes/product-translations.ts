/** A seller's product in other languages (issue 30): the name, description and tags in Hindi beside the English ones. */
import { createRoute, z } from '@hono/zod-openapi';
import { TRANSLATION_MESSAGES, productTranslationSchema } from '../../domain/product/translation-schema.ts';
import { TRANSLATED_LOCALES } from '../../domain/product/translation.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { translateProduct } from '../commands/products.ts';
import type { AppContext } from '../roles/context.ts';
import { errors, jsonBody, jsonResponse, router } from '../http/router.ts';
import { ProductIdParamsSchema } from './products.ts';
import { ProductCommandResultSchema } from './seller.ts';

const TranslationParamsSchema = ProductIdParamsSchema.extend({
  locale: z
    .enum(TRANSLATED_LOCALES, { error: TRANSLATION_MESSAGES.languageUnknown })
    .openapi({ param: { name: 'locale', in: 'path' }, description: 'The language: `hi`, Hindi', example: 'hi' }),
});

const tags = ['Seller'];
const description =
  'Its seller or an admin. It applies at once, beside the English fields, which stay the source: buyers reading the language see these, each field not given falling back to the English one, and the search finds the product by them (`translations` of the product).';

export const productTranslationRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'put',
        path: '/products/{id}/translations/{locale}',
        operationId: 'translateProduct',
        middleware: [guard('seller', 'admin')] as const,
        tags,
        summary: "Give or change the product's name, description and tags in another language",
        description,
        request: {
          params: TranslationParamsSchema,
          body: jsonBody(
            productTranslationSchema,
            "The name (required); the description ('' or absent: the English one) and tags (none: the English ones)",
          ),
        },
        responses: {
          200: jsonResponse(ProductCommandResultSchema, 'Saved (or nothing changed)'),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const { id, locale } = c.req.valid('param');
        const actor = actorOf(requireUser(c));
        return c.json(await translateProduct(ctx, actor, id, locale, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/products/{id}/translations/{locale}',
        operationId: 'removeProductTranslation',
        middleware: [guard('seller', 'admin')] as const,
        tags,
        summary: "Take away the product's name, description and tags in a language: buyers see the English ones",
        description,
        request: { params: TranslationParamsSchema },
        responses: {
          200: jsonResponse(ProductCommandResultSchema, 'Taken away (or there were none)'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const { id, locale } = c.req.valid('param');
        return c.json(await translateProduct(ctx, actorOf(requireUser(c)), id, locale, null), 200);
      },
    );
