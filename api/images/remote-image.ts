/**
 * Fetching a seller's image URL once, so the product keeps our own copy and buyers' browsers
 * never load the seller's server (which would learn their addresses). The server making a
 * request for a user is the classic SSRF hole, so the fetch is fenced in: https only; every
 * hop's host resolved and refused unless all its addresses are public; the connection pinned
 * to the address that was checked (no second DNS answer can swap in 127.0.0.1); at most a few
 * redirects, each judged the same way; short timeouts; reading stops past the upload limit;
 * the bytes must be an image of the types uploads take.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { MAX_IMAGE_BYTES } from '../../domain/product/image.ts';
import { type CheckedImage, sniffedImage } from './checked-image.ts';
import { isPublicAddress } from './public-address.ts';

/** Why an image URL was not taken; the product schema words each for the seller. */
export type RemoteImageProblem = 'invalid' | 'insecure' | 'not_public' | 'unreachable' | 'too_large' | 'not_image';

export class RemoteImageError extends Error {
  constructor(
    readonly problem: RemoteImageProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'RemoteImageError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface RemoteImageOptions {
  /** Addresses the server may connect to: public ones. Tests widen it to reach their own loopback server. */
  isAllowedAddress?: (address: string) => boolean;
  /** A host's addresses; the system resolver unless a test stands in for DNS. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Certificates to trust besides the usual ones: a test server's own. */
  ca?: string;
  /** Longest silence while connecting or reading. */
  idleTimeoutMs?: number;
  /** Longest the whole fetch may take, redirects included. */
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** Fetches an image URL: the image, or a `RemoteImageError`. */
export type RemoteImageFetcher = (url: string) => Promise<CheckedImage>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

export function remoteImageFetcher(options: RemoteImageOptions = {}): RemoteImageFetcher {
  const settings = {
    isAllowedAddress: isPublicAddress,
    resolve: systemResolve,
    idleTimeoutMs: 3_000,
    totalTimeoutMs: 10_000,
    maxBytes: MAX_IMAGE_BYTES,
    maxRedirects: 3,
    ...options,
  };

  /** The one address `url`'s host is reached at, once all its addresses proved allowed. */
  async function pinnedAddress(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    const host = bareHost(url);
    const literal = isIP(host);
    let addresses: ResolvedAddress[];
    if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await beforeDeadline(settings.resolve(host), signal);
      } catch (error) {
        throw error instanceof RemoteImageError
          ? error
          : new RemoteImageError('unreachable', `${host} does not resolve`);
      }
    }
    // Every address, not just the first: a name answering both a public and a private one is refused.
    const refused = addresses.find(({ address }) => !settings.isAllowedAddress(address));
    if (refused) throw new RemoteImageError('not_public', `${host} resolves to ${refused.address}`);
    const [first] = addresses;
    if (!first) throw new RemoteImageError('unreachable', `${host} has no address`);
    return first;
  }

  /** Sends the GET to the checked address: the TLS name check still uses the URL's host. */
  function get(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
    // Node asks for all addresses when it may try several families; it gets the checked one either way.
    const pinned = ((_host: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (lookupOptions.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    }) as unknown as LookupFunction;
    return new Promise((resolve, reject) => {
      const req = request(
        {
          hostname: bareHost(url),
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: {
            accept: 'image/png,image/jpeg,image/webp,image/gif',
            'accept-encoding': 'identity',
            'user-agent': 'MIBI image import',
          },
          family: target.family,
          lookup: pinned,
          // A fresh connection per hop: a pooled one may lead to another host's address.
          agent: false,
          timeout: settings.idleTimeoutMs,
          signal,
          ...(settings.ca !== undefined && { ca: settings.ca }),
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(new RemoteImageError('unreachable', `no answer from ${url.host} in time`)));
      req.on('error', (error) => reject(asUnreachable(error)));
      req.end();
    });
  }

  async function body(response: IncomingMessage): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (declared > settings.maxBytes) {
      response.destroy();
      throw new RemoteImageError('too_large', `${declared} bytes announced`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Stop reading past the limit: a server may send endless bytes without announcing them.
        if (size > settings.maxBytes) throw new RemoteImageError('too_large', `more than ${settings.maxBytes} bytes`);
        chunks.push(chunk);
      }
    } catch (error) {
      response.destroy();
      throw asUnreachable(error);
    }
    if (!response.complete) throw new RemoteImageError('unreachable', 'the answer was cut off');
    return Buffer.concat(chunks);
  }

  return async (text) => {
    const signal = AbortSignal.timeout(settings.totalTimeoutMs);
    let url = httpsUrl(text);
    for (let redirects = 0; ; redirects++) {
      const response = await get(url, await pinnedAddress(url, signal), signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= settings.maxRedirects) throw new RemoteImageError('unreachable', 'too many redirects');
        url = httpsUrl(new URL(location, url).href);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new RemoteImageError('unreachable', `answered ${status}`);
      }
      const image = await sniffedImage(await body(response));
      if (!image) throw new RemoteImageError('not_image', 'not a PNG, JPEG, WEBP or GIF image');
      return image;
    }
  };
}

/** The URL's host without the brackets of an IPv6 address. */
const bareHost = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** `promise`, or a timeout once `signal` aborts: a DNS lookup may hang well past our deadline. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  const timedOut = () => new RemoteImageError('unreachable', 'timed out');
  if (signal.aborted) return Promise.reject(timedOut());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** `text` as a URL the fetcher may follow: https, without credentials. */
function httpsUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new RemoteImageError('invalid', 'not a URL');
  }
  if (url.protocol !== 'https:') throw new RemoteImageError('insecure', `${url.protocol} is not https:`);
  if (url.username || url.password) throw new RemoteImageError('invalid', 'credentials in the URL');
  return url;
}

/** Connection errors, TLS failures, resets and timeouts all mean the image could not be had. */
function asUnreachable(error: unknown): RemoteImageError {
  if (error instanceof RemoteImageError) return error;
  return new RemoteImageError('unreachable', error instanceof Error ? error.message : String(error));
}
