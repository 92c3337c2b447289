import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

const UNKNOWN_IP = 'unknown';

/**
 * The address of the socket the request came in on. Requests without one (app.request in
 * tests, other runtimes) share the bucket 'unknown'. Behind a reverse proxy every client
 * has the proxy's address: trusting X-Forwarded-For would need the proxy to be configured.
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_IP;
  } catch {
    return UNKNOWN_IP;
  }
}
