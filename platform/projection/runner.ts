import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Bus } from '../bus/port.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import { type Fence, FencedError, type LeaseGrant } from '../lease/port.ts';
import type { Doc, ProjectionBatch, ReadStore, UnitOfWork } from '../readstore/port.ts';
import { CHANGES_CHANNEL, NOTICE_DOCUMENTS_LIMIT, type Projection, changeNotice } from './projection.ts';
import { logger } from '../log.ts';

const leaseLog = logger('lease');
const projectionsLog = logger('projections');

/** Which version of each projection built its read models (id: the projection's name). */
export const PROJECTION_VERSIONS = 'projection_versions';

interface ProjectionVersionDoc extends Doc {
  version: number;
}

/**
 * The lease a runner works under when several processes run it: one of them holds the lease
 * and commits, the others stand by.
 *
 * Takeover: a holder renews every `ttlMs / 3`; when it dies, its lease expires at most `ttlMs`
 * after its last renewal, and a standby process tries every `retryMs`, so another process takes
 * over at most `ttlMs + retryMs` after the death. With the defaults (LEASE_TTL_S = 6 s, so
 * `LEASE_TTL_MS`, and `STANDBY_RETRY_MS` = 1 s) that is 7 s at the most, within the 10 s target.
 * A holder that stops cleanly releases the lease, so its successor takes over within `retryMs`.
 */
export interface RunnerLease {
  /** One per projection group or reactor: 'projections', 'reactor:notify-seller'. */
  name: string;
  /** Unique per process (`leaseOwner()`). */
  owner: string;
  ttlMs: number;
  /** How often a process standing by tries to take the lease; default `STANDBY_RETRY_MS` (at most `ttlMs / 3`). */
  retryMs?: number;
}

/** The default lease time (LEASE_TTL_S): a dead holder's successor takes over within this plus `STANDBY_RETRY_MS`. */
export const LEASE_TTL_MS = 6_000;
export const STANDBY_RETRY_MS = 1_000;

export interface RunnerDeps {
  events: EventStore;
  read: ReadStore;
  bus: Bus;
  projections: Projection[];
  batchSize?: number;
  onError?: (projection: string, error: unknown) => void;
  /** Without one the runner follows at once and commits unfenced (tests, CLI rebuilds, one process alone). */
  lease?: RunnerLease;
  /** The most JSON of documents a change notice carries (`changeNotice`); default `NOTICE_DOCUMENTS_LIMIT`, 64 KiB. */
  noticeDocumentsLimit?: number;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 30_000;

/** One stretch of following the log: the whole run without a lease, one holding of the lease with one. */
interface Term {
  signal: AbortSignal;
  /** What every batch of the term commits under. */
  fence?: Fence;
  /** Under a lease, the longest the runner may keep the event loop from turning (see `LoopWatch`). */
  turnWithinMs?: number;
  /** Sends projections off to follow on their own within the term. */
  follow(members: Projection[]): void;
  /** Ends the term: its lease has moved on. */
  lose(): void;
}

/**
 * Follows the global log for the projections, all from one reader: each batch is applied to
 * every projection past its own checkpoint, and their documents and checkpoints are committed
 * together (one transaction), then the changes are published, with their documents or, past
 * a bound, their ids (`changeNotice`). Stopping lets the batch in flight finish, so a
 * checkpoint is never ahead of or behind its documents. A projection that fails on an event
 * leaves the group and retries alone, so one bad handler does not hold the others back.
 *
 * With a lease (`RunnerLease`) the runner stands by until it takes the lease, renews it while
 * it follows, commits every batch under the lease's fence, and goes back to standing by when
 * the lease moves on (a renewal refused, or a commit fenced off); `stop` releases it.
 */
export class ProjectionRunner {
  private readonly errors = new Map<string, string>();
  private readonly batchSize: number;
  /** From `start` to the end of `stop`. */
  private running?: { stop: AbortController; done: Promise<void> };

  constructor(private readonly deps: RunnerDeps) {
    this.batchSize = deps.batchSize ?? 500;
  }

  get projections(): Projection[] {
    return this.deps.projections;
  }

  /** Starts following; with a lease, resolves after the first attempt to take it (held or standing by). */
  async start(): Promise<void> {
    if (this.running) return;
    for (const projection of this.deps.projections) this.openCollections(projection);
    const stop = new AbortController();
    const { lease } = this.deps;
    let attempted = () => {};
    const firstAttempt = new Promise<void>((resolve) => (attempted = resolve));
    const done = lease ? this.holdLease(lease, stop.signal, attempted) : this.runTerm(stop.signal);
    this.running = { stop, done };
    if (lease) await firstAttempt;
  }

  /** Lets the batches in flight commit, then stops; with a lease, releases it. */
  async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.stop.abort();
    await running.done;
    if (this.running === running) this.running = undefined;
  }

  /** Empties the projection's collections and checkpoint, then replays the whole log. */
  async rebuild(name: string): Promise<void> {
    const projection = this.find(name);
    const wasRunning = this.running !== undefined;
    await this.stop();
    await this.deps.read.reset(
      name,
      projection.collections.map((c) => c.name),
    );
    if (wasRunning) await this.start();
  }

  /** Processes everything appended so far, without following the log and without the lease (rebuilds, CLI, tests). */
  async catchUp(name: string): Promise<number> {
    const projection = this.find(name);
    this.openCollections(projection);
    await this.upgrade([projection]);
    const target = await this.deps.events.lastPosition();
    let position = await this.deps.read.checkpoint(name);
    while (position < target) {
      const batch = await this.deps.events.readAll({ after: position, limit: this.batchSize });
      if (batch.length === 0) break;
      const work = await applyBatch(projection, batch, position, this.deps.read);
      position = batch[batch.length - 1]!.position;
      await this.commit([{ work, projection: name, position }]);
    }
    return position;
  }

  /** Projections whose last batch failed, with the error, until one succeeds again. */
  failures(): Record<string, string> {
    return Object.fromEntries(this.errors);
  }

  private find(name: string): Projection {
    const projection = this.deps.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection: ${name}`);
    return projection;
  }

  /** Creates the collections and their indexes before the first batch. */
  private openCollections(projection: Projection): void {
    for (const spec of projection.collections) this.deps.read.collection(spec);
  }

  /** Takes the lease (standing by while another process holds it) and follows while it is held. */
  private async holdLease(lease: RunnerLease, stop: AbortSignal, attempted: () => void): Promise<void> {
    const retryMs = lease.retryMs ?? Math.min(STANDBY_RETRY_MS, lease.ttlMs / 3);
    let standingBy = false;
    try {
      while (!stop.aborted) {
        const grant = await this.takeLease(lease);
        attempted();
        if (!grant) {
          standingBy = true;
          await sleep(retryMs, stop);
          continue;
        }
        if (standingBy) leaseLog.info(`${lease.owner} took ${lease.name} at epoch ${grant.epoch}`);
        const term = new AbortController();
        const end = () => term.abort();
        stop.addEventListener('abort', end, { once: true });
        if (stop.aborted) end(); // stopped while taking it
        const fence = { lease: lease.name, epoch: grant.epoch };
        const following = this.runTerm(term.signal, { fence, lose: end, turnWithinMs: lease.ttlMs / 6 });
        await this.renewLease(lease, grant, term);
        await following;
        stop.removeEventListener('abort', end);
        this.errors.clear(); // the projections are no longer this process's to report on
        if (!stop.aborted) {
          standingBy = true;
          leaseLog.warn(`${lease.owner} lost ${lease.name} (epoch ${grant.epoch}): standing by`);
        }
      }
    } finally {
      attempted();
      await this.deps.read.leases.release(lease.name, lease.owner).catch((error) => this.leaseError(lease, error));
    }
  }

  /** Renews every ttl/3 until the term ends; ends it when the lease has moved on. */
  private async renewLease(lease: RunnerLease, grant: LeaseGrant, term: AbortController): Promise<void> {
    while (!term.signal.aborted) {
      await sleep(lease.ttlMs / 3, term.signal);
      if (term.signal.aborted) return;
      // A failed renewal is tried again next time: if the lease expires meanwhile, the fence stops the commits.
      const renewed = await this.takeLease(lease);
      if (renewed === null || (renewed && renewed.epoch !== grant.epoch)) term.abort();
    }
  }

  /** The grant, null when another process holds it, undefined when the store failed (reported). */
  private async takeLease(lease: RunnerLease): Promise<LeaseGrant | null | undefined> {
    try {
      return await this.deps.read.leases.acquire(lease.name, lease.owner, lease.ttlMs);
    } catch (error) {
      this.leaseError(lease, error);
      return undefined;
    }
  }

  private leaseError(lease: RunnerLease, error: unknown): void {
    if (this.deps.onError) this.deps.onError(`lease ${lease.name}`, error);
    else leaseLog.error({ err: error }, `${lease.name} could not be taken, renewed or released`);
  }

  /** Follows with every projection until `signal` aborts, and resolves once every group has stopped. */
  private async runTerm(signal: AbortSignal, leased?: Pick<Term, 'fence' | 'lose' | 'turnWithinMs'>): Promise<void> {
    const groups = new Set<Promise<void>>();
    const term: Term = {
      signal,
      lose: () => {},
      ...leased,
      follow: (members) => {
        const done = this.followGroup(members, term).finally(() => groups.delete(done));
        groups.add(done);
      },
    };
    term.follow([...this.deps.projections]);
    // A batch in flight may still send a failing projection off on its own: wait for that too.
    while (groups.size > 0) await Promise.all([...groups]);
  }

  /**
   * A failed commit is not retried in place: the group resumes from its checkpoints after a
   * growing pause, so a store outage heals by itself and a bad event shows as lag and errors.
   * A fenced commit ends the term: another process holds the lease now.
   */
  private async followGroup(members: Projection[], term: Term): Promise<void> {
    const { signal } = term;
    let pause = RETRY_MIN_MS;
    const loop = term.turnWithinMs ? new LoopWatch(term.turnWithinMs) : undefined;
    while (!signal.aborted && members.length > 0) {
      try {
        await this.upgrade(members, term.fence);
        const checkpoints = new Map<string, number>();
        for (const { name } of members) checkpoints.set(name, await this.deps.read.checkpoint(name));
        const after = Math.min(...checkpoints.values());
        for await (const batch of this.deps.events.subscribeAll({ after, batchSize: this.batchSize, signal })) {
          const position = batch[batch.length - 1]!.position;
          const done: ProjectionBatch[] = [];
          for (const projection of [...members]) {
            const from = checkpoints.get(projection.name)!;
            if (position <= from) continue;
            try {
              done.push({
                work: await applyBatch(projection, batch, from, this.deps.read),
                projection: projection.name,
                position,
              });
            } catch (error) {
              if (members.length === 1) throw error;
              this.report(projection.name, error);
              members.splice(members.indexOf(projection), 1);
              term.follow([projection]);
            }
          }
          await this.commit(done, term.fence);
          for (const { projection } of done) checkpoints.set(projection, position);
          pause = RETRY_MIN_MS;
          await loop?.turnIfHeldFor();
        }
      } catch (error) {
        if (error instanceof FencedError) return term.lose();
        for (const { name } of members) this.report(name, error);
        await sleep(pause, signal);
        pause = Math.min(pause * 2, RETRY_MAX_MS);
      }
    }
  }

  /**
   * A projection whose read models were built by another version of it (`Projection.version`)
   * starts again from the beginning of the log: its documents may have another shape. The
   * version is stored with the reset checkpoint, under the fence, so it happens once.
   */
  private async upgrade(members: readonly Projection[], fence?: Fence): Promise<void> {
    const versions = this.deps.read.collection<ProjectionVersionDoc>(PROJECTION_VERSIONS);
    for (const projection of members) {
      const version = projection.version ?? 1;
      const stored = (await versions.get(projection.name))?.version;
      if (stored === version) continue;
      // Read models from before versions were kept were built by version 1.
      let position = await this.deps.read.checkpoint(projection.name);
      if (position > 0 && (stored ?? 1) !== version) {
        projectionsLog.info(
          `${projection.name}: its read models were built by version ${stored ?? 1}, this is version ${version}: replaying the log`,
        );
        await this.deps.read.reset(
          projection.name,
          projection.collections.map((c) => c.name),
        );
        this.openCollections(projection);
        position = 0;
      }
      const work = this.deps.read.unitOfWork();
      work.put<ProjectionVersionDoc>(PROJECTION_VERSIONS, { id: projection.name, version });
      await this.deps.read.commit(work, projection.name, position, fence);
    }
  }

  private async commit(batches: ProjectionBatch[], fence?: Fence): Promise<void> {
    if (batches.length === 0) return;
    await this.deps.read.commitMany(batches, fence);
    // After the commit, so a consumer that reads the documents of an id-only notice finds them.
    const limit = this.deps.noticeDocumentsLimit ?? NOTICE_DOCUMENTS_LIMIT;
    for (const { work, projection, position } of batches) {
      this.errors.delete(projection);
      await this.deps.bus.publish(CHANGES_CHANNEL, changeNotice(projection, position, work.changes(), limit));
    }
  }

  private report(projection: string, error: unknown): void {
    this.errors.set(projection, error instanceof Error ? error.message : String(error));
    (this.deps.onError ?? defaultOnError)(projection, error);
  }
}

/** The projection's work for the events of `batch` after its checkpoint `from`. */
async function applyBatch(
  projection: Projection,
  batch: RecordedEvent[],
  from: number,
  read: ReadStore,
): Promise<UnitOfWork> {
  const work = read.unitOfWork();
  for (const event of batch) {
    if (event.position > from && (projection.eventTypes === 'all' || projection.eventTypes.has(event.type))) {
      await projection.apply(event, work);
    }
  }
  return work;
}

/**
 * On the embedded stores a catch-up never waits on I/O: it is one chain of microtasks that holds
 * back every timer, the lease's renewals included, until it ends. Under a lease the runner lets
 * the event loop turn once it has not turned for `maxMs` (a sixth of the ttl, so a renewal due
 * every third of it is late by that at most); a runner that waits on I/O anyway (live following,
 * a server's store) never turns it more than it did.
 */
class LoopWatch {
  private turned = false;
  private since = 0;

  constructor(private readonly maxMs: number) {
    this.arm();
  }

  async turnIfHeldFor(): Promise<void> {
    if (!this.turned) {
      if (Date.now() - this.since < this.maxMs) return;
      await nextTurn();
    }
    this.arm();
  }

  private arm(): void {
    this.turned = false;
    this.since = Date.now();
    setImmediate(() => {
      this.turned = true;
    });
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

function defaultOnError(projection: string, error: unknown): void {
  projectionsLog.error({ err: error }, `${projection} stopped`);
}
