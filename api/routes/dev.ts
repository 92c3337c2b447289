import { createRoute, z } from '@hono/zod-openapi';
import type { SentMail } from '../../platform/mail/port.ts';
import type { AppContext } from '../context.ts';
import { requireRole } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http.ts';

const MESSAGES_SHOWN = 50;

const SentMailSchema = z
  .object({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    sentAt: z.string(),
  })
  .openapi('SentMail') satisfies z.ZodType<SentMail>;

/**
 * Development helpers, mounted only when mail goes to the folder mailbox instead of SMTP.
 * The mailbox holds every user's reset links, so only admins may read it: the folder
 * mailer is also the default of a deployment that has not configured SMTP.
 */
export function devRoutes(ctx: AppContext) {
  const { mailbox } = ctx.platform;
  if (!mailbox) throw new Error('devRoutes needs the development mailbox (the folder mailer)');
  return router().openapi(
    createRoute({
      method: 'get',
      path: '/mail',
      tags: ['Development'],
      summary: 'Messages in the development mailbox, newest first (admins only)',
      request: {
        query: z.object({
          to: z.string().trim().optional().openapi({ description: 'Only messages to this address (any case)' }),
        }),
      },
      responses: {
        200: jsonResponse(z.object({ messages: z.array(SentMailSchema) }), `Up to ${MESSAGES_SHOWN} messages`),
        ...errors(401, 403),
      },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { to } = c.req.valid('query');
      return c.json({ messages: await mailbox.list({ ...(to && { to }), limit: MESSAGES_SHOWN }) }, 200);
    },
  );
}
