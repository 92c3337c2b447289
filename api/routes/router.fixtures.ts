/**
 * Test fixtures for a router on an app context of its own (e.g. a separate read store): a bare app with the
 * API's error handling, JSON body limit and session middleware, driven like the real app through a typed client
 * of that app.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Schema } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { JSON_BODY_LIMIT } from '../app.ts';
import { sameOriginMiddleware, sessionMiddleware } from '../auth/middleware.ts';
import { ApiError, handleError } from '../http/errors.ts';
import type { AppEnv } from '../http/router.ts';
import { LocalClient } from '../testing/local-client.ts';
import type { Client, TestApi } from '../testing/harness.ts';
import { typedClient } from '../testing/typed-client.ts';

/** `routes` mounted at `path` on a bare app; `as(client)` is a typed client of it signed in as `client` (anonymous without one). */
export function mounted<P extends string, S extends Schema, B extends string>(
  api: TestApi,
  path: P,
  routes: OpenAPIHono<AppEnv, S, B>,
) {
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
  const typed = app.route(path, routes);
  return { as: (client?: Client) => typedClient<typeof typed>(new LocalClient(app, client?.cookie ?? null).send) };
}
