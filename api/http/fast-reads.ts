import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getQueryParams } from 'hono/utils/url';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { trustedHops } from '../auth/client-ip.ts';
import { PUBLIC, publicRead } from './cache-control.ts';
import { type CatalogIndex, pageKey } from '../reads/catalog-index.ts';
import type { AppContext } from '../roles/context.ts';
import { type Prepared, VARY_CODING, noneMatch } from './prepared.ts';
import { ProductListQuerySchema, productQuery } from '../routes/products.ts';
import { API_HEADERS, type HeaderSet, overTls } from './security-headers.ts';
import { logAccess } from './access-log.ts';
import { requestIdOf } from './request-id.ts';

/**
 * node-server's own tests (buildUrl): a request target and host that pass them become Hono's
 * URL as they are, so the path and query read here are the ones Hono would read. '#' is left
 * out, as Hono's path ends there.
 */
const PLAIN_TARGET = /^\/[!$&-;=?-\[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** The paths answered here (product ids as the catalog makes them; any other id is left to Hono), with or without a query. */
const CATALOG_URL = /^\/api\/(?:products(?:\/[\w-]{1,100})?|categories)(?:\?|$)/;

/** One public read the catalog index answers. */
interface Read {
  body(index: CatalogIndex): Prepared | undefined;
  /** Hono's route pattern, for the access line. */
  route: string;
  /** What the middleware would add to the body's own headers: security headers, Cache-Control and Vary. */
  head: { plain: string[]; tls: string[] };
}

/** Distinct URLs whose reading is kept; beyond this they are read afresh. */
const URLS_KEPT = 1000;

/**
 * The public catalog reads (product list, product detail, categories) answered at the
 * node:http level, before Hono: a GET or HEAD without a session cookie and without `?after=`
 * gets the catalog index's prepared bytes in one `writeHead(...).end(bytes)`, with the headers
 * Hono's route and middleware would give it (security headers, Cache-Control, Vary, the
 * representation's own) made once per kind of read, and the request id and access line Hono's
 * middleware would give it (access-log.ts). Anything else, an invalid query, an id
 * not on sale, goes to `hono`, which answers it as before. fast-reads.test.ts holds the two to
 * the same status, headers and bytes.
 */
export function fastReads(ctx: Pick<AppContext, 'catalog' | 'config'>, hono: RequestListener): RequestListener {
  const head = (path: string): Read['head'] => {
    const { bySession } = publicRead('GET', path)!;
    // The session is known absent here: what apiCacheControl gives a visitor.
    const caching = ['cache-control', PUBLIC, 'vary', bySession ? `${VARY_CODING}, Cookie` : VARY_CODING];
    const of = (set: HeaderSet) => [...set.flat(), ...caching];
    return { plain: of(API_HEADERS.plain), tls: of(API_HEADERS.tls) };
  };
  const heads = { list: head('/api/products'), detail: head('/api/products/id'), categories: head('/api/categories') };
  const categories: Read = {
    body: (index) => index.categoriesBody(),
    route: '/api/categories',
    head: heads.categories,
  };

  /** What a URL that CATALOG_URL matched asks for; null for Hono to answer. */
  function readOf(url: string): Read | null {
    if (!PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return null;
    const query = getQueryParams(`http://fast-reads${url}`) as Record<string, string[]>;
    // `?after=` waits for the projections (app.ts, readYourWrites).
    if (Object.hasOwn(query, 'after')) return null;
    const at = url.indexOf('?');
    const path = at === -1 ? url : url.slice(0, at);
    if (path === '/api/categories') return categories;
    if (path === '/api/products') {
      // As Hono's validator gives the query to the route's schema: one value, or every value of a repeated name.
      const values = Object.fromEntries(
        Object.entries(query).map(([name, all]) => [name, all.length === 1 ? all[0] : all]),
      );
      const valid = ProductListQuerySchema.safeParse(values);
      if (!valid.success) return null; // Hono answers the 400
      const listQuery = productQuery(valid.data);
      const key = pageKey(listQuery);
      return { body: (index) => index.listBody(listQuery, key), route: '/api/products', head: heads.list };
    }
    const id = path.slice('/api/products/'.length);
    return { body: (index) => index.productBody(id), route: '/api/products/:id', head: heads.detail };
  }

  /** The readings of catalog URLs seen so far; other URLs are not kept. */
  const reads = new Map<string, Read | null>();
  const readAt = (url: string): Read | null => {
    let read = reads.get(url);
    if (read === undefined) {
      if (!CATALOG_URL.test(url)) return null;
      read = readOf(url);
      if (reads.size >= URLS_KEPT) reads.clear();
      reads.set(url, read);
    }
    return read;
  };

  /** Answers from the index; what fails before the answer is written (say, compressing) is Hono's to answer and report. */
  function answer(read: Read, index: CatalogIndex, req: IncomingMessage, res: ServerResponse, started: number): void {
    try {
      write(read, index, req, res, started);
    } catch {
      if (!res.headersSent) void hono(req, res);
    }
  }

  function write(read: Read, index: CatalogIndex, req: IncomingMessage, res: ServerResponse, started: number): void {
    const body = read.body(index);
    if (!body) return void hono(req, res); // not on sale: its seller, an admin, or a 404
    const { headers } = req;
    const representation = body.negotiated(headers['accept-encoding']);
    // Node joins a repeated header with ', ' as Hono's Headers do (only set-cookie comes as a list).
    const forwardedProto = headers['x-forwarded-proto'] as string | undefined;
    const forwardedFor = headers['x-forwarded-for'] as string | undefined;
    const hops = trustedHops(ctx.config, req.socket.remoteAddress ?? '', forwardedFor);
    const head = overTls(ctx.config, 'encrypted' in req.socket, forwardedProto, hops) ? read.head.tls : read.head.plain;
    const requestId = requestIdOf(headers['x-request-id'] as string | undefined);
    const status = noneMatch(headers['if-none-match'], representation.etag) ? 304 : 200;
    if (status === 304) res.writeHead(304, head.concat('x-request-id', requestId, 'etag', representation.etag)).end();
    else
      res
        .writeHead(200, head.concat('x-request-id', requestId, representation.headerList))
        .end(req.method === 'HEAD' ? undefined : representation.bytes);
    logAccess(req.method!, read.route, status, started, requestId);
  }

  return (req, res) => {
    const { method, url } = req;
    const read = (method === 'GET' || method === 'HEAD') && url !== undefined ? readAt(url) : null;
    if (read === null) return void hono(req, res);
    const { cookie, host } = req.headers;
    // A session may change the answer (a seller finds their product not on sale) or end (its cookie cleared).
    if (cookie?.includes(SESSION_COOKIE) || !PLAIN_HOST.test(host ?? '')) return void hono(req, res);
    const started = performance.now();
    const index = ctx.catalog.current();
    if (index) return answer(read, index, req, res, started);
    // Loading, or a notice waits for its documents. A failure (the index could not load) is
    // Hono's to answer and report, as for any request.
    ctx.catalog.get().then(
      (loaded) => answer(read, loaded, req, res, started),
      () => void hono(req, res),
    );
  };
}
