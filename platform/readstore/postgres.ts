import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { PoolClient } from 'pg';
import { type Fence, FencedError, type LeaseGrant, type LeaseStore } from '../lease/port.ts';
import {
  ensureSchema,
  inTransaction,
  onceSucceeded,
  openPool,
  prepared,
  quote,
  readyOrClosed,
  type PostgresPoolOptions,
} from '../postgres/connection.ts';
import type {
  Collection,
  CollectionSpec,
  Doc,
  FindQuery,
  ProjectionBatch,
  ReadStore,
  Scalar,
  UnitOfWork,
} from './port.ts';
import type { Migration } from '../schema/migrations.ts';
import { migratePostgres } from '../schema/postgres.ts';
import { BufferedUnitOfWork } from './unit-of-work.ts';
import { identifier, scalarKind } from './validation.ts';

/**
 * A field's value as queries filter and sort on it: the JSONB value, with a missing field read
 * as JSON null (as MongoDB and the SQLite store do). JSONB equality keeps `true`, `1` and `"1"`
 * apart; JSONB order puts null first, then strings, numbers, booleans. `id` is the key column.
 * Indexes are built on these same expressions, so the planner matches them to queries.
 */
function fieldSql(field: string): string {
  return field === 'id' ? 'id' : `coalesce(body -> '${identifier('field', field)}', 'null'::jsonb)`;
}

function whereSql(where: Record<string, Scalar> = {}, params: unknown[]): string {
  const tests = Object.entries(where).map(([field, value]) => {
    const kind = scalarKind(field, value);
    if (field !== 'id') {
      params.push(JSON.stringify(value));
      return `${fieldSql(field)} = $${params.length}::jsonb`;
    }
    if (kind === 'null') return 'false'; // every document has an id
    params.push(String(value));
    return `id = $${params.length}`;
  });
  return tests.length ? ` WHERE ${tests.join(' AND ')}` : '';
}

/** Ties in ascending id order, as the port wants. */
function orderSql(sort: FindQuery['sort'] = []): string {
  const keys = sort.map(([field, direction]) => `${fieldSql(field)} ${direction === 'desc' ? 'DESC' : 'ASC'}`);
  return [...keys, 'id ASC'].join(', ');
}

/** Postgres cuts names at 63 bytes: long ones get a hash so two field lists never share a name. */
function indexName(table: string, fields: string[]): string {
  const readable = `${table}__${fields.join('__')}`;
  if (readable.length <= 63) return readable;
  return `${table.slice(0, 40)}__${createHash('sha1').update(readable).digest('hex').slice(0, 20)}`;
}

const serialize = (doc: Doc) => JSON.stringify(doc);

/**
 * One table of JSONB documents. Its DDL runs once, in the background: every operation waits
 * for it, and a failed attempt is tried again by the next operation.
 */
class PostgresCollection implements Collection {
  readonly table: string;
  readonly #indexes = new Map<string, string[]>();
  /** Creates the table and the indexes declared so far; replaced when more are declared. */
  ready = onceSucceeded(() => this.#create());

  constructor(
    private readonly pool: pg.Pool,
    name: string,
  ) {
    this.table = quote(`doc_${identifier('collection', name)}`);
  }

  /** Adds the indexes (validated at once, built in the background with the table). */
  declare(indexes: string[][]): void {
    let added = false;
    for (const fields of indexes) {
      for (const field of fields) identifier('field', field);
      // Each index ends with the id, the tie-breaker of every sort, so a page needs no extra sort step.
      const columns = fields.at(-1) === 'id' ? fields : [...fields, 'id'];
      const name = indexName(this.table.slice(1, -1), fields);
      if (!this.#indexes.has(name)) {
        this.#indexes.set(name, columns);
        added = true;
      }
    }
    if (added) this.ready = onceSucceeded(() => this.#create());
    this.ready().catch(() => {}); // reported to the operations awaiting it
  }

  async #create(): Promise<void> {
    const existing = await this.pool.query<{ name: string }>(
      'SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1',
      [this.table.slice(1, -1)],
    );
    const have = new Set(existing.rows.map((row) => row.name));
    const statements = [];
    if (existing.rows.length === 0) {
      statements.push(
        `CREATE TABLE IF NOT EXISTS ${this.table} (id text COLLATE "C" PRIMARY KEY, body jsonb NOT NULL)`,
      );
    }
    for (const [name, columns] of this.#indexes) {
      if (have.has(name)) continue;
      const expressions = columns.map((field) => (field === 'id' ? 'id' : `(${fieldSql(field)})`)).join(', ');
      statements.push(`CREATE INDEX IF NOT EXISTS ${quote(name)} ON ${this.table} (${expressions})`);
    }
    if (statements.length) await ensureSchema(this.pool, statements);
  }

  /** Upserts and deletes of one batch, on the transaction's connection. */
  async write(client: PoolClient, puts: string[], deletes: string[]): Promise<void> {
    if (puts.length) {
      const sql =
        `INSERT INTO ${this.table} (id, body) SELECT d ->> 'id', d FROM jsonb_array_elements($1::jsonb) AS d ` +
        'ON CONFLICT (id) DO UPDATE SET body = excluded.body';
      await client.query(prepared(sql, [`[${puts.join(',')}]`]));
    }
    if (deletes.length) await client.query(prepared(`DELETE FROM ${this.table} WHERE id = ANY($1::text[])`, [deletes]));
  }

  async get(id: string): Promise<Doc | null> {
    await this.ready();
    const { rows } = await this.pool.query<{ body: Doc }>(
      prepared(`SELECT body FROM ${this.table} WHERE id = $1`, [id]),
    );
    return rows[0]?.body ?? null;
  }

  async getMany(ids: string[]): Promise<Doc[]> {
    if (ids.length === 0) return [];
    await this.ready();
    const sql = `SELECT id, body FROM ${this.table} WHERE id = ANY($1::text[])`;
    const { rows } = await this.pool.query<{ id: string; body: Doc }>(prepared(sql, [ids]));
    const found = new Map(rows.map((row) => [row.id, row.body]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  async put(doc: Doc): Promise<void> {
    const body = serialize(doc);
    await this.ready();
    const sql = `INSERT INTO ${this.table} (id, body) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO UPDATE SET body = excluded.body`;
    await this.pool.query(prepared(sql, [doc.id, body]));
  }

  /** A shallow merge in one statement; fields set to undefined are removed, as JSON drops them. */
  async patch(id: string, fields: Partial<Doc>): Promise<Doc | null> {
    const { id: _, ...changes } = fields; // the id never changes
    const removed = Object.keys(changes).filter((key) => changes[key] === undefined);
    const merged = JSON.stringify(changes);
    await this.ready();
    const sql = `UPDATE ${this.table} SET body = (body - $2::text[]) || $3::jsonb WHERE id = $1 RETURNING body`;
    const { rows } = await this.pool.query<{ body: Doc }>(prepared(sql, [id, removed, merged]));
    return rows[0]?.body ?? null;
  }

  async delete(id: string): Promise<boolean> {
    await this.ready();
    const { rowCount } = await this.pool.query(prepared(`DELETE FROM ${this.table} WHERE id = $1`, [id]));
    return (rowCount ?? 0) > 0;
  }

  findSql(query: FindQuery): { text: string; values: unknown[] } {
    const values: unknown[] = [];
    const where = whereSql(query.where, values);
    values.push(query.limit ?? null, query.skip ?? 0);
    const text = `SELECT body FROM ${this.table}${where} ORDER BY ${orderSql(query.sort)} LIMIT $${values.length - 1} OFFSET $${values.length}`;
    return { text, values };
  }

  async find(query: FindQuery = {}): Promise<Doc[]> {
    const { text, values } = this.findSql(query);
    await this.ready();
    const { rows } = await this.pool.query<{ body: Doc }>(prepared(text, values));
    return rows.map((row) => row.body);
  }

  async count(where?: Record<string, Scalar>): Promise<number> {
    const values: unknown[] = [];
    const text = `SELECT count(*) AS n FROM ${this.table}${whereSql(where, values)}`;
    await this.ready();
    const { rows } = await this.pool.query<{ n: number }>(prepared(text, values));
    return rows[0]!.n;
  }
}

/** The columns of a lease row, named as a `LeaseGrant`'s fields. */
const GRANT = 'name, owner, epoch, expires_at AS "expiresAt"';

/** Epoch milliseconds on the server's clock, which every process shares whatever its own clock says. */
const NOW_MS = `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`;

/**
 * Leases as rows of the read store's database. Taking, renewing and refusing are one
 * `INSERT ... ON CONFLICT DO UPDATE ... WHERE` each: the row lock makes racing takers queue, and
 * each sees the row as the previous one left it, so only one wins. Expiries use the database
 * server's clock. A released lease keeps its row (expired), so its epoch is never lowered.
 */
class PostgresLeases implements LeaseStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly ready: () => Promise<void>,
  ) {}

  async acquire(name: string, owner: string, ttlMs: number): Promise<LeaseGrant | null> {
    await this.ready();
    // The holder renews with its epoch, even past the expiry: nobody took it meanwhile.
    const sql = `INSERT INTO leases AS l (name, owner, epoch, expires_at) VALUES ($1, $2, 1, ${NOW_MS} + $3)
      ON CONFLICT (name) DO UPDATE
        SET epoch = CASE WHEN l.owner = excluded.owner THEN l.epoch ELSE l.epoch + 1 END,
            owner = excluded.owner, expires_at = excluded.expires_at
        WHERE l.owner = excluded.owner OR l.expires_at <= excluded.expires_at - $3
      RETURNING ${GRANT}`;
    const { rows } = await this.pool.query<LeaseGrant>(prepared(sql, [name, owner, Math.round(ttlMs)]));
    return rows[0] ?? null;
  }

  async release(name: string, owner: string): Promise<void> {
    await this.ready();
    await this.pool.query(prepared('UPDATE leases SET expires_at = 0 WHERE name = $1 AND owner = $2', [name, owner]));
  }

  async list(): Promise<LeaseGrant[]> {
    await this.ready();
    const { rows } = await this.pool.query<LeaseGrant>(`SELECT ${GRANT} FROM leases ORDER BY name`);
    return rows;
  }

  /**
   * Inside a commit's transaction: throws unless the fence's epoch is still the lease's. The
   * share lock holds off a takeover until the commit ends, so the new holder reads the
   * checkpoint this commit leaves.
   */
  async check(client: PoolClient, fence: Fence): Promise<void> {
    const { rows } = await client.query<{ epoch: number }>(
      prepared('SELECT epoch FROM leases WHERE name = $1 FOR SHARE', [fence.lease]),
    );
    if (rows[0]?.epoch !== fence.epoch) throw new FencedError(fence);
  }
}

/**
 * The read store's schema, oldest step first (append only: `../schema/migrations.ts`): the
 * checkpoints and the leases. Each collection's table (`doc_<name>`: id and JSONB body) and its
 * indexes are made when a projection first opens it, as its declaration says; a step that
 * changes that shape must change every `doc_` table already in the database.
 */
export const POSTGRES_READ_MIGRATIONS: Migration[] = [
  {
    name: 'checkpoints and leases',
    statements: [
      'CREATE TABLE IF NOT EXISTS projection_checkpoints (projection text COLLATE "C" PRIMARY KEY, position bigint NOT NULL)',
      `CREATE TABLE IF NOT EXISTS leases (
        name text COLLATE "C" PRIMARY KEY, owner text NOT NULL, epoch bigint NOT NULL, expires_at bigint NOT NULL)`,
    ],
  },
];

/**
 * Read store on PostgreSQL. One table of JSONB documents per collection (`doc_<name>`), not one
 * shared table with a collection column: each collection gets its own indexes and planner
 * statistics, `reset` is a TRUNCATE however large the collection, and no query or index carries
 * a collection filter. A batch's documents, its checkpoint and its fence check are one
 * transaction; each collection's writes in it are one statement.
 *
 * Strings in documents sort by the database's collation (JSONB has no other): create the
 * database with `LOCALE 'C'` (or `C.UTF-8`) to sort them by code point, as SQLite and MongoDB
 * do; a language collation orders case and accents its own way. JSONB cannot hold the NUL
 * character (`\u0000`) in a string: a document with one fails its commit. Needs PostgreSQL 13+.
 */
export class PostgresReadStore implements ReadStore {
  readonly kind = 'postgres';
  readonly leases: PostgresLeases;
  readonly #pool: pg.Pool;
  readonly #collections = new Map<string, PostgresCollection>();
  readonly #schema: () => Promise<void>;

  constructor(url: string, options: PostgresPoolOptions = {}) {
    this.#pool = openPool(url, { applicationName: 'mibi read', ...options });
    this.#schema = onceSucceeded(() => migratePostgres(this.#pool, 'read', POSTGRES_READ_MIGRATIONS));
    this.leases = new PostgresLeases(this.#pool, this.#schema);
  }

  /** Opens the store and migrates its tables to this release, so a wrong URL, a missing server or a newer schema fails here. */
  static async open(url: string, options?: PostgresPoolOptions): Promise<PostgresReadStore> {
    const store = new PostgresReadStore(url, options);
    return readyOrClosed(store, () => store.#schema());
  }

  collection<T extends Doc = Doc>(spec: CollectionSpec | string): Collection<T> {
    const { name, indexes = [] } = typeof spec === 'string' ? { name: spec } : spec;
    const collection = this.#open(name);
    collection.declare(indexes);
    return collection as unknown as Collection<T>;
  }

  unitOfWork(): UnitOfWork {
    return new BufferedUnitOfWork((collection, id) => this.#open(collection).get(id));
  }

  async commit(work: UnitOfWork, projection: string, position: number, fence?: Fence): Promise<void> {
    await this.commitMany([{ work, projection, position }], fence);
  }

  async commitMany(batches: ProjectionBatch[], fence?: Fence): Promise<void> {
    // Everything is serialized before the transaction: a document that cannot be stored fails the commit untouched.
    const writes = new Map<PostgresCollection, Map<string, string | null>>();
    const checkpoints = new Map<string, number>();
    for (const { work, projection, position } of batches) {
      for (const { collection, id, doc } of work.changes()) {
        const table = this.#open(collection);
        let docs = writes.get(table);
        if (!docs) writes.set(table, (docs = new Map()));
        docs.set(id, doc ? serialize(doc) : null);
      }
      checkpoints.set(projection, position);
    }
    // Tables are created outside the transaction, so a rollback never takes one away.
    await Promise.all([this.#schema(), ...[...writes.keys()].map((table) => table.ready())]);

    await inTransaction(this.#pool, async (client) => {
      if (fence) await this.leases.check(client, fence);
      for (const [table, docs] of writes) {
        const puts: string[] = [];
        const deletes: string[] = [];
        for (const [id, body] of docs) {
          if (body === null) deletes.push(id);
          else puts.push(body);
        }
        await table.write(client, puts, deletes);
      }
      const sql =
        'INSERT INTO projection_checkpoints (projection, position) SELECT * FROM unnest($1::text[], $2::bigint[]) ' +
        'ON CONFLICT (projection) DO UPDATE SET position = excluded.position';
      await client.query(prepared(sql, [[...checkpoints.keys()], [...checkpoints.values()]]));
    });
  }

  async checkpoint(projection: string): Promise<number> {
    await this.#schema();
    const sql = 'SELECT position FROM projection_checkpoints WHERE projection = $1';
    const { rows } = await this.#pool.query<{ position: number }>(prepared(sql, [projection]));
    return rows[0]?.position ?? 0;
  }

  /** Empties the tables (TRUNCATE: instant whatever their size; indexes stay) and forgets the checkpoint, together. */
  async reset(projection: string, collections: string[]): Promise<void> {
    const tables = collections.map((name) => this.#open(name));
    await Promise.all([this.#schema(), ...tables.map((table) => table.ready())]);
    await inTransaction(this.#pool, async (client) => {
      if (tables.length) await client.query(`TRUNCATE ${tables.map((table) => table.table).join(', ')}`);
      await client.query('DELETE FROM projection_checkpoints WHERE projection = $1', [projection]);
    });
  }

  /** PostgreSQL's plan for a find (EXPLAIN), one line per step: shows which index, if any, serves it. */
  async explain(collection: string, query: FindQuery = {}): Promise<string[]> {
    const table = this.#open(collection);
    const { text, values } = table.findSql(query);
    await table.ready();
    const { rows } = await this.#pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    return rows.map((row) => row['QUERY PLAN']);
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }

  #open(name: string): PostgresCollection {
    let collection = this.#collections.get(name);
    if (!collection) {
      collection = new PostgresCollection(this.#pool, name);
      this.#collections.set(name, collection);
    }
    return collection;
  }
}
