import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { PoolClient, QueryConfig } from 'pg';

/** What the PostgreSQL adapters share: a pool with timeouts, transactions, schema setup, error kinds. */
export interface PostgresPoolOptions {
  /** Most connections the pool opens (default 10). */
  max?: number;
  /** A statement running longer than this is cancelled by the server (default 30 s). */
  statementTimeoutMs?: number;
  /** Waiting longer than this for a connection fails (default 10 s). */
  connectionTimeoutMs?: number;
  /** Shown in `pg_stat_activity`. */
  applicationName?: string;
}

/** bigint (int8) columns carry positions, revisions, epochs and counts, all far below 2^53: read them as numbers. */
const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export function openPool(url: string, options: PostgresPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    // A transaction left open by a stuck process would hold its locks (and a lease's fence) forever.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: options.applicationName ?? 'mibi',
    types,
  });
  // An idle connection that breaks (server restart) is dropped by the pool; the next query opens another.
  pool.on('error', () => {});
  return pool;
}

/** Runs `work` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackFailed: Error) => (broken = rollbackFailed));
    throw error;
  } finally {
    // A connection whose rollback failed is in an unknown state: close it rather than reuse it.
    client.release(broken);
  }
}

/** Any number that identifies "MIBI schema changes" among advisory locks. */
const SCHEMA_LOCK = 0x6d696269;

/**
 * Runs schema work (DDL, migrations) in one transaction under an advisory lock, so processes
 * starting together take turns: `CREATE ... IF NOT EXISTS` is not safe against a concurrent
 * create, and a migration must run once.
 */
export async function withSchemaLock<T>(pool: pg.Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query('SET LOCAL statement_timeout = 0'); // building an index on a large table takes what it takes
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    return work(client);
  });
}

/** Runs idempotent DDL under the schema lock (`withSchemaLock`). */
export async function ensureSchema(pool: pg.Pool, statements: string[]): Promise<void> {
  await withSchemaLock(pool, async (client) => {
    for (const statement of statements) await client.query(statement);
  });
}

/**
 * `setup` run at most once while it succeeds: callers share the promise, and a failed attempt
 * (server not up yet) is forgotten, so the next caller tries again.
 */
export function onceSucceeded(setup: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => {
    done ??= setup().catch((error: unknown) => {
      done = undefined;
      throw error;
    });
    return done;
  };
}

/** Resolves to `store` once `ready` succeeded; closes it (pool and all) when it failed. */
export async function readyOrClosed<T extends { close(): Promise<void> }>(
  store: T,
  ready: () => Promise<void>,
): Promise<T> {
  try {
    await ready();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

const names = new Map<string, string>();

/**
 * A named (server-side prepared) statement: each connection parses and plans it once. The name
 * derives from the text, so the same SQL always gets the same name.
 */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = names.get(text);
  if (!name) names.set(text, (name = `mibi_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return { name, text, values };
}

/**
 * A failure of the connection rather than of the statement: worth retrying on a new
 * connection. Node socket errors, and SQLSTATE classes 08 (connection exception) and 57P
 * (server shutting down or restarting).
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return /^(08|57P0[123]|E[A-Z]+)/.test(code);
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable/i.test(
    error.message,
  );
}

/** Waits `ms`, or less when the signal aborts (never rejects). */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => {});
}

/** Identifier quoting for names already checked to be plain identifiers (letters, digits, underscores). */
export const quote = (name: string) => `"${name}"`;
