import type { Redis } from 'ioredis';

/**
 * Resolves once every connection is up and the server answers `pinged`'s PING (the others may
 * be in subscriber mode). A connection that is retrying fails at once rather than queueing the
 * PING until Redis returns: a health probe must not pile up commands behind an outage.
 */
export async function reachable(pinged: Redis, ...others: Redis[]): Promise<void> {
  for (const connection of [pinged, ...others]) {
    if (connection.status !== 'ready') throw new Error(`redis connection ${connection.status}`);
  }
  await pinged.ping();
}
