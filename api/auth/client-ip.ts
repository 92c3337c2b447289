import { type BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { type Config, proxyBlockList } from '../../platform/config/config.ts';

const UNKNOWN_IP = 'unknown';

/** Which proxies to believe: TRUSTED_PROXIES (their addresses), else TRUST_PROXY (a number of them, deprecated). */
export type ProxyTrust = Pick<Config, 'TRUSTED_PROXIES' | 'TRUST_PROXY'>;

const blockLists = new WeakMap<readonly string[], BlockList>();

/**
 * How many proxies in front of this request to believe. With TRUSTED_PROXIES: the addresses
 * of the chain that are theirs, from the socket leftwards through X-Forwarded-For up to the
 * first that is not (the client), at most as many as the header has entries; 0 when the socket
 * is not a trusted proxy, so a client that reaches the server directly forwards nothing.
 * Without it, TRUST_PROXY's fixed number.
 */
export function trustedHops(trust: ProxyTrust, socketAddress: string, forwardedFor: string | undefined): number {
  const entries = trust.TRUSTED_PROXIES;
  if (!entries) return trust.TRUST_PROXY;
  let list = blockLists.get(entries);
  if (!list) blockLists.set(entries, (list = proxyBlockList(entries)));
  const trusted = (raw: string): boolean => {
    const address = normalized(raw);
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
  if (!trusted(socketAddress)) return 0;
  const forwarded = (forwardedFor ?? '').split(',').map(addressOf);
  let hops = 1;
  while (hops < forwarded.length && trusted(forwarded[forwarded.length - hops]!)) hops++;
  return Math.min(hops, forwarded.length);
}

/**
 * The client's address. Behind n trusted reverse proxies (`trustedHops`), each appending the
 * address it got the request from to X-Forwarded-For, the client is the n-th entry from the
 * right; entries further left were written by the client and prove nothing. A header that is
 * missing, has fewer than n entries, or no address there means the request did not come
 * through the proxies as configured: then the socket's address, which nobody can forge. With
 * none trusted, always the socket's address. Requests without a socket (app.request in tests
 * and the demo seed) share 'unknown'.
 */
export function clientIp(c: Context, trust: ProxyTrust): string {
  const socket = socketIp(c);
  const hops = trustedHops(trust, socket, c.req.header('x-forwarded-for'));
  return (hops > 0 && forwardedFor(c, hops)) || socket;
}

/** The trusted hops of a request in Hono (`trustedHops`). */
export const proxyHops = (c: Context, trust: ProxyTrust): number =>
  trustedHops(trust, socketIp(c), c.req.header('x-forwarded-for'));

/** An X-Forwarded-For entry's address, as proxies write it: bare, IPv4 with a port, or IPv6 in brackets with or without one. */
const addressOf = (raw: string): string => {
  const entry = raw.trim();
  return /^\[([^\]]+)\](?::\d+)?$/.exec(entry)?.[1] ?? /^([\d.]+):\d+$/.exec(entry)?.[1] ?? entry;
};

function forwardedFor(c: Context, hops: number): string | null {
  const entries = (c.req.header('x-forwarded-for') ?? '').split(',');
  const address = entries.length >= hops ? addressOf(entries[entries.length - hops]!) : '';
  return isIP(address) ? normalized(address) : null;
}

function socketIp(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalized(address) : UNKNOWN_IP;
  } catch {
    return UNKNOWN_IP;
  }
}

/** An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d: the same client as a.b.c.d. */
const normalized = (address: string): string =>
  /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address.toLowerCase();

/**
 * The protocol the client used ('https', 'http'), as the `hops` trusted reverse proxies in
 * front (`trustedHops`) report it in X-Forwarded-Proto; undefined when none is trusted or none
 * said. Proxies that append make a list, client side first: the entry `hops` from the right
 * is the one the outermost trusted proxy wrote (the leftmost when they overwrite rather than
 * append), and whatever a client wrote itself lies further left, never read.
 */
export function forwardedProtoOf(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0) return undefined;
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return entries.length === 0 ? undefined : entries[Math.max(0, entries.length - hops)];
}
