/**
 * Lease port: one active writer per projection group or reactor across processes. A lease has
 * an owner, a fencing epoch and an expiry; its holder renews it while it works. Taking a free or
 * expired lease raises the epoch, and every batch a holder commits carries the epoch it was
 * granted (`Fence`): the read store checks it inside the batch's own transaction, so a paused
 * old owner whose lease another process took can never overwrite the new owner's work.
 *
 * Leases live in the read store's own database (they must be checked in its transactions), so
 * each read store adapter offers them (`ReadStore.leases`). Every adapter passes `contract.ts`.
 */

export interface LeaseGrant {
  name: string;
  owner: string;
  /** Raised each time the lease changes hands; never lowered. */
  epoch: number;
  /** Epoch milliseconds after which another owner may take it. */
  expiresAt: number;
}

/** What a batch commits under: refused unless `epoch` is still the lease's current epoch. */
export interface Fence {
  lease: string;
  epoch: number;
}

export class FencedError extends Error {
  constructor(fence: Fence) {
    super(`Lease ${fence.lease} has moved on from epoch ${fence.epoch}: another process holds it`);
    this.name = 'FencedError';
  }
}

export interface LeaseStore {
  /**
   * Takes `name` for `owner` when it is free or expired (raising the epoch), or renews it when
   * `owner` already holds it (same epoch, new expiry). Null when another owner holds it unexpired.
   */
  acquire(name: string, owner: string, ttlMs: number): Promise<LeaseGrant | null>;
  /** Lets go of it (only if `owner` holds it), so another process need not wait for the expiry. */
  release(name: string, owner: string): Promise<void>;
  /** Every lease ever granted, current holders and expiries included (health, CLI). */
  list(): Promise<LeaseGrant[]>;
}
