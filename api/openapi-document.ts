/** The OpenAPI document served at /api/openapi.json, built from the routes and the guards they really run. */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { isGuard } from './auth/middleware.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth/session-cookie.ts';
import { AFTER_PARAMETER } from './http/read-your-writes.ts';
import type { AppEnv } from './http/router.ts';

type OpenAPIObject = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

/** Either name of the one session cookie: which one the server reads depends on TLS. */
const SESSION_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie sign-in sets, under this name over plain HTTP (local development)',
  },
  secureSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SECURE_SESSION_COOKIE,
    description:
      'The session cookie over TLS (Secure, Path=/, no Domain): only this name is read there, so no other site can plant a session',
  },
} as const;

const SIGNED_IN = Object.keys(SESSION_SCHEMES).map((scheme) => ({ [scheme]: [] }));

/** For a route a visitor may call as well (it has another way to say who it is): the session, or none. */
export const SIGNED_IN_OR_NOT = [...SIGNED_IN, {}];

/** Whether the route pattern `path` (Hono's, `:param` and a trailing `/*`) covers the operation's path. */
function covers(path: string, operationPath: string): boolean {
  if (path === '*' || path === '/*') return true;
  if (path.endsWith('/*')) return operationPath === path.slice(0, -2) || operationPath.startsWith(path.slice(0, -1));
  return path === operationPath;
}

/** Whether a sign-in guard runs before the operation, as app-wide or route middleware. */
function guarded(app: OpenAPIHono<AppEnv>, method: string, operationPath: string): boolean {
  const honoPath = operationPath.replace(/\{(\w+)\}/g, ':$1');
  return app.routes.some(
    (route) =>
      (route.method === 'ALL' || route.method === method.toUpperCase()) &&
      covers(route.path, honoPath) &&
      isGuard(route.handler),
  );
}

/** What every GET answers besides its own: `?after=` (read-your-writes.ts) and its 400. */
const BAD_AFTER = {
  description: 'Invalid request (`after` is not a log position, or a parameter breaks a rule)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/**
 * The document: the routes' own descriptions, the session cookie as a security scheme, each
 * operation's security taken from the guards that run before it (`[]` where none does) unless
 * the route declares its own, and on every GET the `?after=` every query takes.
 */
export function apiDocument(app: OpenAPIHono<AppEnv>): OpenAPIObject {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'MIBI API',
      version: '1.0.0',
      description: 'Make in India, Buy in India: the marketplace API. Money is integer paise; times are ISO-8601 UTC.',
      // package.json is private with no licence: nothing is granted (npm's UNLICENSED).
      license: { name: 'UNLICENSED: all rights reserved, no licence granted' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
  });
  document.components = { ...document.components, securitySchemes: SESSION_SCHEMES };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation) continue;
      operation.security ??= guarded(app, method, path) ? SIGNED_IN : [];
      if (method !== 'get') continue;
      operation.parameters = [...(operation.parameters ?? []), AFTER_PARAMETER];
      operation.responses ??= {};
      operation.responses['400'] ??= BAD_AFTER;
    }
  }
  return document;
}
