import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { getQueryParam } from 'hono/utils/url';
import { trustedHops } from '../auth/client-ip.ts';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import type { CatalogIndex } from '../reads/catalog-index.ts';
import type { AppContext } from '../roles/context.ts';
import { logAccess } from './access-log.ts';
import { PUBLIC, publicRead } from './cache-control.ts';
import { requestIdOf } from './request-id.ts';
import { overTls } from './security-headers.ts';

/** Distinct requests whose answers are kept; beyond this the cache starts over. */
const ANSWERS_KEPT = 1000;

/** A path that the URL parser and Hono's decoding leave as it is (no dot segment, escape or backslash): the one Hono routes. */
const PLAIN_PATH = /^[\w/-]+$/;

/** What Vary may name in a kept answer: the key holds the coding asked for, and no request with a session cookie is answered from it. */
const KEYED_VARY: ReadonlySet<string> = new Set(['accept-encoding', 'cookie']);

/** An answer as Hono wrote it: its status, its headers flat (`[name, value, ...]`, as node's `writeHead` takes them) but the request's id, and its body. */
interface Answer {
  status: number;
  headers: string[];
  body: string | Uint8Array | undefined;
  /** The route's pattern, for the access line. */
  route: string;
}

/** Each request's own: never replayed, made afresh as Hono's middleware makes it (request-id.ts). */
const REQUEST_ID = 'x-request-id';

/**
 * Hono's own answers to the public catalog reads (the product list, a product, the
 * categories: `catalog` in cache-control.ts) of visitors, replayed in one
 * `writeHead(...).end(bytes)` until the catalog index changes. Hono answers every request
 * first; what a visitor (GET or HEAD, no session cookie, no `?after=`) got is kept when Hono
 * made it cacheable by anyone (Cache-Control `no-cache` without a cookie set, a 200 or 304,
 * Vary by nothing the key leaves out), under a key of everything it varies on: method, raw
 * URL, Host, Accept-Encoding, If-None-Match, and TLS (the security headers). Each answer
 * belongs to the generation of the index it was made from: a batch taken or the index
 * reloaded drops them all, and while the index loads or waits for a batch's documents nothing
 * is kept or replayed. A replay gets a request id of its own and its access line, as Hono's
 * middleware gives them.
 */
export function replayCache(ctx: Pick<AppContext, 'catalog' | 'config'>, hono: RequestListener): RequestListener {
  const answers = new Map<string, Answer>();
  let answersOf: { index: CatalogIndex; generation: number } | undefined;

  /** A header value holds no CR or LF: LF separates the parts, CR stands for a header not sent. */
  const keyOf = (req: IncomingMessage): string => {
    const { host, 'accept-encoding': coding, 'if-none-match': ifNoneMatch } = req.headers;
    // Node joins a repeated header with ', ' as Hono's Headers do (only set-cookie comes as a list).
    const forwardedFor = req.headers['x-forwarded-for'] as string | undefined;
    const hops = trustedHops(ctx.config, req.socket.remoteAddress ?? '', forwardedFor);
    const forwardedProto = req.headers['x-forwarded-proto'] as string | undefined;
    const tls = overTls(ctx.config, 'encrypted' in req.socket, forwardedProto, hops);
    return `${req.method} ${req.url}\n${host ?? '\r'}\n${coding ?? '\r'}\n${ifNoneMatch ?? '\r'}\n${tls}`;
  };

  return (req, res) => {
    const { method, headers } = req;
    const index = ctx.catalog.current();
    // A session may change the answer (a seller finds their product not on sale) or end (its cookie cleared).
    if ((method !== 'GET' && method !== 'HEAD') || !index || headers.cookie?.includes(SESSION_COOKIE))
      return void hono(req, res);
    const { generation } = index;
    if (answersOf?.index !== index || answersOf.generation !== generation) {
      answers.clear();
      answersOf = { index, generation };
    }
    const key = keyOf(req);
    const answer = answers.get(key);
    if (answer) {
      const started = performance.now();
      const id = requestIdOf(headers[REQUEST_ID] as string | undefined);
      res.writeHead(answer.status, answer.headers.concat(REQUEST_ID, id)).end(answer.body);
      return logAccess(method, answer.route, answer.status, started, id);
    }
    const route = replayedRoute(req.url!);
    if (route !== undefined)
      capture(res, route, (answer) => {
        // Kept only if the index did not change while Hono answered.
        if (ctx.catalog.current() !== index || index.generation !== generation) return;
        if (answers.size >= ANSWERS_KEPT) answers.clear();
        answers.set(key, answer);
      });
    void hono(req, res);
  };
}

/** The route of a request target whose answer may be kept: a catalog read, not one that waits for the projections (`?after=`, app.ts). */
function replayedRoute(url: string): string | undefined {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const route = PLAIN_PATH.test(path) ? publicRead('GET', path)?.catalog : undefined;
  // The query as Hono's c.req.query reads it.
  return at === -1 || getQueryParam(`http://replay${url}`, 'after') === undefined ? route : undefined;
}

/**
 * Hands `keep` the answer written to `res` as one `writeHead(status, headers)` and one `end`,
 * when Hono made it cacheable by anyone; a streamed answer, or one Hono wrote otherwise, is not.
 */
function capture(res: ServerResponse, route: string, keep: (answer: Answer) => void): void {
  const { writeHead, write, end } = res;
  let head: { status: number; headers: OutgoingHttpHeaders } | undefined;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const [status, headers] = args;
    if (args.length === 2 && typeof status === 'number' && typeof headers === 'object' && !Array.isArray(headers))
      head = { status, headers: headers as OutgoingHttpHeaders };
    return Reflect.apply(writeHead, this, args);
  } as ServerResponse['writeHead'];
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    head = undefined;
    return Reflect.apply(write, this, args);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const ended = Reflect.apply(end, this, args);
    const [body] = args;
    const whole = args.length === 0 || (args.length === 1 && (typeof body === 'string' || body instanceof Uint8Array));
    if (head && whole && cacheable(head.status, head.headers))
      keep({ status: head.status, headers: flat(head.headers), body: body as Answer['body'], route });
    return ended;
  } as ServerResponse['end'];
}

function cacheable(status: number, headers: OutgoingHttpHeaders): boolean {
  const vary = headers.vary;
  return (
    (status === 200 || status === 304) &&
    headers['cache-control'] === PUBLIC &&
    headers['set-cookie'] === undefined &&
    (vary === undefined ||
      String(vary)
        .split(',')
        .every((name) => KEYED_VARY.has(name.trim().toLowerCase())))
  );
}

function flat(headers: OutgoingHttpHeaders): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === REQUEST_ID) continue;
    for (const one of Array.isArray(value) ? value : [value]) list.push(name, String(one));
  }
  return list;
}
