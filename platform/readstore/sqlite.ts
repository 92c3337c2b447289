import { renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openSqlite } from '../sqlite.ts';
import type { Migration } from '../schema/migrations.ts';
import { migrateSqlite } from '../schema/sqlite.ts';
import { type Fence, FencedError, type LeaseGrant, type LeaseStore } from '../lease/port.ts';
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
import { BufferedUnitOfWork } from './unit-of-work.ts';
import { identifier, scalarKind } from './validation.ts';

type Param = string | number;

/** Query shapes come from code, so few are ever prepared; the cap only guards against a caller inventing them. */
const MAX_CACHED_QUERIES = 200;

/** The SQL value of a field: `id` is the key column, every other field lives in the JSON body. */
function fieldSql(field: string): string {
  return field === 'id' ? 'id' : `json_extract(body, '$.${identifier('field', field)}')`;
}

/** One equality test with its parameter; a missing field counts as null, as in MongoDB. */
function condition(field: string, value: Scalar): [sql: string, ...params: Param[]] {
  const column = fieldSql(field);
  const kind = scalarKind(field, value);
  if (kind === 'null') return [`${column} IS NULL`];
  if (kind === 'string') return [`${column} = ?`, value as string];
  // json_extract turns JSON true/false into 1/0: the JSON type keeps `true` and `1` apart.
  const types = kind === 'boolean' ? `'true', 'false'` : `'integer', 'real'`;
  return [`${column} = ? AND json_type(body, '$.${field}') IN (${types})`, Number(value)];
}

function whereSql(where: Record<string, Scalar> = {}): { sql: string; params: Param[] } {
  const tests: string[] = [];
  const params: Param[] = [];
  for (const [field, value] of Object.entries(where)) {
    const [sql, ...values] = condition(field, value);
    tests.push(sql);
    params.push(...values);
  }
  return { sql: tests.length ? ` WHERE ${tests.join(' AND ')}` : '', params };
}

function orderSql(sort: FindQuery['sort'] = []): string {
  const keys = sort.map(([field, direction]) => `${fieldSql(field)} ${direction === 'desc' ? 'DESC' : 'ASC'}`);
  return [...keys, 'id ASC'].join(', ');
}

const parse = (body: string) => JSON.parse(body) as Doc;

export interface SqliteReadStoreOptions {
  /**
   * For a new file that a rebuild fills from zero, and nothing else: no journal and no syncs,
   * several times faster to write, but a failure or crash midway leaves a file to throw away
   * (a rollback is not possible either: a failed commit may leave part of its writes).
   * The connection holds the file alone until it closes (another is refused at once), so SQLite
   * neither locks nor checks the file at every read and commit (a rebuild reads back documents
   * it let go of, and commits, hundreds of thousands of times). Opened again without it, the
   * file is an ordinary store.
   */
  bulkLoad?: boolean;
}

/** Page cache of a bulk load's connection (SQLite's default is 2 MiB). */
const BULK_CACHE_KIB = 48 * 1024;

/** See `SqliteReadStoreOptions.bulkLoad`. */
function openForBulkLoad(file: string): Database.Database {
  const db = new Database(file, { timeout: 0 });
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('page_size = 8192');
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // The indexes are built once the documents are in: their sorts and B-trees stay in memory.
  db.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  db.pragma('temp_store = MEMORY');
  return db;
}

const SIDE_FILES = ['-wal', '-shm', '-journal'];

/** Removes a SQLite file with its write-ahead log, shared memory and journal, if any. */
export function removeSqliteFile(file: string): void {
  for (const suffix of ['', ...SIDE_FILES]) rmSync(file + suffix, { force: true });
}

/**
 * Puts the SQLite file `from`, closed and with no side files, in the place of `to` in one rename
 * (readers find the old file or the new one, never none); `to`'s write-ahead log goes first, or
 * it would be applied to the new file.
 */
export function replaceSqliteFile(from: string, to: string): void {
  for (const suffix of SIDE_FILES) rmSync(to + suffix, { force: true });
  renameSync(from, to);
}

/**
 * Moves the collections (tables and indexes) and checkpoints of the read store file `from`,
 * closed, into `into`, closed, then removes `from`: for rebuilds loaded in several files at
 * once, which share no collection. SQLite copies each table and index whole, in key order,
 * without parsing a row, as the destination's are empty and of the same shape.
 */
export function mergeSqliteFile(into: string, from: string): void {
  const db = openForBulkLoad(into);
  try {
    db.prepare('ATTACH DATABASE ? AS other').run(from);
    const schema = db
      .prepare<[], { type: string; name: string; sql: string }>(
        "SELECT type, name, sql FROM other.sqlite_master WHERE tbl_name LIKE 'doc\\_%' ESCAPE '\\' AND sql IS NOT NULL ORDER BY type = 'index'",
      )
      .all();
    db.transaction(() => {
      for (const { sql } of schema) db.exec(sql);
      for (const { type, name } of schema) {
        if (type === 'table') db.exec(`INSERT INTO main."${name}" SELECT * FROM other."${name}"`);
      }
      db.exec('INSERT INTO main.projection_checkpoints SELECT * FROM other.projection_checkpoints');
    })();
    db.exec('DETACH DATABASE other');
  } finally {
    db.close();
  }
  removeSqliteFile(from);
}

/** A document to write (its JSON) or delete (null) in its table. */
type Row = [table: SqliteCollection, id: string, json: string | null];

/** One table of JSON documents with its prepared statements. */
class SqliteCollection implements Collection {
  private readonly selectOne: Database.Statement<[string], string>;
  private readonly selectMany: Database.Statement<[string], { id: string; body: string }>;
  private readonly upsert: Database.Statement<[string, string]>;
  private readonly deleteOne: Database.Statement<[string]>;
  private readonly deleteAll: Database.Statement<[]>;
  private readonly queries = new Map<string, Database.Statement<Param[], unknown>>();

  constructor(
    private readonly db: Database.Database,
    private readonly table: string,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, body TEXT NOT NULL)`);
    this.selectOne = db.prepare<[string], string>(`SELECT body FROM ${table} WHERE id = ?`).pluck();
    this.selectMany = db.prepare(`SELECT id, body FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`);
    this.upsert = db.prepare(
      `INSERT INTO ${table} (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
    );
    this.deleteOne = db.prepare(`DELETE FROM ${table} WHERE id = ?`);
    this.deleteAll = db.prepare(`DELETE FROM ${table}`);
  }

  /** The index name spells out its fields, so different field lists never share a name. */
  ensureIndex(fields: string[]): void {
    this.db.exec(
      `CREATE INDEX IF NOT EXISTS "${this.table}(${fields.map((f) => identifier('field', f)).join(',')})" ` +
        `ON ${this.table} (${fields.map(fieldSql).join(', ')})`,
    );
  }

  read(id: string): Doc | null {
    const body = this.selectOne.get(id);
    return body === undefined ? null : parse(body);
  }

  write(doc: Doc): void {
    this.upsert.run(doc.id, JSON.stringify(doc));
  }

  writeJson(id: string, json: string): void {
    this.upsert.run(id, json);
  }

  remove(id: string): boolean {
    return this.deleteOne.run(id).changes > 0;
  }

  clear(): void {
    this.deleteAll.run();
  }

  findSql(query: FindQuery): { sql: string; params: Param[] } {
    const where = whereSql(query.where);
    return {
      sql: `SELECT body FROM ${this.table}${where.sql} ORDER BY ${orderSql(query.sort)} LIMIT ? OFFSET ?`,
      params: [...where.params, query.limit ?? -1, query.skip ?? 0],
    };
  }

  async get(id: string): Promise<Doc | null> {
    return this.read(id);
  }

  async getMany(ids: string[]): Promise<Doc[]> {
    const found = new Map(this.selectMany.all(JSON.stringify(ids)).map((row) => [row.id, row.body]));
    return ids.flatMap((id) => {
      const body = found.get(id);
      return body === undefined ? [] : [parse(body)];
    });
  }

  async put(doc: Doc): Promise<void> {
    this.write(doc);
  }

  async patch(id: string, fields: Partial<Doc>): Promise<Doc | null> {
    return this.db
      .transaction(() => {
        const current = this.read(id);
        if (!current) return null;
        const next = { ...current, ...fields, id };
        this.write(next);
        return next;
      })
      .immediate();
  }

  async delete(id: string): Promise<boolean> {
    return this.remove(id);
  }

  async find(query: FindQuery = {}): Promise<Doc[]> {
    const { sql, params } = this.findSql(query);
    return (this.prepared(sql).all(...params) as string[]).map(parse);
  }

  async count(where?: Record<string, Scalar>): Promise<number> {
    const filter = whereSql(where);
    return this.prepared(`SELECT count(*) FROM ${this.table}${filter.sql}`).get(...filter.params) as number;
  }

  /** The SQL text is the cache key: it names the table and the query's shape, never its values. */
  private prepared(sql: string): Database.Statement<Param[], unknown> {
    let statement = this.queries.get(sql);
    if (!statement) {
      if (this.queries.size >= MAX_CACHED_QUERIES) this.queries.delete(this.queries.keys().next().value!);
      statement = this.db.prepare<Param[]>(sql).pluck();
      this.queries.set(sql, statement);
    }
    return statement;
  }
}

interface LeaseRow {
  name: string;
  owner: string;
  epoch: number;
  expires_at: number;
}

const grantOf = (row: LeaseRow): LeaseGrant => ({
  name: row.name,
  owner: row.owner,
  epoch: row.epoch,
  expiresAt: row.expires_at,
});

/**
 * Leases in the read store's file, so several processes on one machine share them. Every
 * change runs in a `BEGIN IMMEDIATE` transaction: it takes the file's write lock before
 * reading, so two processes can never both see a lease free and both take it. Expiries use
 * the machine's clock, which every process on it shares. A released lease keeps its row (with
 * an expiry in the past), so its epoch is never lowered.
 */
class SqliteLeases implements LeaseStore {
  private readonly select: Database.Statement<[string], LeaseRow>;
  private readonly selectAll: Database.Statement<[], LeaseRow>;
  private readonly upsert: Database.Statement<LeaseRow>;
  private readonly expire: Database.Statement<[string, string]>;
  private readonly take: Database.Transaction<(name: string, owner: string, ttlMs: number) => LeaseGrant | null>;

  constructor(db: Database.Database) {
    this.select = db.prepare('SELECT name, owner, epoch, expires_at FROM leases WHERE name = ?');
    this.selectAll = db.prepare('SELECT name, owner, epoch, expires_at FROM leases ORDER BY name');
    this.upsert = db.prepare(
      'INSERT INTO leases (name, owner, epoch, expires_at) VALUES (@name, @owner, @epoch, @expires_at) ' +
        'ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, epoch = excluded.epoch, expires_at = excluded.expires_at',
    );
    this.expire = db.prepare('UPDATE leases SET expires_at = 0 WHERE name = ? AND owner = ?');
    this.take = db.transaction((name: string, owner: string, ttlMs: number) => {
      const now = Date.now();
      const row = this.select.get(name);
      // The holder renews with its epoch, even past the expiry: nobody took it meanwhile.
      if (row && row.owner !== owner && row.expires_at > now) return null;
      const next: LeaseRow = {
        name,
        owner,
        epoch: row?.owner === owner ? row.epoch : (row?.epoch ?? 0) + 1,
        expires_at: now + ttlMs,
      };
      this.upsert.run(next);
      return grantOf(next);
    });
  }

  async acquire(name: string, owner: string, ttlMs: number): Promise<LeaseGrant | null> {
    return this.take.immediate(name, owner, ttlMs);
  }

  async release(name: string, owner: string): Promise<void> {
    this.expire.run(name, owner);
  }

  async list(): Promise<LeaseGrant[]> {
    return this.selectAll.all().map(grantOf);
  }

  /** Inside a commit's transaction: throws unless the fence's epoch is still the lease's. */
  check(fence: Fence): void {
    if (this.select.get(fence.lease)?.epoch !== fence.epoch) throw new FencedError(fence);
  }
}

/**
 * The read store's schema, oldest step first (append only: `../schema/migrations.ts`): the
 * checkpoints and the leases. Each collection's table (`doc_<name>`: id and JSON body) and its
 * indexes are made when a projection first opens it, as its declaration says; a step that
 * changes that shape must change every `doc_` table already in the file.
 */
export const SQLITE_READ_MIGRATIONS: Migration[] = [
  {
    name: 'checkpoints and leases',
    statements: [
      'CREATE TABLE IF NOT EXISTS projection_checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL)',
      'CREATE TABLE IF NOT EXISTS leases (name TEXT PRIMARY KEY, owner TEXT NOT NULL, epoch INTEGER NOT NULL, expires_at INTEGER NOT NULL)',
    ],
  },
];

/**
 * Read store in a SQLite file: one table of JSON documents per collection, expression
 * indexes on the declared fields, a checkpoint table written in the same transaction
 * as the documents, and the writers' leases, checked in that transaction too. Table names
 * carry a `doc_` prefix so the file may also hold the event store's tables; a separate file
 * works the same.
 */
export class SqliteReadStore implements ReadStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly collections = new Map<string, SqliteCollection>();
  private readonly selectCheckpoint: Database.Statement<[string], number>;
  private readonly saveCheckpoint: Database.Statement<[string, number]>;
  private readonly deleteCheckpoint: Database.Statement<[string]>;
  private readonly writeBatches: Database.Transaction<
    (batches: ProjectionBatch[], rows: Row[][], fence?: Fence) => void
  >;
  readonly leases: SqliteLeases;

  constructor(file: string, options: SqliteReadStoreOptions = {}) {
    // Documents and checkpoint commit together, so a commit lost to a power cut is just replayed from the log.
    this.db = options.bulkLoad ? openForBulkLoad(file) : openSqlite(file, 5000);
    migrateSqlite(this.db, 'read', SQLITE_READ_MIGRATIONS);
    this.selectCheckpoint = this.db
      .prepare<[string], number>('SELECT position FROM projection_checkpoints WHERE projection = ?')
      .pluck();
    this.saveCheckpoint = this.db.prepare(
      'INSERT INTO projection_checkpoints (projection, position) VALUES (?, ?) ' +
        'ON CONFLICT (projection) DO UPDATE SET position = excluded.position',
    );
    this.deleteCheckpoint = this.db.prepare('DELETE FROM projection_checkpoints WHERE projection = ?');
    this.leases = new SqliteLeases(this.db);
    this.writeBatches = this.db.transaction((batches: ProjectionBatch[], rows: Row[][], fence?: Fence) => {
      if (fence) this.leases.check(fence);
      batches.forEach(({ projection, position }, i) => {
        for (const [table, id, json] of rows[i]!) {
          if (json === null) table.remove(id);
          else table.writeJson(id, json);
        }
        this.saveCheckpoint.run(projection, position);
      });
    });
  }

  collection<T extends Doc = Doc>(spec: CollectionSpec | string): Collection<T> {
    const { name, indexes = [] } = typeof spec === 'string' ? { name: spec } : spec;
    const collection = this.open(name);
    for (const fields of indexes) collection.ensureIndex(fields);
    return collection as unknown as Collection<T>;
  }

  unitOfWork(): UnitOfWork {
    return new BufferedUnitOfWork(async (collection, id) => this.open(collection).read(id));
  }

  async commit(work: UnitOfWork, projection: string, position: number, fence?: Fence): Promise<void> {
    await this.commitMany([{ work, projection, position }], fence);
  }

  async commitMany(batches: ProjectionBatch[], fence?: Fence): Promise<void> {
    // Tables are created and documents serialized before the transaction: a rollback would drop
    // tables the cache still holds, and the write lock is held only for the writes.
    const rows = batches.map(({ work }) =>
      work
        .changes()
        .map(({ collection, id, doc }): Row => [this.open(collection), id, doc === null ? null : JSON.stringify(doc)]),
    );
    this.writeBatches.immediate(batches, rows, fence);
  }

  async checkpoint(projection: string): Promise<number> {
    return this.selectCheckpoint.get(projection) ?? 0;
  }

  /** Empties the tables rather than dropping them, so indexes and prepared statements stay valid. */
  async reset(projection: string, collections: string[]): Promise<void> {
    const tables = collections.map((name) => this.open(name));
    this.db
      .transaction(() => {
        for (const table of tables) table.clear();
        this.deleteCheckpoint.run(projection);
      })
      .immediate();
  }

  /** SQLite's plan for a find, one line per step: shows which index, if any, serves it. */
  explain(collection: string, query: FindQuery = {}): string[] {
    const { sql, params } = this.open(collection).findSql(query);
    const plan = this.db.prepare<Param[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
    return plan.map((step) => step.detail);
  }

  async close(): Promise<void> {
    this.db.close();
  }

  private open(name: string): SqliteCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection(this.db, `doc_${identifier('collection', name)}`);
      this.collections.set(name, collection);
    }
    return collection;
  }
}
