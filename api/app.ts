import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppContext } from './context.ts';
import { errorBody, handleError } from './errors.ts';
import { healthRoutes } from './health.ts';

/** The whole HTTP surface: JSON API under /api, images under /media, the SPA for every other path. */
export function createApp(ctx: AppContext, options: { spaRoot?: string } = {}) {
  const app = new Hono()
    .route('/api/health', healthRoutes(ctx))
    .get('/media/*', async (c) => {
      const blob = await ctx.platform.blobs.get(c.req.path.slice('/media/'.length)).catch(() => null);
      if (!blob) return c.json(errorBody('not_found', 'Image not found'), 404);
      return c.body(new Uint8Array(blob.data), 200, {
        'content-type': blob.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      });
    })
    .all('/api/*', (c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));

  if (options.spaRoot) {
    const root = options.spaRoot;
    app.use('/assets/*', serveStatic({ root, onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }));
    // Client-side routes: every other GET gets the SPA's index.
    app.get('*', serveStatic({ root, path: 'index.html', onFound: (_path, c) => c.header('cache-control', 'no-cache') }));
  }
  app.onError(handleError);
  app.notFound((c) => c.json(errorBody('not_found', 'Not found'), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
