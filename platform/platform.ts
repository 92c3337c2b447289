import { chmodSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BlobStore } from './blobs/port.ts';
import type { Bus } from './bus/port.ts';
import type { Config } from './config/config.ts';
import type { EventStore } from './eventstore/port.ts';
import type { Mailbox, Mailer } from './mail/port.ts';
import { openCouriers } from './couriers/open.ts';
import type { CourierTracker } from './couriers/port.ts';
import { openPayments } from './payments/open.ts';
import type { PaymentGateway } from './payments/port.ts';
import type { Queue } from './queue/port.ts';
import type { ReadStore } from './readstore/port.ts';

/** The adapters a process runs on, chosen by configuration only. */
export interface Platform {
  events: EventStore;
  read: ReadStore;
  queue: Queue;
  bus: Bus;
  blobs: BlobStore;
  mail: Mailer;
  /** The development mailbox (folder adapter) whose messages a dev-only route lists. */
  mailbox?: Mailbox;
  /** Razorpay, or the test gateway (no money moves) when no keys are set. */
  payments: PaymentGateway;
  /** AfterShip, or the test courier when no keys are set. */
  couriers: CourierTracker;
  close(): Promise<void>;
}

/**
 * Opens each port on its at-scale adapter when its variable is set, else on the embedded
 * one under DATA_DIR. Adapter modules are imported lazily so the embedded default never
 * loads the drivers of servers it does not use.
 */
export async function openPlatform(config: Config, { threads = false } = {}): Promise<Platform> {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A folder made by an earlier release (or by hand) is closed to other users too.
  chmodSync(dataDir, 0o700);
  const opened: Array<{ close(): Promise<void> }> = [];
  const keep = <T extends { close(): Promise<void> }>(adapter: T): T => (opened.push(adapter), adapter);

  try {
    const events = keep(await openEventStore(config, dataDir));
    const read = keep(await openReadStore(config, dataDir));
    const queue = keep(await openQueue(config));
    const bus = keep(await openBus(config, dataDir, threads));
    const blobs = keep(await openBlobs(config, dataDir));
    const mail = keep(await openMail(config, dataDir));
    const payments = openPayments(config, dataDir);
    return {
      events,
      read,
      queue,
      bus,
      blobs,
      mail,
      ...(mail.kind === 'folder' && { mailbox: mail as Mailer & Mailbox }),
      payments,
      couriers: openCouriers(config, dataDir),
      // Reverse order: the queue may still append events while it drains.
      close: async () => {
        for (const adapter of opened.reverse()) await adapter.close();
      },
    };
  } catch (error) {
    for (const adapter of opened.reverse()) await adapter.close().catch(() => {});
    throw error;
  }
}

/**
 * What the embedded adapters keep in DATA_DIR (the CLI's rebuilds read the event store's file
 * in threads of their own; `mibi backup` copies them all).
 */
export const EMBEDDED_FILES = {
  events: 'events.db',
  read: 'read.db',
  jobs: 'jobs.db',
  media: 'media',
  mail: 'mail',
} as const;

async function openEventStore(config: Config, dataDir: string): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { EventStoreDbStore } = await import('./eventstore/esdb.ts');
    return new EventStoreDbStore(config.EVENTSTORE_URL);
  }
  if (config.POSTGRES_URL) {
    const { PostgresEventStore } = await import('./eventstore/postgres.ts');
    return PostgresEventStore.open(config.POSTGRES_URL);
  }
  const { SqliteEventStore } = await import('./eventstore/sqlite.ts');
  return new SqliteEventStore(join(dataDir, EMBEDDED_FILES.events));
}

async function openReadStore(config: Config, dataDir: string): Promise<ReadStore> {
  if (config.MONGO_URL) {
    const { MongoReadStore } = await import('./readstore/mongo.ts');
    return new MongoReadStore(config.MONGO_URL, config.MONGO_DB);
  }
  if (config.POSTGRES_URL) {
    const { PostgresReadStore } = await import('./readstore/postgres.ts');
    return PostgresReadStore.open(config.POSTGRES_URL);
  }
  const { SqliteReadStore } = await import('./readstore/sqlite.ts');
  return new SqliteReadStore(join(dataDir, EMBEDDED_FILES.read));
}

async function openQueue(config: Config): Promise<Queue> {
  if (config.REDIS_URL) {
    const { BullMqQueue } = await import('./queue/bullmq.ts');
    const lease = config.JOB_LEASE_S * 1000;
    return new BullMqQueue(config.REDIS_URL, 'mibi', { lockDuration: lease, stalledInterval: lease / 2 });
  }
  const { SqliteQueue } = await import('./queue/sqlite.ts');
  return new SqliteQueue(join(resolve(config.DATA_DIR), EMBEDDED_FILES.jobs), { leaseMs: config.JOB_LEASE_S * 1000 });
}

/** With `threads`, roles of this process run on several threads: the embedded bus is shared between them. */
async function openBus(config: Config, dataDir: string, threads: boolean): Promise<Bus> {
  if (config.REDIS_URL) {
    const { RedisBus } = await import('./bus/redis.ts');
    return new RedisBus(config.REDIS_URL, 'mibi');
  }
  if (threads) {
    const { ThreadBus } = await import('./bus/threads.ts');
    return new ThreadBus(dataDir);
  }
  const { MemoryBus } = await import('./bus/memory.ts');
  return new MemoryBus();
}

async function openBlobs(config: Config, dataDir: string): Promise<BlobStore> {
  if (config.S3_BUCKET) {
    const { S3BlobStore } = await import('./blobs/s3.ts');
    // No bucket check at start: the store creates a missing bucket on its first put, so only
    // the processes that write images ever ask for one, and read-only keys suffice elsewhere.
    return new S3BlobStore({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  const { FileBlobStore } = await import('./blobs/fs.ts');
  return new FileBlobStore(join(dataDir, EMBEDDED_FILES.media));
}

async function openMail(config: Config, dataDir: string): Promise<Mailer> {
  if (config.SMTP_URL) {
    const { SmtpMailer } = await import('./mail/smtp.ts');
    return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  }
  const { FolderMailer } = await import('./mail/folder.ts');
  return new FolderMailer(join(dataDir, EMBEDDED_FILES.mail), config.MAIL_FROM);
}
