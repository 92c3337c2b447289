/**
 * Tells a store that cannot be reached from a fault in our code, whichever adapter threw it, so
 * the API answers the first with 503 and Retry-After (try again soon) and only the second with 500.
 */

/** Node's socket errors: the peer is down, refuses, resets or does not answer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server going away: class 08 (connection exception) and 57P01-57P03
 * (admin shutdown, crash shutdown, cannot connect now). See the PostgreSQL "Error Codes" appendix.
 */
const POSTGRES_OUTAGE = /^(08...|57P0[1-3])$/;

/** Errors the clients name instead of coding: node-postgres, ioredis, the MongoDB driver. */
const OUTAGE_NAMES = new Set([
  'MaxRetriesPerRequestError', // ioredis: the command waited through every reconnect
  'MongoNetworkError',
  'MongoServerSelectionError',
  'UnavailableError', // KurrentDB client: no node to talk to
]);
const OUTAGE_MESSAGES = /^(Connection terminated|Connection is closed|timeout exceeded when trying to connect)/;

export function isStoreOutage(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_OUTAGE.test(code))) return true;
  if (OUTAGE_NAMES.has(error.name) || OUTAGE_MESSAGES.test(error.message)) return true;
  // AggregateError (a refused connection to every address of a host) and wrapped causes.
  const inner = error instanceof AggregateError ? error.errors : [error.cause];
  return inner.some((cause) => isStoreOutage(cause, depth + 1));
}
