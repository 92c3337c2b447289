/**
 * Test fixtures for a router on an app context of its own (e.g. a separate read store): a bare app with the
 * API's error handling, JSON body limit and session middleware, driven like the real app.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { JSON_BODY_LIMIT } from '../app.ts';
import { sameOriginMiddleware, sessionMiddleware } from '../auth/middleware.ts';
import { ApiError, handleError } from '../http/errors.ts';
import type { AppEnv } from '../http/router.ts';
import { LocalClient } from '../testing/local-client.ts';
import type { Client, TestApi } from '../testing/harness.ts';

export interface Mounted {
  /** A client of the bare app, signed in as `client` (anonymous without one). */
  as(client?: Client): LocalClient;
}

export function mounted(api: TestApi, path: string, routes: OpenAPIHono<AppEnv>): Mounted {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  const tooLarge = () => {
    throw new ApiError(413, 'payload_too_large', 'The request body is too large');
  };
  app.use(
    '/api/*',
    bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge }),
    sessionMiddleware(api.ctx),
    sameOriginMiddleware(),
  );
  app.route(path, routes);
  return { as: (client) => new LocalClient(app, client?.cookie ?? null) };
}
