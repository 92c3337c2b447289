import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../domain/actor.ts';
import type { SessionCookie } from '../auth/session-cookie.ts';
import { errorBody, validationError } from './errors.ts';
import { english } from '../../domain/i18n/message.ts';

/** The signed-in user as every route sees it (null when signed out). */
export interface SessionUser {
  id: string;
  fullName: string;
  email: string;
  roles: Role[];
  /** False until a sign-up follows its verification link (accounts from before verification count as verified). */
  emailVerified: boolean;
  /** Signs in with a TOTP code as well (always so for admins, once enrolled). */
  totpEnabled: boolean;
}

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    /** SHA-256 of the session token, when the request carried a valid one. */
    sessionId: string | null;
    /** The session cookie's name and attributes for this request (`__Host-` and Secure over TLS). */
    sessionCookie: SessionCookie;
    /** The request's id (request-id.ts), in its log lines and a 5xx body. */
    requestId: string;
  };
}

/**
 * A sub-app whose invalid requests answer in the one error shape, with the schema's messages;
 * `middleware` (e.g. a sign-in guard) runs before every route of it. Define the routes as one
 * chain of `.openapi(...)` calls so the app's type carries them to the SPA's typed client.
 */
export function router(...middleware: MiddlewareHandler<AppEnv>[]) {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const error = validationError(result.error);
      return c.json(errorBody(error.code, error.message, error.fields), 400);
    },
  });
  if (middleware.length > 0) app.use('*', ...middleware);
  return app;
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      requestId: z
        .string()
        .optional()
        .openapi({ description: "On a 5xx: the request's id (its X-Request-Id), to quote when reporting it" }),
    }),
  })
  .openapi('Error');

const errorDescriptions = {
  400: 'Invalid request (malformed JSON or a field that breaks a rule)',
  401: 'Not signed in',
  403: 'Signed in without the right to do this',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'Body too large',
  422: 'Breaks a business rule',
  429: 'Too many attempts',
  502: 'The payment gateway failed or could not be reached; try again in a moment',
  503: 'The read models are catching up with the latest events; try again in a moment',
} as const;

/** OpenAPI response entries for the error statuses a route can answer with. */
export function errors<S extends keyof typeof errorDescriptions>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: errorDescriptions[status], content: { 'application/json': { schema: ErrorSchema } } },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { 'application/json': { schema: typeof ErrorSchema } } };
  };
}

/** A JSON request body entry for createRoute. */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { 'application/json': { schema } } };
}

/** A JSON response entry for createRoute. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** A path parameter: one non-empty segment of at most `max` characters. */
export function pathParam(name: string, max: number, doc: { description?: string; example?: string } = {}) {
  return z
    .string()
    .min(1)
    .max(max)
    .openapi({ param: { name, in: 'path' }, ...doc });
}

/** The log position a command reached: pass it back as `?after=` to read your own write. */
export const PositionSchema = z
  .number()
  .int()
  .nonnegative()
  .openapi({ description: 'Global log position reached by the command' });

const MAX_PAGE = 100;
const LIMIT_MESSAGE = english(/*i18n*/ 'Limit must be a whole number from 1 to {max}', { max: MAX_PAGE });
const OFFSET_MESSAGE = /*i18n*/ 'Offset must be a whole number, 0 or more';

/** `?limit=&offset=` of a list, spread into a query schema. */
export function pagingFields(defaultLimit: number) {
  return {
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(MAX_PAGE, LIMIT_MESSAGE)
      .default(defaultLimit),
    offset: z.coerce.number({ error: OFFSET_MESSAGE }).int(OFFSET_MESSAGE).min(0, OFFSET_MESSAGE).default(0),
  };
}
