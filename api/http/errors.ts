import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorKind } from '../../domain/decider.ts';
import { fieldErrors } from '../../domain/fields.ts';
import { StreamContendedError } from '../../platform/eventstore/streams.ts';
import { isStoreOutage } from '../../platform/health/outage.ts';
import { GatewayRefusal, GatewayUnavailable } from '../../platform/payments/port.ts';
import { logger } from '../../platform/log.ts';
import type { AppEnv } from './router.ts';

const log = logger('api');

/** The one error shape every route answers with. */
export interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string>; requestId?: string };
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The one place a domain error's kind becomes an HTTP status. */
const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule_broken: 422,
};

export function validationError(error: ZodError): ApiError {
  const fields = fieldErrors(error);
  return new ApiError(400, 'validation_failed', Object.values(fields)[0] ?? /*i18n*/ 'Invalid request', fields);
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: { code, message, ...(fields && { fields }) } };
}

/** A 5xx body carries the request's id, which the error's log line carries too. */
function answer(c: Context<AppEnv>, status: ContentfulStatusCode, body: ErrorBody): Response {
  if (status >= 500) body.error.requestId = c.get('requestId');
  return c.json(body, status);
}

/** How long a client should wait after a store outage: about what the readiness check takes to notice one. */
const RETRY_AFTER_S = 5;

/** Maps anything thrown by a route to the error shape; unexpected errors are logged, never leaked. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ApiError) return answer(c, error.status, errorBody(error.code, error.message, error.fields));
  if (error instanceof DomainError)
    return c.json(errorBody(error.code, error.message, error.fields), STATUS_OF_KIND[error.kind]);
  if (error instanceof StreamContendedError)
    return c.json(errorBody('conflict', /*i18n*/ 'This item is changing quickly. Please try again.'), 409);
  if (error instanceof ZodError) {
    const api = validationError(error);
    return c.json(errorBody(api.code, api.message, api.fields), 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    // Hono's validators throw these for bodies that are not JSON at all.
    const malformed = /malformed json/i.test(error.message);
    const code = malformed ? 'malformed_json' : status === 413 ? 'payload_too_large' : 'bad_request';
    return c.json(
      errorBody(
        code,
        malformed ? /*i18n*/ 'The request body is not valid JSON' : error.message || /*i18n*/ 'Bad request',
      ),
      status,
    );
  }
  if (error instanceof GatewayUnavailable || error instanceof GatewayRefusal) {
    // Nothing was recorded of what the gateway did not do: the client may retry.
    log.warn({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'payment gateway failed');
    return answer(
      c,
      502,
      errorBody(
        'payment_gateway_unavailable',
        /*i18n*/ 'We cannot reach the payment service right now. Please try again.',
      ),
    );
  }
  if (isStoreOutage(error)) {
    // Nothing was half-written (a command appends in one step or not at all): the client may retry.
    log.warn(
      { err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path },
      'store unreachable',
    );
    c.header('Retry-After', String(RETRY_AFTER_S));
    return answer(
      c,
      503,
      errorBody('unavailable', /*i18n*/ 'We cannot reach our data right now. Please try again in a moment.'),
    );
  }
  log.error({ err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path }, 'unexpected error');
  return answer(c, 500, errorBody('internal', /*i18n*/ 'Something went wrong on our side. Please try again.'));
}
