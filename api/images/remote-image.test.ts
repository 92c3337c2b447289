import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../domain/product/image.ts';
import {
  type ImageServer,
  startImageServer,
  testAddresses,
  testFetcher,
  testResolve,
} from './image-server.fixtures.ts';
import { tinyPng } from './tiny-png.fixtures.ts';
import { type RemoteImageProblem, remoteImageFetcher } from './remote-image.ts';
import { TEST_TLS } from './test-tls.fixtures.ts';

const PNG = tinyPng();
let server: ImageServer;
/** Chunks the endless route managed to write before the fetcher hung up. */
let endlessWrites = 0;

beforeAll(async () => {
  server = await startImageServer({
    '/diya.png': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(PNG),
    '/moved': (_req, res) => res.writeHead(302, { location: '/diya.png' }).end(),
    '/to-private': (_req, res) =>
      res.writeHead(301, { location: `https://private.images.test:${server.port}/diya.png` }).end(),
    '/to-metadata': (_req, res) => res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data/' }).end(),
    '/to-loopback-v6': (_req, res) => res.writeHead(308, { location: `https://[::1]:${server.port}/diya.png` }).end(),
    '/to-other-loopback': (_req, res) =>
      res.writeHead(302, { location: `https://127.0.0.2:${server.port}/diya.png` }).end(),
    '/to-http': (_req, res) => res.writeHead(302, { location: `http://images.test:${server.port}/diya.png` }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/page.png': (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>Not an image</body></html>'),
    '/logo.svg': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    '/huge.png': (_req, res) => res.writeHead(200, { 'content-length': String(MAX_IMAGE_BYTES + 1) }).end(PNG),
    '/endless.png': (_req, res) => {
      // No length announced: only counting what arrives can stop it.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      const block = Buffer.alloc(64 * 1024);
      const more = () => {
        while (!res.destroyed && res.write(block)) endlessWrites++;
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    },
    '/silent.png': () => {
      // Accepts the request and never answers.
    },
    '/trickle.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 8));
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(Buffer.from([0]))), 50);
    },
  });
});
afterAll(() => server.close());

async function problemOf(fetching: Promise<unknown>): Promise<RemoteImageProblem | 'fetched'> {
  try {
    await fetching;
    return 'fetched';
  } catch (error) {
    return (error as { problem: RemoteImageProblem }).problem;
  }
}

describe('remoteImageFetcher', () => {
  it('fetches an image over https, judged by its bytes rather than its declared type', async () => {
    const image = await testFetcher()(server.url('/diya.png'));
    expect(image).toEqual({ data: PNG, contentType: 'image/png', extension: 'png' });
  });

  it('refuses http:// without connecting', async () => {
    const before = server.requests.length;
    expect(await problemOf(testFetcher()(server.url('/diya.png').replace('https:', 'http:')))).toBe('insecure');
    expect(await problemOf(testFetcher()('ftp://images.test/diya.png'))).toBe('insecure');
    expect(server.requests.length).toBe(before);
  });

  it('refuses URLs with credentials and text that is no URL', async () => {
    expect(await problemOf(testFetcher()(`https://user:secret@images.test:${server.port}/diya.png`))).toBe('invalid');
    expect(await problemOf(testFetcher()('not a url'))).toBe('invalid');
  });

  it.each([
    ['https://127.0.0.1/diya.png', 'loopback'],
    ['https://10.0.0.1/diya.png', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['https://[::1]/diya.png', 'IPv6 loopback'],
    ['https://[fc00::1]/diya.png', 'unique local IPv6'],
    ['https://[::ffff:127.0.0.1]/diya.png', 'IPv4-mapped loopback'],
    ['https://localhost/diya.png', 'a name of this machine'],
  ])('with the production rule, refuses %s (%s) without connecting', async (url) => {
    const before = server.requests.length;
    const production = remoteImageFetcher({ resolve: testResolve, ca: TEST_TLS.cert });
    expect(await problemOf(production(url))).toBe('not_public');
    expect(server.requests.length).toBe(before);
  });

  it('refuses a host whose name resolves to a private address, or to any private one among others', async () => {
    for (const host of ['private.images.test', 'metadata.images.test', 'v6.images.test', 'mixed.images.test']) {
      expect(await problemOf(testFetcher()(server.url('/diya.png', host))), host).toBe('not_public');
    }
  });

  it('answers unreachable for a name that does not resolve and for a 404', async () => {
    expect(await problemOf(testFetcher()(server.url('/diya.png', 'nowhere.images.test')))).toBe('unreachable');
    expect(await problemOf(testFetcher()(server.url('/missing.png')))).toBe('unreachable');
  });

  it('follows a redirect, judging every hop', async () => {
    expect((await testFetcher()(server.url('/moved'))).contentType).toBe('image/png');
    expect(await problemOf(testFetcher()(server.url('/to-private')))).toBe('not_public');
    expect(await problemOf(testFetcher()(server.url('/to-metadata')))).toBe('not_public');
    expect(await problemOf(testFetcher()(server.url('/to-loopback-v6')))).toBe('not_public');
    // The tests allow 127.0.0.1 alone: another loopback address is refused like any private one.
    expect(await problemOf(testFetcher()(server.url('/to-other-loopback')))).toBe('not_public');
    expect(await problemOf(testFetcher()(server.url('/to-http')))).toBe('insecure');
  });

  it('gives up after a few redirects', async () => {
    const before = server.requests.length;
    expect(await problemOf(testFetcher()(server.url('/loop')))).toBe('unreachable');
    expect(server.requests.length - before).toBe(4);
  });

  it('connects to the address it checked: the name is resolved once per hop, so a second answer cannot swap in another', async () => {
    const answers = [[{ address: '127.0.0.1', family: 4 as const }], [{ address: '10.0.0.7', family: 4 as const }]];
    let asked = 0;
    const rebinding = testFetcher({ resolve: async () => answers[Math.min(asked++, 1)]! });
    expect((await rebinding(server.url('/diya.png', 'rebind.images.test'))).data).toEqual(PNG);
    expect(asked).toBe(1);
  });

  it('refuses what is not a PNG, JPEG, WEBP or GIF image, whatever its declared type', async () => {
    expect(await problemOf(testFetcher()(server.url('/page.png')))).toBe('not_image');
    expect(await problemOf(testFetcher()(server.url('/logo.svg')))).toBe('not_image');
  });

  it('refuses an image announced above the upload limit, and stops reading an unannounced one past it', async () => {
    expect(await problemOf(testFetcher()(server.url('/huge.png')))).toBe('too_large');
    expect(await problemOf(testFetcher()(server.url('/endless.png')))).toBe('too_large');
    const written = endlessWrites;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(endlessWrites).toBe(written);
    expect(written * 64 * 1024).toBeLessThan(MAX_IMAGE_BYTES + 4 * 1024 * 1024);
  });

  it('gives up on a server that does not answer, or answers too slowly', async () => {
    const started = Date.now();
    expect(await problemOf(testFetcher({ idleTimeoutMs: 200 })(server.url('/silent.png')))).toBe('unreachable');
    expect(await problemOf(testFetcher({ totalTimeoutMs: 400 })(server.url('/trickle.png')))).toBe('unreachable');
    // A name server that never answers is given up on at the same deadline.
    const hanging = testFetcher({ totalTimeoutMs: 200, resolve: () => new Promise(() => {}) });
    expect(await problemOf(hanging(server.url('/diya.png')))).toBe('unreachable');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('checks the certificate against the URL host', async () => {
    // Without the test certificate trusted, the TLS handshake fails.
    const untrusting = remoteImageFetcher({ isAllowedAddress: testAddresses, resolve: testResolve });
    expect(await problemOf(untrusting(server.url('/diya.png')))).toBe('unreachable');
  });
});
