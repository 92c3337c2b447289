/**
 * The API reference page at /api/docs: Scalar's standalone bundle served from our own files
 * (no CDN: nothing unpinned runs on our origin, and offline installs work), started by a
 * script file of ours so that the page needs no inline script.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { errorBody } from './errors.ts';
import { logger } from '../../platform/log.ts';

const log = logger('api');

/**
 * Scripts only from us; Scalar (Vue) adds <style> elements at run time, hence 'unsafe-inline'
 * for styles (never for scripts). It fetches the OpenAPI document and, in its request tool,
 * our own API: connect-src 'self'.
 */
export const REFERENCE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Where `npm run build` puts a copy of the bundle (scripts/copy-api-reference.mjs), for installs without devDependencies. */
export const BUNDLE_IN_BUILD = 'api-reference/standalone.js';

/** No fonts, telemetry, AI agent or sharing through Scalar's servers: the policy would refuse them anyway. */
const SCALAR_CONFIG = {
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
};

interface Bundle {
  /** Named by its content, so it can be cached for good. */
  file: string;
  body: Buffer;
  gzip: Buffer;
}

function bundlePath(spaRoot: string | undefined): string | null {
  const candidates: string[] = [];
  try {
    // The package's main file is dist/index.js; the browser build sits beside it (not exported).
    candidates.push(
      join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js'),
    );
  } catch {
    // Not installed (a production install without devDependencies): the build's copy.
  }
  if (spaRoot) candidates.push(join(spaRoot, BUNDLE_IN_BUILD));
  return candidates.find((path) => existsSync(path)) ?? null;
}

function loadBundle(path: string): Bundle {
  // The source map is not served: drop the comment that would send DevTools looking for it.
  const body = Buffer.from(readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { file: `scalar-${hash}.js`, body, gzip: gzipSync(body) };
}

function page(bundle: Bundle | null): string {
  const scripts = bundle
    ? `<script src="/api/docs/${bundle.file}"></script>\n    <script src="/api/docs/init.js"></script>`
    : '<p>The API reference bundle is not installed on this server.</p>';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>MIBI API reference</title>
  </head>
  <body>
    <noscript>The reference needs JavaScript. The API description is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <div id="app"></div>
    ${scripts}
  </body>
</html>
`;
}

/** GET /api/docs (the page), /api/docs/init.js and /api/docs/scalar-<hash>.js. */
export function apiReferenceRoutes(options: { spaRoot?: string } = {}) {
  let bundle: Bundle | null | undefined;
  // Read on first use, not at start: 4 MB that most processes never serve.
  const current = () => {
    if (bundle === undefined) {
      const path = bundlePath(options.spaRoot);
      bundle = path ? loadBundle(path) : null;
      if (!bundle)
        log.warn('the API reference bundle (@scalar/api-reference) is missing: /api/docs shows no reference');
    }
    return bundle;
  };
  const pageHeaders = { 'content-security-policy': REFERENCE_POLICY, 'cache-control': 'no-cache' };
  return new Hono()
    .get('/', (c) => {
      const found = current();
      return c.html(page(found), found ? 200 : 503, pageHeaders);
    })
    .get('/init.js', (c) =>
      c.body(`Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIG)});\n`, 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
      }),
    )
    .get('/:file', (c) => {
      const found = current();
      if (!found || c.req.param('file') !== found.file)
        return c.json(errorBody('not_found', /*i18n*/ 'Not found'), 404);
      const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      return c.body(new Uint8Array(gzip ? found.gzip : found.body), 200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
        ...(gzip && { 'content-encoding': 'gzip' }),
      });
    });
}
