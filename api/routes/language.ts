/** The signed-in user's language (an account preference), beside the account routes under /api/auth. */
import { createRoute, z } from '@hono/zod-openapi';
import { LOCALES } from '../../domain/i18n/locales.ts';
import { languageSchema } from '../../domain/i18n/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { chooseLanguage, languageOf } from '../commands/language.ts';
import { errors, jsonBody, jsonResponse, PositionSchema, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Account'];

const locale = z.enum(LOCALES).openapi({
  description: 'The language the app, the API messages and the mails speak to the user (en: English, hi: Hindi)',
  example: 'hi',
});

export const languageRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/language',
        operationId: 'getLanguage',
        middleware: [guard()] as const,
        tags,
        summary: 'The language the signed-in user chose',
        responses: {
          200: jsonResponse(
            z
              .object({
                locale: locale
                  .nullable()
                  .openapi({ description: "null: never chosen (mails in English, the app in the browser's language)" }),
              })
              .openapi('Language'),
            'The choice',
          ),
          ...errors(401, 404),
        },
      }),
      async (c) => c.json(await languageOf(ctx, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/language',
        operationId: 'chooseLanguage',
        middleware: [guard()] as const,
        tags,
        summary: 'Choose the language of the app and of the mails MIBI sends you',
        request: { body: jsonBody(languageSchema) },
        responses: {
          200: jsonResponse(
            z.object({ locale, position: PositionSchema }).openapi('LanguageChosen'),
            'The choice, as kept',
          ),
          ...errors(400, 401, 404, 413),
        },
      }),
      async (c) => c.json(await chooseLanguage(ctx, actorOf(requireUser(c)), c.req.valid('json').locale), 200),
    );
