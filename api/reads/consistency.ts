import type { Bus } from '../../platform/bus/port.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { CHANGES_CHANNEL, type ChangeNotice } from '../../platform/projection/projection.ts';

const POLL_MS = 250;

/**
 * Read-your-own-writes: a command answers with the log position it reached; a query that
 * passes it waits (bounded) until every projection has committed that far. Progress comes
 * from the bus's change notices, with a checkpoint poll as a safety net for lost notices
 * (the bus is at-most-once). Only the notices' positions count here, so whether a notice
 * carries its documents or only their ids (`changeNotice`) makes no difference.
 */
export class ProjectionProgress {
  private readonly positions = new Map<string, number>();
  private waiters: Array<{ position: number; resolve: (reached: boolean) => void }> = [];
  private unsubscribe?: () => Promise<void>;
  private poller?: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    private readonly read: ReadStore,
    private readonly names: string[],
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    this.unsubscribe = await this.bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (notice) =>
      this.advance(notice.projection, notice.position),
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.poller);
    await this.unsubscribe?.();
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
  }

  /** The position every projection has passed. */
  get position(): number {
    let min = Number.POSITIVE_INFINITY;
    for (const name of this.names) min = Math.min(min, this.positions.get(name) ?? 0);
    return this.names.length === 0 ? Number.POSITIVE_INFINITY : min;
  }

  /** Resolves true once every projection reached `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    if (this.position >= position) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        position,
        resolve: (reached: boolean) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
      this.ensurePolling();
    });
  }

  private advance(name: string, position: number): void {
    if (position <= (this.positions.get(name) ?? 0)) return;
    this.positions.set(name, position);
    const reached = this.position;
    const ready = this.waiters.filter((w) => w.position <= reached);
    if (ready.length === 0) return;
    this.waiters = this.waiters.filter((w) => w.position > reached);
    for (const waiter of ready) waiter.resolve(true);
  }

  private async refresh(): Promise<void> {
    for (const name of this.names) this.advance(name, await this.read.checkpoint(name));
  }

  private ensurePolling(): void {
    if (this.poller) return;
    this.poller = setInterval(() => {
      if (this.waiters.length === 0) {
        clearInterval(this.poller);
        this.poller = undefined;
        return;
      }
      this.refresh().catch(() => {});
    }, POLL_MS);
    this.poller.unref();
  }
}
