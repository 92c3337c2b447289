/**
 * SKUs unique within a seller under concurrency: many products taking one SKU at the same
 * moment, each through a write side of its own (as separate processes would: own caches, own
 * locks) on one event store: exactly one wins, on SQLite and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../domain/actor.ts';
import type { ProductCommand } from '../../domain/product/decider.ts';
import { SAREE_DETAILS } from '../../domain/product/details.fixtures.ts';
import type { EventStore } from '../../platform/eventstore/port.ts';
import { PostgresEventStore } from '../../platform/eventstore/postgres.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { Streams } from '../../platform/eventstore/streams.ts';
import { startPostgres } from '../../platform/testing/postgres.ts';
import { ApiError } from '../http/errors.ts';
import { decideWithSkus } from './product-skus.ts';

const postgres = await startPostgres();
const dir = mkdtempSync(join(tmpdir(), 'mibi-skus-'));
afterAll(async () => {
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
});

const AT = '2026-11-27T10:00:00.000Z';
const RACERS = 12;

/** A write side of its own on `store`, as another process has. */
const writeSide = (store: EventStore) => ({
  streams: new Streams(store),
  now: () => AT,
  newId: () => crypto.randomUUID(),
});

const seller = (): Actor => ({ userId: crypto.randomUUID(), roles: ['seller'] });
const listing = (actor: Actor, productId: string, sku: string): ProductCommand => ({
  type: 'ListProduct',
  actor,
  productId,
  product: { ...SAREE_DETAILS, images: [], sku },
  at: AT,
});
const edit = (actor: Actor, sku: string): ProductCommand => ({
  type: 'UpdateProduct',
  actor,
  changes: { sku },
  at: AT,
});

/** What each racer's command came to: 'won', or the message it was refused with. */
async function race(commands: Array<() => Promise<unknown>>): Promise<string[]> {
  const outcomes = await Promise.allSettled(commands.map((command) => command()));
  return outcomes.map((outcome) => {
    if (outcome.status === 'fulfilled') return 'won';
    if (outcome.reason instanceof ApiError) return outcome.reason.message;
    throw outcome.reason;
  });
}

const TAKEN = 'Another of your products has this SKU';

const stores: Array<[string, () => Promise<EventStore>]> = [
  ['SQLite', async () => new SqliteEventStore(join(dir, `${crypto.randomUUID()}.db`))],
  ['PostgreSQL', async () => PostgresEventStore.open(await postgres.createDatabase())],
];

describe.each(stores)('SKUs of one seller on %s', (_, open) => {
  it('lets exactly one of many products listed at once with one SKU have it', async () => {
    const store = await open();
    const actor = seller();
    const outcomes = await race(
      Array.from({ length: RACERS }, () => () => {
        const productId = crypto.randomUUID();
        return decideWithSkus(writeSide(store), productId, listing(actor, productId, 'KC-8-TAN'), {
          actor: actor.userId,
        });
      }),
    );
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'won')).toEqual(Array(RACERS - 1).fill(TAKEN));
    // Another seller's SKUs are theirs: the same SKU is free for them.
    const other = seller();
    const productId = crypto.randomUUID();
    await decideWithSkus(writeSide(store), productId, listing(other, productId, 'kc-8-tan'), { actor: other.userId });
    await store.close();
  });

  it('lets exactly one of many edits at once give their products one SKU, and frees a SKU its product gave up', async () => {
    const store = await open();
    const actor = seller();
    const ids = Array.from({ length: RACERS }, () => crypto.randomUUID());
    for (const [i, productId] of ids.entries())
      await decideWithSkus(writeSide(store), productId, listing(actor, productId, `SAREE-${i}`), {
        actor: actor.userId,
      });
    const outcomes = await race(
      ids.map(
        (productId) => () =>
          decideWithSkus(writeSide(store), productId, edit(actor, 'SAREE-RED'), { actor: actor.userId }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    const winner = ids[outcomes.indexOf('won')]!;
    const loser = ids.find((id) => id !== winner)!;
    // The winner takes another SKU: SAREE-RED is free again, for a product that asks for it.
    await decideWithSkus(writeSide(store), winner, edit(actor, 'SAREE-MAROON'), { actor: actor.userId });
    await decideWithSkus(writeSide(store), loser, edit(actor, 'SAREE-RED'), { actor: actor.userId });
    await expect(
      decideWithSkus(writeSide(store), winner, edit(actor, 'saree-red'), { actor: actor.userId }),
    ).rejects.toThrow(TAKEN);
    await store.close();
  });
});
