import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compressBeside } from '../../scripts/precompress.ts';
import { acceptedEncodings, serveSpa } from './static-assets.ts';

const INDEX = `<!doctype html><html lang="en"><head><title>MIBI</title><script type="module" src="/assets/index-Ab12_x.js"></script></head><body>${'<p>the shop</p>'.repeat(100)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('MIBI '.repeat(400))});`;
const BROWSER = 'gzip, deflate, br, zstd';

let root: string;
let app: Hono;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'mibi-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-Ab12_x.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'tiny-Cd34.js'), 'export {};');
  writeFileSync(join(root, 'secret.txt'), 'not served');
  // As the build does: a copy of each in either encoding (the tiny file gains nothing, so none).
  for (const file of ['index.html', 'assets/index-Ab12_x.js', 'assets/tiny-Cd34.js'])
    await compressBeside(join(root, file));
  app = new Hono();
  app.get('*', serveSpa(root));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('serveSpa: hashed assets', () => {
  it('sends the brotli copy to a browser, cached for a year', async () => {
    const response = await get('/assets/index-Ab12_x.js', { 'accept-encoding': BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = await bytes(response);
    expect(body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that takes only gzip, or refuses br', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const response = await get('/assets/index-Ab12_x.js', { 'accept-encoding': accept });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(await bytes(response)).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file as it is to a client that takes no encoding, or when the build wrote no copy', async () => {
    const plain = await get('/assets/index-Ab12_x.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    expect((await bytes(plain)).toString()).toBe(SCRIPT);
    const tiny = await get('/assets/tiny-Cd34.js', { 'accept-encoding': BROWSER });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('export {};');
  });

  it('answers 304 without a body to the ETag of the same copy, and a new body for another encoding', async () => {
    const first = await get('/assets/index-Ab12_x.js', { 'accept-encoding': BROWSER });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+-br"$/);
    const again = await get('/assets/index-Ab12_x.js', { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gzip = await get('/assets/index-Ab12_x.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get('etag')).not.toBe(etag);
  });

  it('answers a 404 in JSON for a hashed file that is not there, never the index', async () => {
    for (const path of [
      '/assets/index-Old99.js',
      '/assets/',
      '/assets/nested/file.js',
      '/assets/%2e%2e%2fsecret.txt',
      '/assets/.hidden',
    ]) {
      const response = await get(path, { 'accept-encoding': BROWSER });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});

describe('serveSpa: client routes', () => {
  it('sends the compressed index for any other path, revalidated on each visit', async () => {
    for (const path of ['/', '/products', '/products/3f2b9c1e', '/dashboard/seller', '/secret.txt']) {
      const response = await get(path, { 'accept-encoding': BROWSER });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(await bytes(response)).toString()).toBe(INDEX);
    }
  });

  it('answers 304 when the index has not changed since the browser last had it', async () => {
    const { headers } = await get('/products', { 'accept-encoding': BROWSER });
    const again = await get('/cart', { 'accept-encoding': BROWSER, 'if-none-match': `W/${headers.get('etag')}` });
    expect(again.status).toBe(304);
  });

  it('answers a 404 in JSON when there is no build', async () => {
    const empty = new Hono();
    empty.get('*', serveSpa(join(root, 'missing')));
    const response = await empty.request('/products');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});

describe('serveSpa: pages with head hints', () => {
  const HINT = '<link rel="preload" as="fetch" crossorigin href="/api/products/a">';
  let hint: string | null = HINT;
  let hinted: Hono;
  let asked: string[];

  beforeAll(() => {
    hinted = new Hono();
    hinted.get(
      '*',
      serveSpa(root, async (path, search) => {
        asked.push(path + search);
        return path === '/products' ? hint : null;
      }),
    );
  });
  beforeEach(() => {
    hint = HINT;
    asked = [];
  });

  const page = (path: string, headers: Record<string, string> = {}) => hinted.request(path, { headers });
  const withHint = (hint: string) => INDEX.replace('</head>', `${hint}</head>`);

  it('adds the hints of the path and query into the head, compressed, revalidated on each visit', async () => {
    const response = await page('/products?sort=newest', { 'accept-encoding': BROWSER });
    expect(asked).toEqual(['/products?sort=newest']);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toBe('accept-encoding');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(withHint(HINT));
    const gzip = await page('/products', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(withHint(HINT));
    expect(await (await page('/products')).text()).toBe(withHint(HINT));
  });

  it('gives each hints and each encoding its own ETag: a 304 only while the hints are the same', async () => {
    const first = await page('/products', { 'accept-encoding': BROWSER });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect((await page('/products', { 'accept-encoding': BROWSER, 'if-none-match': etag })).status).toBe(304);
    expect((await page('/products', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
    // The catalog changed: another picture to preload.
    hint = '<link rel="preload" as="fetch" crossorigin href="/api/products/b">';
    const changed = await page('/products', { 'accept-encoding': BROWSER, 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(brotliDecompressSync(await bytes(changed)).toString()).toBe(withHint(hint));
  });

  it('sends the index as it is where there are no hints, and never hints an asset', async () => {
    const response = await page('/cart', { 'accept-encoding': BROWSER });
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(INDEX);
    await page('/assets/index-Ab12_x.js');
    expect(asked).toEqual(['/cart']);
  });
});

describe('serveSpa: pages in a language', () => {
  const spa = new Hono();
  const asked: string[] = [];
  const files = { catalogs: ['/assets/start-H1.js'], fonts: ['/assets/noto-F1.woff2'] };
  beforeAll(() => {
    spa.get(
      '*',
      serveSpa(
        root,
        async (path) => {
          asked.push(path);
          return null;
        },
        (locale) => (locale === 'hi' ? files : { catalogs: [`/assets/start-${locale}.js`], fonts: [] }),
      ),
    );
  });
  const html = async (path: string) => (await spa.request(path)).text();

  it('sends a Hindi page as Hindi, with its catalogs and fonts asked for at once, and its page hints', async () => {
    const page = await html('/hi/products');
    expect(page).toContain('<html lang="hi">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/start-H1.js">');
    expect(page).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-F1.woff2">');
    expect(asked.at(-1)).toBe('/products');
    expect(await html('/hi')).toContain('<html lang="hi">');
    expect(asked.at(-1)).toBe('/');
  });

  it('sends a page naming no language in English, with the English catalogs', async () => {
    const page = await html('/products');
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('href="/assets/start-en.js"');
    expect(page).not.toContain('font');
  });
});

describe('serveSpa: pages drawn on the server', () => {
  const spa = new Hono();
  let drawnRoot: string;
  const hinted: boolean[] = [];
  beforeAll(() => {
    drawnRoot = mkdtempSync(join(tmpdir(), 'mibi-drawn-'));
    writeFileSync(
      join(drawnRoot, 'index.html'),
      '<html lang="en"><head><script type="module" src="/assets/boot-B1.js"></script></head><body><div id="root"></div></body></html>',
    );
    let drawings = 0;
    spa.get(
      '*',
      serveSpa(
        drawnRoot,
        async (_path, _search, drawn) => {
          hinted.push(drawn ?? false);
          return '<link rel="preload" as="image" href="/x.webp">';
        },
        (locale) => ({
          catalogs: [`/assets/start-${locale}.js`],
          fonts: locale === 'hi' ? ['/assets/noto-F1.woff2'] : [],
        }),
        async (locale, address, page, search) =>
          page === '/products'
            ? { id: ++drawings, root: `<h1>${locale} ${address}${decodeURIComponent(search)}</h1>` }
            : null,
        // As the SPA imports the page's script (the helper that preloads its imports).
        () => ['/assets/main-M1.js', '/assets/app-A1.js', '/assets/boot-B1.js'],
      ),
    );
  });
  afterAll(() => rmSync(drawnRoot, { recursive: true, force: true }));
  const html = async (path: string, headers: Record<string, string> = {}) =>
    (await spa.request(path, { headers })).text();

  it('puts the page drawn into the root, inert, without preloading the JSON it carries', async () => {
    const page = await html('/hi/products');
    expect(page).toContain('<div id="root" inert><h1>hi /hi/products</h1></div>');
    expect(page).toContain('<link rel="preload" as="image" href="/x.webp"></head>');
    expect(hinted.at(-1)).toBe(true);
    expect(await html('/cart')).toContain('<div id="root"></div>');
  });

  it("asks for a drawn page's fonts with it, and for the SPA's files and catalogs only where the SPA draws the page", async () => {
    const font = '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-F1.woff2">';
    const drawn = await html('/hi/products');
    expect(drawn).toContain(font);
    expect(drawn).not.toContain('modulepreload');
    const spaDrawn = await html('/hi/cart');
    expect(spaDrawn).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/main-M1.js"><link rel="modulepreload" crossorigin href="/assets/app-A1.js"><link rel="modulepreload" crossorigin href="/assets/start-hi.js">',
    );
    expect(spaDrawn).toContain(font);
    // The page's own script is not asked for twice.
    expect(spaDrawn).not.toContain('modulepreload" crossorigin href="/assets/boot-B1.js"');
    expect(await html('/products', { cookie: 'mibi_session=abc' })).toContain('href="/assets/app-A1.js"');
  });

  it("keeps the page drawn as it is, whatever it says ($& and $' are no replacement patterns)", async () => {
    const page = await html("/products?sort=$&$'$`");
    expect(page).toContain('<div id="root" inert><h1>en /products?sort=$&$\'$`</h1></div>');
  });

  it('leaves the page to the browser for a visitor with a session, and a plain address to one who prefers Hindi', async () => {
    expect(await html('/products', { cookie: 'theme=dark; mibi_session=abc' })).toContain('<div id="root"></div>');
    expect(hinted.at(-1)).toBe(false);
    expect(await html('/products', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toContain(
      '<div id="root"></div>',
    );
    expect(await html('/products', { 'accept-language': 'en-GB,en;q=0.9' })).toContain('<h1>en /products</h1>');
    expect(await html('/hi/products', { 'accept-language': 'en-GB' })).toContain('<h1>hi /hi/products</h1>');
  });
});

describe('acceptedEncodings', () => {
  it('takes the codings listed, leaving out those with q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('BR;q=0, gzip;q=0.5, identity')]).toEqual(['gzip', 'identity']);
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});
