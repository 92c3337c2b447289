import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const UNKNOWN_IP = 'unknown';

/**
 * The client's address. With `hops` = n > 0 (TRUST_PROXY) the server sits behind n reverse
 * proxies, each appending the address it got the request from to X-Forwarded-For: the client
 * is the n-th entry from the right; entries further left were written by the client and prove
 * nothing. A header that is missing, has fewer than n entries, or no address there means the
 * request did not come through the proxies as configured: then the socket's address, which
 * nobody can forge. With 0, always the socket's address. Requests without a socket
 * (app.request in tests and the demo seed) share 'unknown'.
 */
export function clientIp(c: Context, hops: number): string {
  return (hops > 0 && forwardedFor(c, hops)) || socketIp(c);
}

function forwardedFor(c: Context, hops: number): string | null {
  const entries = (c.req.header('x-forwarded-for') ?? '').split(',');
  const entry = entries.length >= hops ? entries[entries.length - hops]!.trim() : '';
  // As proxies write it: bare, IPv4 with a port, or IPv6 in brackets with or without one.
  const address = /^\[([^\]]+)\](?::\d+)?$/.exec(entry)?.[1] ?? /^([\d.]+):\d+$/.exec(entry)?.[1] ?? entry;
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
 * front (TRUST_PROXY) report it in X-Forwarded-Proto; undefined when none is trusted or none
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
