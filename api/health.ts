import { createRoute, z } from '@hono/zod-openapi';
import { projectionLag } from '../platform/projection/lag.ts';
import { NOTIFY_SELLER } from '../workers/notify-seller.ts';
import { EFFECTS, type ReconciliationDoc } from '../workers/reconcile.ts';
import type { AppContext } from './context.ts';
import { jsonResponse, router } from './http.ts';

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']).openapi({ description: 'degraded while a projection is failing' }),
    adapters: z.object({ events: z.string(), read: z.string(), queue: z.string(), bus: z.string(), blobs: z.string() }),
    projections: z.record(
      z.string(),
      z.object({
        processed: z.number().int().openapi({ description: 'Last position committed' }),
        last: z.number().int().openapi({ description: 'Last position in the log' }),
        lag: z.number().int(),
        error: z.string().optional(),
      }),
    ),
    effects: z
      .object({
        notifySeller: z
          .object({
            confirmedThrough: z.number().int().openapi({ description: 'Every order up to this log position has its seller notifications and e-mails recorded' }),
            checked: z.number().int().openapi({ description: 'Orders the last reconciliation pass read' }),
            requeued: z.number().int().openapi({ description: 'Jobs it added again because the queue had lost them' }),
            dead: z.number().int().openapi({ description: 'Notifications whose job failed every attempt (in the dead letters)' }),
            at: z.string().openapi({ description: 'When the pass ran' }),
          })
          .nullable()
          .openapi({ description: 'The last reconciliation pass of the workers; null before the first' }),
      })
      .openapi({ description: 'Effects outside the log (jobs, e-mails), checked against the log' }),
    uptimeSeconds: z.number().int(),
  })
  .openapi('Health');

export function healthRoutes(ctx: AppContext) {
  const { platform } = ctx;
  return router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Health'],
      summary: 'The adapters in use and how far each projection lags behind the log',
      responses: { 200: jsonResponse(HealthSchema, 'The process is up') },
    }),
    async (c) => {
      const reconciled = await platform.read.collection<ReconciliationDoc>(EFFECTS).get(NOTIFY_SELLER);
      const lags = await projectionLag(platform.events, platform.read, ctx.projections.map((p) => p.name));
      const failures = ctx.runner?.failures() ?? {};
      const projections = Object.fromEntries(
        Object.entries(lags).map(([name, lag]) => [name, failures[name] ? { ...lag, error: failures[name] } : lag]),
      );
      return c.json(
        {
          status: Object.keys(failures).length === 0 ? ('ok' as const) : ('degraded' as const),
          adapters: {
            events: platform.events.kind,
            read: platform.read.kind,
            queue: platform.queue.kind,
            bus: platform.bus.kind,
            blobs: platform.blobs.kind,
          },
          projections,
          effects: { notifySeller: reconciled && { confirmedThrough: reconciled.confirmedThrough, checked: reconciled.checked, requeued: reconciled.requeued, dead: reconciled.dead, at: reconciled.at } },
          uptimeSeconds: Math.round(process.uptime()),
        },
        200,
      );
    },
  );
}
