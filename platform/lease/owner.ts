import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * A lease owner for this process: host, pid and a random part, so a restarted process that
 * reuses a pid is still someone else. Every runner of a process may share it, one per lease name.
 */
export function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
