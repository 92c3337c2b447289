/**
 * The workers' test bed: an embedded platform in memory whose mailer fails on demand, the test's projections running
 * on it (workers/ may not import them), and the workers started and stopped as a process would.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { FileBlobStore } from '../platform/blobs/fs.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import { MemoryBus } from '../platform/bus/memory.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import type { Mailer, MailMessage, SentMail } from '../platform/mail/port.ts';
import { RazorpayGateway } from '../platform/payments/razorpay.ts';
import { TestGatewayControl } from '../platform/payments/test-gateway/control-client.ts';
import { startTestGateway } from '../platform/payments/test-gateway/server.ts';
import { AfterShipTracker } from '../platform/couriers/aftership.ts';
import { startTestCourier } from '../platform/couriers/test-courier/server.ts';
import type { Platform } from '../platform/platform.ts';
import type { Projection } from '../platform/projection/projection.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { SqliteQueue } from '../platform/queue/sqlite.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import type { EventShape } from '../platform/eventstore/streams.ts';
import type { Effect, ReconciliationDoc } from './effect.ts';
import { EFFECTS_OF_LOG, REACTORS, type RunningWorkers, startWorkers } from './index.ts';
import { reconcileEffect } from './reconcile.ts';
import { workerContext } from './worker.ts';

/** Quick retries, so a test of giving up does not wait. */
export const RETRY = { attempts: 3, backoffMs: 5 };
/** Where the mails' links point. */
export const LINKS = { PUBLIC_URL: 'https://shop.example.in', PORT: 3000 };
/** Reconciliation passes only when a test asks for one (besides the one at start). */
export const WORKERS = { notifyRetry: RETRY, reconcileEveryMs: 3_600_000, links: LINKS };

/** Keeps what it sends; fails the next `failures` sends as an unreachable SMTP server would. */
export class TestMailer implements Mailer {
  readonly kind = 'test';
  readonly sent: MailMessage[] = [];
  failures = 0;

  constructor(private readonly clock: Clock = systemClock) {}

  async send(message: MailMessage): Promise<SentMail> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('SMTP server unavailable');
    }
    this.sent.push(message);
    const { newId, now } = this.clock;
    return { ...message, id: newId(), from: 'MIBI <no-reply@mibi.test>', sentAt: now() };
  }

  async close(): Promise<void> {}
}

export interface TestBed {
  platform: Platform;
  mailer: TestMailer;
  /** The control API of the in-memory test gateway `platform.payments` speaks to (refunds ended by hand). */
  gateway: TestGatewayControl;
  /** Starts the workers (quick retries, reconciliation on demand) and resolves once they are ready. */
  startWorkers(): Promise<void>;
  /** Stops the workers: jobs added meanwhile wait in the queue until they start again. */
  stopWorkers(): Promise<void>;
  /** Waits until every reactor has read the whole log, the jobs are done and the bed's projections have read what they recorded. */
  settled(): Promise<void>;
  /** A restart that replays the log: stops the workers, sets the reactor back to the log's start, starts them again. */
  replayFromZero(reactor: string): Promise<void>;
  /** Runs `during` on a queue that loses the jobs named `job` added meanwhile; other jobs pass. */
  losingJobs(job: string, during: () => Promise<unknown>): Promise<void>;
  /** One reconciliation pass of `effect`, as `mibi reconcile` runs it (with the quick retries). */
  reconcile<J, E extends EventShape>(effect: Effect<J, E>): Promise<ReconciliationDoc>;
  /** Stops the workers and the projections, and closes the platform. */
  close(): Promise<void>;
}

export async function openTestBed(projected: Projection[]): Promise<TestBed> {
  const mailer = new TestMailer();
  const events = new SqliteEventStore(':memory:');
  const read = new SqliteReadStore(':memory:');
  const queue = new SqliteQueue(':memory:');
  const bus = new MemoryBus();
  const blobs = new FileBlobStore(join(tmpdir(), 'mibi-unused-blobs'));
  const gateway = await startTestGateway({ refunds: 'manual' });
  const courier = await startTestCourier();
  const platform: Platform = {
    events,
    read,
    queue,
    bus,
    blobs,
    mail: mailer,
    payments: new RazorpayGateway({ kind: 'test', baseUrl: gateway.url, ...gateway.keys }),
    couriers: new AfterShipTracker({ kind: 'test', baseUrl: courier.url, ...courier.keys }),
    close: async () => {
      for (const adapter of [queue, bus, read, events]) await adapter.close();
      await gateway.close();
      await courier.close();
    },
  };
  const projections = new ProjectionRunner({ events, read, bus, projections: projected });
  await projections.start();
  let running: RunningWorkers | undefined;
  const stopWorkers = async () => {
    await running?.stop();
    running = undefined;
  };
  const startAll = async () => {
    running = startWorkers(platform, WORKERS);
    await running.ready;
  };
  return {
    platform,
    mailer,
    gateway: new TestGatewayControl(gateway.url, gateway.keys),
    startWorkers: startAll,
    stopWorkers,
    async replayFromZero(reactor) {
      await stopWorkers();
      await read.reset(reactor, []);
      await startAll();
    },
    async losingJobs(job, during) {
      const add = queue.add.bind(queue);
      const lost = vi.spyOn(queue, 'add').mockImplementation(async (name, data, options) => {
        if (name !== job) return add(name, data, options);
      });
      try {
        await during();
      } finally {
        lost.mockRestore();
      }
    },
    async settled() {
      const last = await events.lastPosition();
      for (const reactor of REACTORS)
        await vi.waitFor(async () => expect(await read.checkpoint(reactor)).toBeGreaterThanOrEqual(last));
      for (const { job } of EFFECTS_OF_LOG) await queue.drained(job);
      const recorded = await events.lastPosition();
      for (const projection of projected)
        await vi.waitFor(async () => expect(await read.checkpoint(projection.name)).toBeGreaterThanOrEqual(recorded));
    },
    reconcile: (effect) => reconcileEffect(workerContext(platform, LINKS), effect, RETRY),
    async close() {
      await stopWorkers();
      await projections.stop();
      await platform.close();
    },
  };
}

/**
 * A fresh bed for each test of the file, opened before it and closed after it: call it at the file's top level.
 * What it returns stands for the bed of the test running.
 */
export function testBedPerTest(projected: Projection[]): TestBed {
  let current: TestBed | undefined;
  beforeEach(async () => {
    current = await openTestBed(projected);
  });
  afterEach(() => current?.close());
  return new Proxy({} as TestBed, {
    get(_, key) {
      if (!current) throw new Error('The test bed opens before each test');
      return Reflect.get(current, key);
    },
  });
}
