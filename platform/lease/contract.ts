import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadStore } from '../readstore/port.ts';
import { FencedError, type LeaseGrant } from './port.ts';

export interface LeaseContractStores {
  /** Two stores on one database, as two processes open it; the suite gives each its own lease names. */
  stores: [ReadStore, ReadStore];
  cleanup(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long enough that no test expires it by accident; short ones are waited out. */
const TTL = 60_000;
const SHORT_TTL = 150;

/**
 * The behaviour every read store's leases must show (`ReadStore.leases` and the fence on
 * `commit`/`commitMany`). Expiries come from the store's clock, so times are checked loosely.
 */
export function leaseContract(name: string, open: () => Promise<LeaseContractStores>): void {
  describe(name, () => {
    let store: ReadStore;
    let other: ReadStore;
    let cleanup: (() => Promise<void>) | undefined;
    let serial = 0;
    const unique = (base: string) => `${base}_${++serial}_${Date.now().toString(36)}`;

    beforeAll(async () => {
      ({
        stores: [store, other],
        cleanup,
      } = await open());
    });
    afterAll(async () => {
      await cleanup?.();
    });

    const grant = async (lease: string, owner: string, ttl = TTL): Promise<LeaseGrant> => {
      const granted = await store.leases.acquire(lease, owner, ttl);
      if (!granted) throw new Error(`${owner} did not get ${lease}`);
      return granted;
    };

    describe('acquire, renew, release', () => {
      it('grants a free lease with an epoch and an expiry about a ttl away', async () => {
        const lease = unique('free');
        const before = Date.now();
        const granted = await grant(lease, 'a');
        expect(granted).toMatchObject({ name: lease, owner: 'a' });
        expect(granted.epoch).toBeGreaterThanOrEqual(1);
        expect(granted.expiresAt).toBeGreaterThan(before + TTL - 5_000);
        expect(granted.expiresAt).toBeLessThan(Date.now() + TTL + 5_000);
      });

      it('renews for its holder with the same epoch and a later expiry', async () => {
        const lease = unique('renew');
        const first = await grant(lease, 'a', 10_000);
        const renewed = await grant(lease, 'a', TTL);
        expect(renewed.epoch).toBe(first.epoch);
        expect(renewed.expiresAt).toBeGreaterThan(first.expiresAt);
      });

      it('refuses another owner before the expiry, from this store or another', async () => {
        const lease = unique('held');
        await grant(lease, 'a');
        expect(await store.leases.acquire(lease, 'b', TTL)).toBeNull();
        expect(await other.leases.acquire(lease, 'b', TTL)).toBeNull();
      });

      it('lets another owner take it after the expiry, with a higher epoch', async () => {
        const lease = unique('expired');
        const first = await grant(lease, 'a', SHORT_TTL);
        await sleep(SHORT_TTL + 100);
        const taken = await other.leases.acquire(lease, 'b', TTL);
        expect(taken).toMatchObject({ name: lease, owner: 'b' });
        expect(taken!.epoch).toBeGreaterThan(first.epoch);
        expect(await store.leases.acquire(lease, 'a', TTL)).toBeNull(); // the old holder is out
      });

      it('release lets another owner take it at once, with a higher epoch; only the holder releases', async () => {
        const lease = unique('release');
        const first = await grant(lease, 'a');
        await store.leases.release(lease, 'b'); // not the holder: nothing happens
        expect(await other.leases.acquire(lease, 'b', TTL)).toBeNull();
        await store.leases.release(lease, 'a');
        const taken = await other.leases.acquire(lease, 'b', TTL);
        expect(taken?.epoch).toBeGreaterThan(first.epoch);
        await store.leases.release(unique('never-granted'), 'a'); // harmless
      });

      it('never lowers the epoch, however often the lease changes hands', async () => {
        const lease = unique('epochs');
        const epochs: number[] = [];
        for (const owner of ['a', 'b', 'a', 'c']) {
          epochs.push((await grant(lease, owner)).epoch);
          await store.leases.release(lease, owner);
        }
        expect(epochs).toEqual([...epochs].sort((x, y) => x - y));
        expect(new Set(epochs).size).toBe(4);
      });

      it('lists every lease with its holder, epoch and expiry, from any store', async () => {
        const [held, released] = [unique('listed'), unique('listed')];
        const a = await grant(held, 'a');
        const b = await grant(released, 'b');
        await store.leases.release(released, 'b');
        const listed = await other.leases.list();
        expect(listed).toContainEqual(a);
        const gone = listed.find((l) => l.name === released);
        expect(gone).toMatchObject({ name: released, owner: 'b', epoch: b.epoch });
        expect(gone!.expiresAt).toBeLessThanOrEqual(Date.now());
      });

      it('gives one grant to holders racing for a free lease', async () => {
        for (let round = 0; round < 10; round++) {
          const lease = unique('race');
          const owners = ['a', 'b', 'c', 'd'];
          const grants = await Promise.all(
            owners.map((owner, i) => (i % 2 === 0 ? store : other).leases.acquire(lease, owner, TTL)),
          );
          const winners = grants.filter((g) => g !== null);
          expect(winners).toHaveLength(1);
          expect((await store.leases.list()).find((l) => l.name === lease)).toEqual(winners[0]);
        }
      });

      it('gives one grant to holders racing for an expired lease', async () => {
        const lease = unique('race-expired');
        await grant(lease, 'old', SHORT_TTL);
        await sleep(SHORT_TTL + 100);
        const grants = await Promise.all(
          ['a', 'b', 'c', 'd'].map((owner, i) => (i % 2 === 0 ? store : other).leases.acquire(lease, owner, TTL)),
        );
        expect(grants.filter((g) => g !== null)).toHaveLength(1);
      });
    });

    describe('fenced commits', () => {
      /** A collection and projection of its own, with one committed document at position 1. */
      async function committed({ name: lease, epoch }: LeaseGrant) {
        const [collection, projection] = [unique('fenced'), unique('projection')];
        const work = store.unitOfWork();
        work.put(collection, { id: 'doc', n: 1 });
        await store.commit(work, projection, 1, { lease, epoch });
        const next = (n: number) => {
          const batch = store.unitOfWork();
          batch.put(collection, { id: 'doc', n });
          batch.put(collection, { id: `new-${n}`, n });
          return batch;
        };
        const state = async () => ({
          docs: await store.collection(collection).find(),
          checkpoint: await store.checkpoint(projection),
        });
        return { projection, next, state };
      }

      it("refuses a batch whose epoch is stale and stores nothing; the holder's batch commits", async () => {
        const lease = unique('fence');
        const old = await grant(lease, 'a', SHORT_TTL);
        const { projection, next, state } = await committed(old);
        await sleep(SHORT_TTL + 100);
        const current = await other.leases.acquire(lease, 'b', TTL);
        const before = await state();

        // The paused old holder wakes up and tries to commit, through either store.
        await expect(store.commit(next(2), projection, 2, { lease, epoch: old.epoch })).rejects.toBeInstanceOf(
          FencedError,
        );
        await expect(other.commit(next(2), projection, 2, { lease, epoch: old.epoch })).rejects.toBeInstanceOf(
          FencedError,
        );
        expect(await state()).toEqual(before);

        await other.commit(next(3), projection, 3, { lease, epoch: current!.epoch });
        expect(await state()).toEqual({
          docs: [
            { id: 'doc', n: 3 },
            { id: 'new-3', n: 3 },
          ],
          checkpoint: 3,
        });
      });

      it('refuses every batch of a commitMany under a stale fence', async () => {
        const lease = unique('fence-many');
        const old = await grant(lease, 'a');
        const first = await committed(old);
        const second = await committed(old);
        await store.leases.release(lease, 'a');
        const current = await other.leases.acquire(lease, 'b', TTL);
        const before = [await first.state(), await second.state()];

        const batches = (n: number) => [
          { work: first.next(n), projection: first.projection, position: n },
          { work: second.next(n), projection: second.projection, position: n },
        ];
        await expect(store.commitMany(batches(2), { lease, epoch: old.epoch })).rejects.toBeInstanceOf(FencedError);
        expect([await first.state(), await second.state()]).toEqual(before);

        await store.commitMany(batches(3), { lease, epoch: current!.epoch });
        expect([(await first.state()).checkpoint, (await second.state()).checkpoint]).toEqual([3, 3]);
      });

      it("keeps accepting the holder's epoch after its expiry while nobody took the lease", async () => {
        const lease = unique('fence-lapsed');
        const held = await grant(lease, 'a', SHORT_TTL);
        const { projection, next, state } = await committed(held);
        await sleep(SHORT_TTL + 100);
        await store.commit(next(2), projection, 2, { lease, epoch: held.epoch });
        expect((await state()).checkpoint).toBe(2);
        expect((await grant(lease, 'a')).epoch).toBe(held.epoch); // renewing it keeps the epoch
      });

      it('refuses a fence on a lease that was never granted', async () => {
        const work = store.unitOfWork();
        const [collection, projection] = [unique('fenced'), unique('projection')];
        work.put(collection, { id: 'doc' });
        await expect(store.commit(work, projection, 1, { lease: unique('nobody'), epoch: 1 })).rejects.toBeInstanceOf(
          FencedError,
        );
        expect(await store.collection(collection).count()).toBe(0);
        expect(await store.checkpoint(projection)).toBe(0);
      });
    });
  });
}
