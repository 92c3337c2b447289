/** The signed-in user's choice of notice mails (in-app notices always come), beside the account routes under /api/auth. */
import { createRoute, z } from '@hono/zod-openapi';
import { NOTICE_KINDS } from '../../domain/notification/notices.ts';
import { mailChoicesSchema } from '../../domain/notification/mail-choices.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { chooseMails, mailChoicesOf } from '../commands/accounts.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';

const tags = ['Account'];

const MailChoicesSchema = z
  .object({
    muted: z
      .array(z.enum(NOTICE_KINDS))
      .openapi({ description: 'The kinds of notice told in the app only; every other kind is mailed too' }),
  })
  .openapi('MailChoices');

export const mailChoiceRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/mail-choices',
        operationId: 'getMailChoices',
        middleware: [guard()] as const,
        tags,
        summary: 'Which notice mails the signed-in user gets',
        responses: { 200: jsonResponse(MailChoicesSchema, 'The choice'), ...errors(401, 404) },
      }),
      async (c) => c.json(await mailChoicesOf(ctx, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/mail-choices',
        operationId: 'chooseMails',
        middleware: [guard()] as const,
        tags,
        summary: 'Choose which notice mails to get',
        description: 'Counts for every mail due from now on; notices already mailed or declined stay so.',
        request: { body: jsonBody(mailChoicesSchema) },
        responses: {
          200: jsonResponse(MailChoicesSchema.extend({ position: PositionSchema }), 'The choice, as kept'),
          ...errors(400, 401, 404, 413),
        },
      }),
      async (c) => c.json(await chooseMails(ctx, actorOf(requireUser(c)), c.req.valid('json').muted), 200),
    );
