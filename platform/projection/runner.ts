import type { Bus } from '../bus/port.ts';
import type { EventStore, RecordedEvent } from '../eventstore/port.ts';
import type { ProjectionBatch, ReadStore, UnitOfWork } from '../readstore/port.ts';
import { CHANGES_CHANNEL, type ChangeNotice, type Projection } from './projection.ts';

export interface RunnerDeps {
  events: EventStore;
  read: ReadStore;
  bus: Bus;
  projections: Projection[];
  batchSize?: number;
  onError?: (projection: string, error: unknown) => void;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 30_000;

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Follows the global log for the projections, all from one reader: each batch is applied to
 * every projection past its own checkpoint, and their documents and checkpoints are committed
 * together (one transaction where the store can), then the changes are published. Stopping
 * lets the batch in flight finish, so a checkpoint is never ahead of or behind its documents.
 * A projection that fails on an event leaves the group and retries alone, so one bad handler
 * does not hold the others back.
 */
export class ProjectionRunner {
  private readonly groups = new Set<Running>();
  private readonly errors = new Map<string, string>();
  private readonly batchSize: number;

  constructor(private readonly deps: RunnerDeps) {
    this.batchSize = deps.batchSize ?? 500;
  }

  get projections(): Projection[] {
    return this.deps.projections;
  }

  async start(): Promise<void> {
    if (this.groups.size > 0) return;
    for (const projection of this.deps.projections) this.openCollections(projection);
    this.follow([...this.deps.projections]);
  }

  async stop(): Promise<void> {
    // A batch in flight may still send a failing projection off on its own: stop that too.
    while (this.groups.size > 0) {
      const groups = [...this.groups];
      for (const group of groups) group.controller.abort();
      await Promise.all(groups.map((group) => group.done));
    }
  }

  /** Empties the projection's collections and checkpoint, then replays the whole log. */
  async rebuild(name: string): Promise<void> {
    const projection = this.find(name);
    const wasRunning = this.groups.size > 0;
    await this.stop();
    await this.deps.read.reset(name, projection.collections.map((c) => c.name));
    if (wasRunning) await this.start();
  }

  /** Processes everything appended so far, without following the log (rebuilds, CLI). */
  async catchUp(name: string): Promise<number> {
    const projection = this.find(name);
    this.openCollections(projection);
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

  private follow(members: Projection[]): void {
    const controller = new AbortController();
    const group: Running = { controller, done: Promise.resolve() };
    group.done = this.followGroup(members, controller.signal).finally(() => this.groups.delete(group));
    this.groups.add(group);
  }

  /**
   * A failed commit is not retried in place: the group resumes from its checkpoints after a
   * growing pause, so a store outage heals by itself and a bad event shows as lag and errors.
   */
  private async followGroup(members: Projection[], signal: AbortSignal): Promise<void> {
    let pause = RETRY_MIN_MS;
    while (!signal.aborted && members.length > 0) {
      try {
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
              done.push({ work: await applyBatch(projection, batch, from, this.deps.read), projection: projection.name, position });
            } catch (error) {
              if (members.length === 1) throw error;
              this.report(projection.name, error);
              members.splice(members.indexOf(projection), 1);
              this.follow([projection]);
            }
          }
          await this.commit(done);
          for (const { projection } of done) checkpoints.set(projection, position);
          pause = RETRY_MIN_MS;
        }
      } catch (error) {
        for (const { name } of members) this.report(name, error);
        await sleep(pause, signal);
        pause = Math.min(pause * 2, RETRY_MAX_MS);
      }
    }
  }

  private async commit(batches: ProjectionBatch[]): Promise<void> {
    if (batches.length === 0) return;
    await this.deps.read.commitMany(batches);
    for (const { work, projection, position } of batches) {
      this.errors.delete(projection);
      const notice: ChangeNotice = { projection, position, changes: work.changes() };
      await this.deps.bus.publish(CHANGES_CHANNEL, notice);
    }
  }

  private report(projection: string, error: unknown): void {
    this.errors.set(projection, error instanceof Error ? error.message : String(error));
    (this.deps.onError ?? defaultOnError)(projection, error);
  }
}

/** The projection's work for the events of `batch` after its checkpoint `from`. */
async function applyBatch(projection: Projection, batch: RecordedEvent[], from: number, read: ReadStore): Promise<UnitOfWork> {
  const work = read.unitOfWork();
  for (const event of batch) {
    if (event.position > from && (projection.eventTypes === 'all' || projection.eventTypes.has(event.type))) {
      await projection.apply(event, work);
    }
  }
  return work;
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
  console.error(`[projections] ${projection} stopped:`, error);
}
