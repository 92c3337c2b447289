import type { Bus } from '../platform/bus/port.ts';
import type { EventStore, RecordedEvent } from '../platform/eventstore/port.ts';
import type { ReadStore } from '../platform/readstore/port.ts';
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
 * Follows the global log from each projection's checkpoint: every batch's documents and
 * checkpoint are committed together, then the changes are published. Stopping lets the
 * batch in flight finish, so a checkpoint is never ahead of or behind its documents.
 */
export class ProjectionRunner {
  private readonly running = new Map<string, Running>();
  private readonly errors = new Map<string, string>();
  private readonly batchSize: number;

  constructor(private readonly deps: RunnerDeps) {
    this.batchSize = deps.batchSize ?? 500;
  }

  get projections(): Projection[] {
    return this.deps.projections;
  }

  async start(): Promise<void> {
    for (const projection of this.deps.projections) await this.startOne(projection);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.running.keys()].map((name) => this.stopOne(name)));
  }

  /** Empties the projection's collections and checkpoint, then replays the whole log. */
  async rebuild(name: string): Promise<void> {
    const projection = this.find(name);
    const wasRunning = this.running.has(name);
    await this.stopOne(name);
    await this.deps.read.reset(name, projection.collections.map((c) => c.name));
    if (wasRunning) await this.startOne(projection);
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
      position = await this.commitBatch(projection, batch);
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

  private async startOne(projection: Projection): Promise<void> {
    if (this.running.has(projection.name)) return;
    this.openCollections(projection);
    const controller = new AbortController();
    this.running.set(projection.name, { controller, done: this.follow(projection, controller.signal) });
  }

  private async stopOne(name: string): Promise<void> {
    const run = this.running.get(name);
    if (!run) return;
    run.controller.abort();
    await run.done;
    this.running.delete(name);
  }

  /**
   * A failed batch is not committed; the projection resumes from its checkpoint after a
   * growing pause, so a store outage heals by itself and a bad event shows as lag and errors.
   */
  private async follow(projection: Projection, signal: AbortSignal): Promise<void> {
    let pause = RETRY_MIN_MS;
    while (!signal.aborted) {
      try {
        const after = await this.deps.read.checkpoint(projection.name);
        for await (const batch of this.deps.events.subscribeAll({ after, batchSize: this.batchSize, signal })) {
          await this.commitBatch(projection, batch);
          pause = RETRY_MIN_MS;
        }
      } catch (error) {
        this.errors.set(projection.name, error instanceof Error ? error.message : String(error));
        (this.deps.onError ?? defaultOnError)(projection.name, error);
        await sleep(pause, signal);
        pause = Math.min(pause * 2, RETRY_MAX_MS);
      }
    }
  }

  private async commitBatch(projection: Projection, batch: RecordedEvent[]): Promise<number> {
    const work = this.deps.read.unitOfWork();
    for (const event of batch) {
      if (projection.eventTypes === 'all' || projection.eventTypes.has(event.type)) await projection.apply(event, work);
    }
    const position = batch[batch.length - 1]!.position;
    await this.deps.read.commit(work, projection.name, position);
    this.errors.delete(projection.name);
    const notice: ChangeNotice = { projection: projection.name, position, changes: work.changes() };
    await this.deps.bus.publish(CHANGES_CHANNEL, notice);
    return position;
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
  console.error(`[projections] ${projection} stopped:`, error);
}
