/**
 * The API as the tests call it: Hono's typed client over the app's own type (as the SPA's), so
 * a renamed route, parameter or field is a compile error in the tests. Every call resolves to
 * `{ status, body, headers }` with the body the route declares for that status:
 *
 *   const added = await buyer.api.cart.items.$post({ json: { productId } });
 *   expectStatus(added, 200);
 *   added.body.cart.lines;
 */
import type { z } from '@hono/zod-openapi';
import { type ClientResponse, hc } from 'hono/client';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { ErrorSchema } from '../http/router.ts';
import { LOCAL_ORIGIN, type Reply, replyOf } from './local-client.ts';

/**
 * A typed call's answer: one member per status the route declares, with that status's body (the text for a
 * route that answers with a Response of its own, such as a CSV).
 */
export type ReplyOf<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? Reply<T extends Response ? string : T, S> : never;

/** The client's tree with every call resolving to its `ReplyOf` rather than a Response. */
type Replying<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<ReplyOf<R>>
    : T[K] extends (...args: never[]) => unknown
      ? T[K]
      : Replying<T[K]>;
};

/** Hono's typed client over an app of type `A`, every call resolving to its `ReplyOf`. */
export type TypedClient<A extends Hono<any, any, any>> = Replying<ReturnType<typeof hc<A>>>;

export type TypedApi = TypedClient<App>['api'];

/** What a typed call takes: `ArgsOf<TypedApi['products']['$get']>['query']`. */
export type ArgsOf<F extends (...args: any[]) => unknown> = NonNullable<Parameters<F>[0]>;

/** Wraps hc's proxy so every call it makes comes back parsed (`$url` and `$path` stay as they are). */
function replying(target: any): any {
  return new Proxy(target, {
    get: (proxy, key) => {
      const next = proxy[key];
      return typeof next === 'function' ? replying(next) : next;
    },
    apply: (proxy, self, args) => {
      const result = Reflect.apply(proxy, self, args);
      return result instanceof Promise ? result.then(replyOf) : result;
    },
  });
}

type Send = (url: string, init?: RequestInit) => Promise<Response>;

/** The typed client of an app of type `A` over `send` (e.g. a `LocalClient`'s, which keeps the session cookie and sets Origin). */
export function typedClient<A extends Hono<any, any, any>>(send: Send): TypedClient<A> {
  return replying(
    hc<A>(LOCAL_ORIGIN, { fetch: (input: RequestInfo | URL, init?: RequestInit) => send(String(input), init) }),
  );
}

/** The typed API of the whole app over `send`. */
export const typedApi = (send: Send): TypedApi => typedClient<App>(send).api;

/** The members of a reply union that can have status `S` (a raw reply's `number` can have any). */
type WithStatus<R, S extends number> = R extends { status: infer T }
  ? S extends T
    ? R & { status: S }
    : never
  : never;

/** Fails the test unless `reply` has `status` (showing the body), and narrows its body to that status's. */
export function expectStatus<R extends Reply<unknown>, S extends R['status']>(
  reply: R,
  status: S,
): asserts reply is WithStatus<R, S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
}

type Success = 200 | 201 | 202 | 204;

/** The body of a successful reply; fails the test (showing the body) on any other. */
export function ok<R extends Reply<unknown>>(reply: R): Extract<R, { status: Success }>['body'] {
  expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(200);
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  return reply.body;
}

/** The error a refused call answered with (`body.error`); fails the test (showing the body) on a success. */
export function errorOf(reply: Reply<unknown>): z.infer<typeof ErrorSchema>['error'] {
  expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
  return (reply.body as z.infer<typeof ErrorSchema>).error;
}
