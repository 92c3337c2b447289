import type { SessionChange, Sessions } from '../auth/sessions.ts';
import { logger } from '../../platform/log.ts';

const log = logger('live');

/**
 * How often the sessions of open live streams are looked up again: the longest a stream
 * outlives its session when the session ended in another API process (or expired). Ends seen
 * in this process close the streams at once.
 */
export const LIVE_SESSION_CHECK_MS = 5000;

/** Ids looked up in one read. */
const CHECK_BATCH = 500;

/** An open stream of a signed-in user. */
export interface WatchedStream {
  sessionId: string;
  userId: string;
  /** Date.now() when the stream opened: a cut of the user's rights after it ends it. */
  openedAt: number;
  /** Ends the stream (the client reconnects, as EventSource does, and is authorized afresh). */
  end(): void;
}

/**
 * Ends the live streams of sessions that end: at once for what this process does (sign-out,
 * sign-out everywhere, a password change or reset, an expiry seen, a role revoked or a seller
 * suspended, told by `Sessions.onChange`), and within `checkEveryMs` for the rest, by reading
 * the sessions of the open streams again (sessions are rows of the read store that every API
 * process shares). Runs only while streams are open.
 */
export class LiveSessionWatch {
  readonly #bySession = new Map<string, Set<WatchedStream>>();
  #unsubscribe: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #checking = false;

  constructor(
    private readonly sessions: Pick<Sessions, 'live' | 'onChange'>,
    private readonly checkEveryMs = LIVE_SESSION_CHECK_MS,
  ) {}

  /** The streams watched. */
  get size(): number {
    let size = 0;
    for (const streams of this.#bySession.values()) size += streams.size;
    return size;
  }

  /** Watches `stream` until the answered function is called (when the stream ends, for whatever reason). */
  watch(stream: WatchedStream): () => void {
    if (this.#bySession.size === 0) this.#start();
    const streams = this.#bySession.get(stream.sessionId) ?? new Set();
    streams.add(stream);
    this.#bySession.set(stream.sessionId, streams);
    return () => this.#forget(stream);
  }

  /** Reads the sessions of the open streams and ends the streams of those that ended, or whose user's rights were cut since they opened. */
  async check(now = new Date()): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    try {
      const ids = [...this.#bySession.keys()];
      for (let from = 0; from < ids.length; from += CHECK_BATCH) {
        const batch = ids.slice(from, from + CHECK_BATCH);
        const live = await this.sessions.live(batch, now);
        for (const id of batch) {
          const session = live.get(id);
          const cutAt = session?.rightsCutAt ? Date.parse(session.rightsCutAt) : Number.NEGATIVE_INFINITY;
          this.#end([...(this.#bySession.get(id) ?? [])].filter((stream) => !session || stream.openedAt < cutAt));
        }
      }
    } catch (error) {
      // The store is unreachable: the streams stay until the next check can tell.
      log.error({ err: error }, 'could not check the sessions of open streams');
    } finally {
      this.#checking = false;
    }
  }

  #changed(change: SessionChange): void {
    if (change.type === 'ended') {
      for (const id of change.ids) this.#end([...(this.#bySession.get(id) ?? [])]);
      return;
    }
    const cutAt = Date.parse(change.at);
    for (const streams of [...this.#bySession.values()]) {
      this.#end([...streams].filter((stream) => stream.userId === change.userId && stream.openedAt <= cutAt));
    }
  }

  #end(streams: WatchedStream[]): void {
    for (const stream of streams) {
      this.#forget(stream);
      stream.end();
    }
  }

  #forget(stream: WatchedStream): void {
    const streams = this.#bySession.get(stream.sessionId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.#bySession.delete(stream.sessionId);
    if (this.#bySession.size === 0) this.#stop();
  }

  #start(): void {
    this.#unsubscribe = this.sessions.onChange((change) => this.#changed(change));
    this.#timer = setInterval(() => void this.check(), this.checkEveryMs);
    // The checks never keep a process alive that has nothing else to do.
    this.#timer.unref();
  }

  #stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
