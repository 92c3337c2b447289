/**
 * A seller's image host for tests: an https server on 127.0.0.1 with the test certificate, and
 * a fetcher that may reach it. The production fetcher refuses loopback, so the tests widen the
 * allowed addresses to 127.0.0.1 alone, trust the test certificate and resolve the names under
 * images.test themselves; nothing of this is reachable from configuration.
 */
import { createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from './public-address.ts';
import { type RemoteImageOptions, type ResolvedAddress, remoteImageFetcher } from './remote-image.ts';
import { TEST_TLS } from './test-tls.fixtures.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ImageServer {
  port: number;
  /** `https://images.test:<port><path>`: the test resolver sends images.test to 127.0.0.1. */
  url(path: string, host?: string): string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `routes` by path; anything else is a 404. */
export async function startImageServer(routes: Record<string, Handler>): Promise<ImageServer> {
  const requests: string[] = [];
  const server = createServer({ key: TEST_TLS.key, cert: TEST_TLS.cert }, (req, res) => {
    requests.push(req.url ?? '');
    const handler = routes[req.url ?? ''];
    if (handler) handler(req, res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path, host = 'images.test') => `https://${host}:${port}${path}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Test DNS: images.test and localhost are this machine; private.images.test is on a private network. */
export const TEST_HOSTS: Record<string, ResolvedAddress[]> = {
  'images.test': [{ address: '127.0.0.1', family: 4 }],
  localhost: [{ address: '127.0.0.1', family: 4 }],
  'private.images.test': [{ address: '10.0.0.7', family: 4 }],
  'metadata.images.test': [{ address: '169.254.169.254', family: 4 }],
  'v6.images.test': [{ address: '::1', family: 6 }],
  'mixed.images.test': [
    { address: '127.0.0.1', family: 4 },
    { address: '192.168.1.20', family: 4 },
  ],
};

export async function testResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = TEST_HOSTS[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
}

/** The loopback address the test server listens on, and public ones: nothing else of the private ranges. */
export const testAddresses = (address: string): boolean => address === '127.0.0.1' || isPublicAddress(address);

/** A fetcher that reaches the test server (and only 127.0.0.1 of the non-public addresses). */
export const testFetcher = (options: RemoteImageOptions = {}) =>
  remoteImageFetcher({ isAllowedAddress: testAddresses, resolve: testResolve, ca: TEST_TLS.cert, ...options });
