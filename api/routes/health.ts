import { createRoute, z } from '@hono/zod-openapi';
import { STALL_AFTER_MS, StallWatch } from '../../platform/projection/lag.ts';
import { CONFIRM_ORDER } from '../../workers/confirm-order.ts';
import { NOTIFY_DECISION } from '../../workers/notify-decision.ts';
import { NOTIFY_PARTIES } from '../../workers/notify-parties.ts';
import { NOTIFY_SELLER } from '../../workers/notify-seller.ts';
import { EFFECTS, type ReconciliationDoc } from '../../workers/reconcile.ts';
import { TELL_CODE_FAILURES } from '../../workers/tell-code-failures.ts';
import { guard } from '../auth/middleware.ts';
import type { AppContext } from '../roles/context.ts';
import { LIVE_BODY, leaseGroups, readiness, readinessBody } from '../roles/readiness.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { PROJECTIONS_LEASE } from '../../projections/index.ts';

/** The last reconciliation pass of one effect of the workers. */
const reconciliationSchema = (confirmed: string) =>
  z
    .object({
      confirmedThrough: z.number().int().openapi({ description: confirmed }),
      checked: z.number().int().openapi({ description: 'Events the last reconciliation pass read' }),
      requeued: z.number().int().openapi({ description: 'Jobs it added again because the queue had lost them' }),
      dead: z.number().int().openapi({ description: 'Jobs that failed every attempt (in the dead letters)' }),
      at: z.string().openapi({ description: 'When the pass ran' }),
    })
    .nullable()
    .openapi({ description: 'The last reconciliation pass of the workers; null before the first' });

const HealthSchema = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .openapi({ description: 'degraded while a projection or reactor is failing or stalled' }),
    adapters: z.object({ events: z.string(), read: z.string(), queue: z.string(), bus: z.string(), blobs: z.string() }),
    projections: z
      .record(
        z.string(),
        z.object({
          processed: z.number().int().openapi({ description: 'Last position committed' }),
          last: z.number().int().openapi({ description: 'Last position in the log' }),
          lag: z.number().int(),
          error: z.string().optional().openapi({
            description: "Why its last batch failed, when this process (or its followers' thread) runs it",
          }),
          lease: z
            .object({
              name: z.string().openapi({
                description: `'${PROJECTIONS_LEASE}' for the read models, the reactor's name for a reactor`,
              }),
              owner: z.string().openapi({ description: 'The process that holds or last held it (host:pid:random)' }),
              epoch: z
                .number()
                .int()
                .openapi({ description: 'Fencing epoch: raised each time the lease changes hands' }),
              expiresAt: z.string().openapi({
                description: 'When it lapses unless renewed; in the past once released or its holder died',
              }),
            })
            .nullable()
            .openapi({ description: 'The lease of the process that writes it; null before any process took it' }),
          stalled: z.boolean().openapi({
            description: `It lags and no unexpired lease covers it, or its checkpoint has not moved for ${STALL_AFTER_MS / 1000} s while lagging (as seen by this process's health reads)`,
          }),
        }),
      )
      .openapi({
        description: 'Every read-model projection and every reactor, read from the stores, whichever process runs it',
      }),
    effects: z
      .object({
        notifySeller: reconciliationSchema(
          'Every order up to this log position has its seller notifications and e-mails recorded',
        ),
        confirmOrder: reconciliationSchema(
          "Every order up to this log position has its buyer's confirmation e-mail recorded",
        ),
        notifyDecision: reconciliationSchema(
          "Every admin decision up to this log position has its seller's notification and e-mail recorded",
        ),
        tellCodeFailures: reconciliationSchema(
          "Every burst of wrong second-factor codes up to this log position has its owner's e-mail recorded",
        ),
        notifyParties: reconciliationSchema(
          "Every buyer's and seller's move told of up to this log position has its notice recorded, and its e-mail sent or declined",
        ),
      })
      .openapi({ description: 'Effects outside the log (jobs, e-mails), checked against the log' }),
    uptimeSeconds: z.number().int(),
  })
  .openapi('Health');

const LiveSchema = z.object({ status: z.literal('live') }).openapi('Liveness');

export const ReadinessSchema = z
  .object({
    status: z.enum(['ready', 'unready']),
    checks: z.record(z.string(), z.string()).openapi({
      description:
        "Per check, 'ok' or why not: events, read (the stores), queue and bus (when on a server), leases (a process holds each), projections (none failing or stalled)",
      example: { events: 'ok', read: 'ok', leases: 'ok', projections: 'stalled: catalog' },
    }),
  })
  .openapi('Readiness');

export function healthRoutes(ctx: AppContext) {
  const { platform } = ctx;
  const readModels = ctx.projections.map((p) => p.name);
  const groups = leaseGroups(readModels);
  const ready = readiness(platform, readModels, ctx.projectionFailures);
  const watch = new StallWatch();
  return router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/live',
        operationId: 'getLiveness',
        tags: ['Health'],
        summary: 'Liveness: the process answers (no store is asked)',
        responses: { 200: jsonResponse(LiveSchema, 'The process answers') },
      }),
      (c) => c.json(LIVE_BODY, 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/ready',
        operationId: 'getReadiness',
        tags: ['Health'],
        summary:
          'Readiness: the stores answer, every lease has a holder and no projection is failing or stalled (checked at most once a second)',
        responses: {
          200: jsonResponse(ReadinessSchema, 'Ready'),
          503: jsonResponse(ReadinessSchema, 'Degraded: the checks say which part is not ready'),
        },
      }),
      async (c) => {
        const report = await ready.report();
        return report.ready ? c.json(readinessBody(report), 200) : c.json(readinessBody(report), 503);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getHealth',
        tags: ['Health'],
        middleware: [guard('admin')] as const,
        summary:
          'For admins: the adapters in use, and how far each projection and reactor lags behind the log, with its lease',
        responses: { 200: jsonResponse(HealthSchema, 'The process is up'), ...errors(401, 403) },
      }),
      async (c) => {
        const passes = platform.read.collection<ReconciliationDoc>(EFFECTS);
        const reconciled = async (job: string) => {
          const pass = await passes.get(job);
          return (
            pass && {
              confirmedThrough: pass.confirmedThrough,
              checked: pass.checked,
              requeued: pass.requeued,
              dead: pass.dead,
              at: pass.at,
            }
          );
        };
        const effects = {
          notifySeller: await reconciled(NOTIFY_SELLER),
          confirmOrder: await reconciled(CONFIRM_ORDER),
          notifyDecision: await reconciled(NOTIFY_DECISION),
          tellCodeFailures: await reconciled(TELL_CODE_FAILURES),
          notifyParties: await reconciled(NOTIFY_PARTIES),
        };
        const statuses = await watch.read(platform.events, platform.read, groups);
        const failures = ctx.projectionFailures();
        const projections = Object.fromEntries(
          Object.entries(statuses).map(([name, { lease, ...status }]) => [
            name,
            {
              ...status,
              ...(failures[name] && { error: failures[name] }),
              lease: lease && { ...lease, expiresAt: new Date(lease.expiresAt).toISOString() },
            },
          ]),
        );
        const healthy = Object.keys(failures).length === 0 && Object.values(statuses).every((s) => !s.stalled);
        return c.json(
          {
            status: healthy ? ('ok' as const) : ('degraded' as const),
            adapters: {
              events: platform.events.kind,
              read: platform.read.kind,
              queue: platform.queue.kind,
              bus: platform.bus.kind,
              blobs: platform.blobs.kind,
            },
            projections,
            effects,
            uptimeSeconds: Math.round(process.uptime()),
          },
          200,
        );
      },
    );
}
