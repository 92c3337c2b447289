import { createRoute, z } from '@hono/zod-openapi';
import type { SentMail } from '../../platform/mail/port.ts';
import type { AppContext } from '../roles/context.ts';
import { redactLinkSecrets } from '../../platform/config/links.ts';
import { requireRole } from '../auth/middleware.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonBody, jsonResponse, router } from '../http/router.ts';

const MESSAGES_SHOWN = 50;

/** A year: as far as a test needs to move a development server's clock in one step. */
const MAX_ADVANCE_MINUTES = 525_600;

const DevClockSchema = z
  .object({
    now: z.string().openapi({ description: "The server's time, ISO-8601 UTC" }),
    shiftMinutes: z.number().openapi({ description: 'How far it runs ahead of the real time' }),
  })
  .openapi('DevClock');

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
 * Whether the development routes are mounted: only when asked for (DEV_ROUTES, which
 * NODE_ENV=production refuses at start) and when mail goes to the folder mailbox rather than
 * out over SMTP. A deployment that merely left SMTP unset does not get them.
 */
export const devRoutesOn = (ctx: Pick<AppContext, 'config' | 'platform'>): boolean =>
  ctx.config.DEV_ROUTES && ctx.config.NODE_ENV !== 'production' && ctx.platform.mailbox !== undefined;

/** A message as the mailbox lists it: the secrets of its links (reset and verification tokens) hidden. */
const listed = (mail: SentMail): SentMail => ({
  ...mail,
  text: redactLinkSecrets(mail.text),
  ...(mail.html !== undefined && { html: redactLinkSecrets(mail.html) }),
});

/**
 * Development helpers (see `devRoutesOn`). The mailbox holds mail to every user, so only admins
 * may read it, and the secrets of its links are hidden even from them: a reset link shown
 * whole would let an admin take over any account. Tests read the secrets straight from
 * `platform.mailbox`.
 */
export function devRoutes(ctx: AppContext) {
  const { mailbox } = ctx.platform;
  if (!mailbox) throw new Error('devRoutes needs the development mailbox (the folder mailer)');
  return router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/mail',
        operationId: 'listDevMail',
        tags: ['Development'],
        summary: 'Messages in the development mailbox, newest first (admins only; DEV_ROUTES=true only)',
        description: 'The secrets of links (`token=`) are shown as `[hidden]`.',
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
        const messages = await mailbox.list({ ...(to && { to }), limit: MESSAGES_SHOWN });
        return c.json({ messages: messages.map(listed) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/clock',
        operationId: 'advanceDevClock',
        tags: ['Development'],
        summary: "Moves the server's clock forward, on every thread (admins only; DEV_ROUTES=true only)",
        description:
          'For browser tests of what happens when a window closes (a payment, a return, an undo) without waiting for it. The clock never goes back.',
        request: {
          body: jsonBody(
            z.object({
              advanceMinutes: z
                .number({ error: /*i18n*/ 'Give the minutes to move the clock forward' })
                .int(/*i18n*/ 'Give a whole number of minutes')
                .min(1, /*i18n*/ 'Move the clock forward by at least a minute')
                .max(MAX_ADVANCE_MINUTES, /*i18n*/ 'Move the clock by at most a year at a time'),
            }),
          ),
        },
        responses: {
          200: jsonResponse(DevClockSchema, 'The clock, moved'),
          ...errors(400, 401, 403, 409),
        },
      }),
      async (c) => {
        requireRole(c, 'admin');
        const clock = ctx.devClock;
        if (!clock) throw new ApiError(409, 'clock_fixed', /*i18n*/ "This server's clock cannot be moved");
        clock.advance(c.req.valid('json').advanceMinutes * 60_000);
        return c.json({ now: clock.now(), shiftMinutes: clock.shiftMs() / 60_000 }, 200);
      },
    );
}
