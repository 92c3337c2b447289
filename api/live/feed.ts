import { loadAndFollow } from '../../platform/projection/follow.ts';
import { type ChangeNotice, type DocNotice, NoticeDocuments } from '../../platform/projection/projection.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { catalog } from '../../projections/catalog/projection.ts';
import type { ProjectionProgress } from '../reads/consistency.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Opened, Reopenable } from '../reads/reopenable.ts';
import { type LiveMessage, LiveMessages, Wire } from './messages.ts';
import { visibleProducts } from '../../projections/catalog/queries.ts';
import { logger } from '../../platform/log.ts';

const log = logger('live');

/** The messages of one log position, in the order they were made, and their SSE bytes. */
export interface LiveGroup {
  position: number;
  messages: LiveMessage[];
  wire: Wire;
}

/** The groups sent to the subscribers at once, and their bytes one after the other. */
export interface LiveBatch {
  groups: readonly LiveGroup[];
  wire: Wire;
}

export interface LiveSubscriber {
  deliver(batch: LiveBatch): void;
  /** The feed is closing: end the connection. */
  close(): void;
}

export interface Joined {
  /** What the client missed after its Last-Event-ID, or 'reset' when the feed no longer holds all of it. */
  missed: LiveGroup[] | 'reset';
  /** The position of the last group sent to everyone: where a client without messages resumes from. */
  head: number;
  leave(): void;
}

export interface LiveFeedOptions {
  /** Messages kept for clients that reconnect. */
  capacity?: number;
  /** How long a group waits for the other projections to pass its position. */
  orderWaitMs?: number;
  /**
   * The least time between two deliveries, per connection subscribed, up to `maxBatchMs`: what
   * is released meanwhile goes out as one batch, one write per connection. The more
   * connections a delivery costs, the fewer deliveries; one client alone waits for nothing.
   */
  batchMsPerConnection?: number;
  maxBatchMs?: number;
  /** Where the documents of a notice that carries only ids (a large batch) are read. */
  read?: Pick<ReadStore, 'collection'>;
  /** The feed missed a notice (its documents could not be read): let go of it, ending every connection, so that a fresh one loads. */
  lost?: () => void;
}

/** Where the feed starts and what it knows then. */
export interface FeedStart {
  /** Notices at or below this position came before the feed and are not sent. */
  since: number;
  /** Product changes at or below this position are already in `visible`. */
  loadedAt: number;
  visible: Set<string>;
}

type Progress = Pick<ProjectionProgress, 'waitFor'>;

/** A feed given no read store: a notice that carries only ids is one it missed. */
const NO_READ_STORE: Pick<ReadStore, 'collection'> = {
  collection: () => {
    throw new Error('The live feed has no read store to read the documents of a change notice from');
  },
};

const CAPACITY = 2000;
const ORDER_WAIT_MS = 1000;
/**
 * A delivery costs a write (a system call) per connection: spaced 0.25 ms per connection (50 ms
 * with 200, so 20 writes a second each), the writes take a small share of the process however
 * many commands come; a change alone still goes out at once, and a few clients wait little.
 */
export const BATCH_MS_PER_CONNECTION = 0.25;
export const MAX_BATCH_MS = 50;

/**
 * The fan-out of live messages: change notices in, groups of messages out to every
 * subscriber, in log order, the recent ones kept for clients that reconnect.
 *
 * Each projection publishes its own notices, so notices of different projections arrive
 * interleaved (the catalog's position 60 may come before the orders' 57). A group is held
 * until every projection has passed its position; then nothing at or below it is still to
 * come, and positions only grow: a client that saw position N has seen everything up to N.
 * If a projection is stuck, groups go out after `orderWaitMs` rather than pile up.
 *
 * A notice that carries only ids (a large batch) is translated once its documents are read,
 * and the notices taken after it behind it (`NoticeDocuments`), so the product visibility
 * follows the batches in order; and no group goes out while a notice at or below its position
 * is still being read, as its messages may belong before it or in it.
 *
 * The SSE bytes of each group are made once, at its release, for all the connections alike;
 * groups released soon after a delivery (`batchMsPerConnection`) go out together in the next
 * one, so a connection costs one write per batch rather than one per command.
 */
export class LiveFeed {
  readonly #messages: LiveMessages;
  /** The notices taken, handed on in order with their documents. */
  readonly #notices: NoticeDocuments;
  readonly #since: number;
  readonly #loadedAt: number;
  readonly #capacity: number;
  readonly #orderWaitMs: number;
  readonly #batchMsPerConnection: number;
  readonly #maxBatchMs: number;
  /** Delivered groups, kept for clients that reconnect. */
  readonly #buffer: LiveGroup[] = [];
  #buffered = 0;
  /** A client whose last id is below this may have missed groups the buffer dropped. */
  #floor: number;
  #head: number;
  /** Groups in position order, each waiting for the projections to pass it. */
  readonly #pending: Array<{ group: Omit<LiveGroup, 'wire'>; waited: boolean }> = [];
  /** Released groups waiting for the next delivery. */
  readonly #outgoing: LiveGroup[] = [];
  #lastDelivery = Number.NEGATIVE_INFINITY;
  #cancelDelivery: (() => void) | undefined;
  readonly #subscribers = new Set<LiveSubscriber>();

  constructor(
    private readonly progress: Progress,
    start: FeedStart,
    options: LiveFeedOptions = {},
  ) {
    this.#messages = new LiveMessages(start.visible);
    const { read = NO_READ_STORE, lost = () => this.close() } = options;
    this.#notices = new NoticeDocuments(
      read,
      (notice) => this.#translate(notice),
      (error) => {
        log.error({ err: error }, 'could not read the documents of a change notice; starting afresh');
        lost();
      },
    );
    this.#since = this.#floor = this.#head = start.since;
    this.#loadedAt = start.loadedAt;
    this.#capacity = options.capacity ?? CAPACITY;
    this.#orderWaitMs = options.orderWaitMs ?? ORDER_WAIT_MS;
    this.#batchMsPerConnection = options.batchMsPerConnection ?? BATCH_MS_PER_CONNECTION;
    this.#maxBatchMs = options.maxBatchMs ?? MAX_BATCH_MS;
  }

  /** The connections subscribed. */
  get connections(): number {
    return this.#subscribers.size;
  }

  /** Takes a projection's change notice; what it means for the browsers goes out once its position is passed. */
  take(notice: ChangeNotice): void {
    if (notice.position <= this.#loadedAt) return;
    // Only the collections that make messages: the others' documents are never read.
    const changes = notice.changes.filter(({ collection }) => LiveMessages.translates(collection));
    if (changes.length > 0) this.#notices.take({ ...notice, changes });
  }

  /** Subscribes, and says what a client resuming after `lastEventId` missed; at once, so no group falls in between. */
  join(lastEventId: string | undefined, subscriber: LiveSubscriber): Joined {
    // What is released goes out now, so the client counts it as missed like everything before its ready.
    if (this.#outgoing.length > 0) {
      this.#cancelDelivery?.();
      this.#deliver();
    }
    let missed: Joined['missed'] = [];
    if (lastEventId !== undefined) {
      const after = Number(lastEventId);
      missed =
        Number.isSafeInteger(after) && after >= this.#floor
          ? this.#buffer.filter((group) => group.position > after)
          : 'reset';
    }
    this.#subscribers.add(subscriber);
    return { missed, head: this.#head, leave: () => void this.#subscribers.delete(subscriber) };
  }

  /** Ends every connection. */
  close(): void {
    this.#cancelDelivery?.();
    for (const subscriber of this.#subscribers) subscriber.close();
    this.#subscribers.clear();
  }

  #translate({ position, changes }: DocNotice): void {
    // Translated even when not sent, so the product visibility stays current.
    const messages = this.#messages.of(changes);
    if (position > this.#since && messages.length > 0) this.#enqueue({ position, messages });
    // Groups held for this notice's documents may go now.
    this.#flush();
  }

  #enqueue(group: Omit<LiveGroup, 'wire'>): void {
    const at = this.#pending.findIndex((pending) => pending.group.position >= group.position);
    const same = this.#pending[at];
    if (same?.group.position === group.position) {
      same.group.messages.push(...group.messages);
      return;
    }
    const pending = { group, waited: false };
    this.#pending.splice(at === -1 ? this.#pending.length : at, 0, pending);
    void this.progress.waitFor(group.position, this.#orderWaitMs).then(() => {
      pending.waited = true;
      this.#flush();
    });
  }

  /** Sends the groups at the front whose wait is over; a group waits for those before it, and for the notices read at or below it. */
  #flush(): void {
    const reading = this.#notices.waitingFrom;
    while (this.#pending[0]?.waited && this.#pending[0].group.position < reading)
      this.#release(this.#pending.shift()!.group);
  }

  #release({ position, messages }: Omit<LiveGroup, 'wire'>): void {
    this.#outgoing.push({ position, messages, wire: Wire.of(position, messages) });
    if (this.#cancelDelivery) return;
    const batchMs = Math.min(this.#maxBatchMs, this.#subscribers.size * this.#batchMsPerConnection);
    const wait = this.#lastDelivery + batchMs - performance.now();
    if (wait > 0) {
      const timer = setTimeout(() => this.#deliver(), wait);
      this.#cancelDelivery = () => clearTimeout(timer);
    } else {
      // The next turn, so groups released together (one projection batch) go out together.
      const immediate = setImmediate(() => this.#deliver());
      this.#cancelDelivery = () => clearImmediate(immediate);
    }
  }

  /** Sends the released groups, and keeps them for reconnects. */
  #deliver(): void {
    this.#cancelDelivery = undefined;
    this.#lastDelivery = performance.now();
    const groups = this.#outgoing.splice(0);
    for (const group of groups) {
      this.#buffer.push(group);
      this.#buffered += group.messages.length;
      this.#head = Math.max(this.#head, group.position);
    }
    while (this.#buffered > this.#capacity && this.#buffer.length > 1) {
      const dropped = this.#buffer.shift()!;
      this.#buffered -= dropped.messages.length;
      this.#floor = Math.max(this.#floor, dropped.position);
    }
    if (this.#subscribers.size === 0) return;
    const batch: LiveBatch = { groups, wire: Wire.join(groups.map((group) => group.wire)) };
    for (const subscriber of this.#subscribers) {
      // One broken connection must not keep the batch from the others.
      try {
        subscriber.deliver(batch);
      } catch (error) {
        log.error({ err: error }, 'a connection failed to take a message');
      }
    }
  }
}

/** The live feed of an app, opened on first use; closing it ends every live connection. */
export function liveFeed(
  platform: Pick<Platform, 'bus' | 'read' | 'events'>,
  progress: ProjectionProgress,
): Reopenable<LiveFeed> {
  const resource: Reopenable<LiveFeed> = new Reopenable(() =>
    openFeed(platform, progress, () => void resource.close()),
  );
  return resource;
}

async function openFeed(
  { bus, read, events }: Pick<Platform, 'bus' | 'read' | 'events'>,
  progress: ProjectionProgress,
  drop: () => void,
): Promise<Opened<LiveFeed>> {
  let closed = false;
  const lost = () => void (closed || drop());
  // The notices held during the load are taken after it: the feed skips those the load holds.
  const { loaded: feed, unsubscribe } = await loadAndFollow(
    bus,
    async () => {
      const loadedAt = await read.checkpoint(catalog.name);
      const visible = await visibleProducts(read);
      // Read after the load, so every notice above it is published after the subscription.
      const since = await events.lastPosition();
      return new LiveFeed(
        progress,
        { since, loadedAt, visible: new Set(visible.map((product) => product.id)) },
        { read, lost },
      );
    },
    (opened, notice) => opened.take(notice),
  );
  return {
    value: feed,
    close: async () => {
      closed = true;
      await unsubscribe();
      feed.close();
    },
  };
}
