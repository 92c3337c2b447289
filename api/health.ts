import { projectionLag } from '../projections/lag.ts';
import type { AppContext } from './context.ts';
import { router } from './http.ts';

export function healthRoutes(ctx: AppContext) {
  const { platform } = ctx;
  return router().get('/', async (c) => {
    const lags = await projectionLag(platform.events, platform.read, ctx.projections.map((p) => p.name));
    const failures = ctx.runner?.failures() ?? {};
    const projections = Object.fromEntries(
      Object.entries(lags).map(([name, lag]) => [name, failures[name] ? { ...lag, error: failures[name] } : lag]),
    );
    return c.json({
      status: Object.keys(failures).length === 0 ? 'ok' : 'degraded',
      adapters: {
        events: platform.events.kind,
        read: platform.read.kind,
        queue: platform.queue.kind,
        bus: platform.bus.kind,
        blobs: platform.blobs.kind,
      },
      projections,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
}
