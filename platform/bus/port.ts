/**
 * Bus port: fire-and-forget change notices between processes (projections -> API -> SSE).
 * Delivery is at most once; consumers that need every change re-read from the log.
 */

export type BusHandler<T = unknown> = (message: T) => void;

export interface Bus {
  readonly kind: string;
  publish<T>(channel: string, message: T): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe<T>(channel: string, handler: BusHandler<T>): Promise<() => Promise<void>>;
  /** Resolves when its server answers (readiness); absent for a bus inside this process. */
  ping?(): Promise<void>;
  close(): Promise<void>;
}
