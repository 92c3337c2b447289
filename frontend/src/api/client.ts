/**
 * The SPA's one way to the server: Hono's typed client over the app's own type, so a wrong
 * path, parameter, query or body is a type error and every answer has the server's type.
 *
 *   const cart = await call(server.cart.items.$post({ json: { productId, quantity } }));
 *   type Cart = Data<typeof server.cart.$get>;
 */
import { t } from '@lingui/core/macro';
import { type ClientRequestOptions, type ClientResponse, hc } from 'hono/client';
import type { App } from '../../../api/app.ts';
import { locale } from '../i18n/locale.ts';

/** The events of GET /api/live and their data, as the read models define them. */
export type { LiveEventData } from '../../../api/app.ts';

/** Any failed call: the API's `{ error: { code, message, fields? } }`, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Message per invalid field, keyed like the request body ('shippingAddress.pincode'). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/** '?a=1&b=x' for an address in the browser: the values given, in their order, empty ones left out; '' when none is left. */
export function queryOf(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every route under /api, typed from the server's route definitions; its messages come in the language on screen. */
export const server = hc<App>('/', {
  init: { credentials: 'same-origin' },
  headers: () => ({ 'accept-language': locale.value === 'pseudo' ? 'en' : locale.value }),
}).api;

type Success = 200 | 201 | 202 | 204;

/** The body of a successful answer. */
export type Answer<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends Success ? T : never) : never;

/** What a call of the typed client gives when it succeeds: `Data<typeof server.cart.$get>`. */
export type Data<F extends (...args: any[]) => Promise<unknown>> = Answer<Awaited<ReturnType<F>>>;

/** Awaits a call of the typed client: the body of a success, else an `ApiError` with the server's code, message and fields. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Answer<R>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiError(0, 'network', t`Could not reach MIBI. Check your connection and try again.`);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as ErrorBody | null)?.error;
    const status = response.status;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? t`Request failed (${status})`,
      error?.fields,
    );
  }
  return payload as Answer<R>;
}

/**
 * Options for a query that must see the caller's own write: the server waits (briefly) until
 * the read models have passed log `position`, the one a command answered with.
 */
export function readAfter(position: number | undefined): ClientRequestOptions {
  if (position === undefined) return {};
  return {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      return fetch(`${url}${url.includes('?') ? '&' : '?'}after=${position}`, init);
    },
  };
}
