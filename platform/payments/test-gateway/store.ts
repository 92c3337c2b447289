/**
 * The test gateway's state in SQLite (a file under its folder, so orders and payments survive a
 * restart; `:memory:` in tests): Razorpay's entities as the JSON it answers, and the webhooks it
 * owes MIBI with their delivery state.
 */
import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { openSqlite } from '../../sqlite.ts';
import type {
  WireAccount,
  WireOrder,
  WirePayment,
  WireProduct,
  WireRefund,
  WireReversal,
  WireTransfer,
} from '../wire.ts';

export interface Entities {
  order: WireOrder;
  payment: WirePayment;
  refund: WireRefund;
  transfer: WireTransfer;
  reversal: WireReversal;
  account: WireAccount;
  product: WireProduct;
  stakeholder: { id: string; entity: 'stakeholder'; name: string; email: string };
}
export type Kind = keyof Entities;

/** Where a webhook stands: due (pending), kept back (held), never to be sent (dropped), done, or given up. */
export type DeliveryState = 'pending' | 'held' | 'dropped' | 'delivered' | 'failed';

export interface Delivery {
  seq: number;
  id: string;
  event: string;
  body: string;
  state: DeliveryState;
  attempts: number;
  /** Unix ms of the next attempt. */
  dueAt: number;
  /** Deliveries still owed: more than one when duplicated on demand. */
  copies: number;
  /** Among deliveries due at once, the lower goes first (seq, or -seq when released in reverse). */
  rank: number;
  lastStatus: string | null;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-like id: the prefix and 14 base-62 characters (pay_N5sH2kX9dQ1rTz). */
export function newId(prefix: string): string {
  return `${prefix}_${Array.from(randomBytes(14), (byte) => BASE62[byte % 62]).join('')}`;
}

export class GatewayStore {
  private readonly db: Database.Database;

  /** `path`: the SQLite file, or ':memory:'. */
  constructor(path: string) {
    this.db = openSqlite(path, 5000);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS entities (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, parent TEXT, receipt TEXT, seq INTEGER NOT NULL, body TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS entities_parent ON entities (kind, parent, seq);
      CREATE INDEX IF NOT EXISTS entities_receipt ON entities (kind, receipt, seq);
      CREATE TABLE IF NOT EXISTS webhooks (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL, event TEXT NOT NULL, body TEXT NOT NULL,
        state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, due_at INTEGER NOT NULL,
        copies INTEGER NOT NULL DEFAULT 1, rank INTEGER NOT NULL DEFAULT 0, last_status TEXT);
      CREATE INDEX IF NOT EXISTS webhooks_due ON webhooks (state, due_at, rank);
      CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  }

  /** Runs `work` in one transaction: an operation and the webhooks it owes commit together. */
  atomically<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  put<K extends Kind>(kind: K, entity: Entities[K], link: { parent?: string | null; receipt?: string | null } = {}) {
    this.db
      .prepare(
        `INSERT INTO entities (id, kind, parent, receipt, seq, body)
         VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM entities), ?)
         ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
      )
      .run(entity.id, kind, link.parent ?? null, link.receipt ?? null, JSON.stringify(entity));
    return entity;
  }

  get<K extends Kind>(kind: K, id: string): Entities[K] | undefined {
    const row = this.db.prepare('SELECT body FROM entities WHERE id = ? AND kind = ?').get(id, kind) as
      | { body: string }
      | undefined;
    return row && JSON.parse(row.body);
  }

  /** The entities of `kind` under `parent` (a payment's refunds...), oldest first. */
  children<K extends Kind>(kind: K, parent: string): Entities[K][] {
    return this.rows(
      this.db.prepare('SELECT body FROM entities WHERE kind = ? AND parent = ? ORDER BY seq'),
      kind,
      parent,
    );
  }

  withReceipt<K extends Kind>(kind: K, receipt: string): Entities[K][] {
    return this.rows(
      this.db.prepare('SELECT body FROM entities WHERE kind = ? AND receipt = ? ORDER BY seq'),
      kind,
      receipt,
    );
  }

  /** Every entity of `kind`, oldest first. */
  all<K extends Kind>(kind: K): Entities[K][] {
    return this.rows(this.db.prepare('SELECT body FROM entities WHERE kind = ? ORDER BY seq'), kind);
  }

  private rows<T>(statement: Database.Statement, ...args: unknown[]): T[] {
    return (statement.all(...args) as Array<{ body: string }>).map((row) => JSON.parse(row.body));
  }

  setting(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setSetting(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }

  addDelivery(delivery: Pick<Delivery, 'id' | 'event' | 'body' | 'state' | 'dueAt' | 'copies'>): void {
    const { lastInsertRowid } = this.db
      .prepare('INSERT INTO webhooks (id, event, body, state, due_at, copies) VALUES (?, ?, ?, ?, ?, ?)')
      .run(delivery.id, delivery.event, delivery.body, delivery.state, delivery.dueAt, delivery.copies);
    this.db.prepare('UPDATE webhooks SET rank = seq WHERE seq = ?').run(lastInsertRowid);
  }

  /** The next pending delivery due by `now`, if any, and when the one after is due. */
  nextDue(now: number): { due: Delivery | undefined; nextAt: number | undefined } {
    const first = this.db
      .prepare(`SELECT * FROM webhooks WHERE state = 'pending' ORDER BY due_at, rank LIMIT 1`)
      .get() as Row | undefined;
    if (!first) return { due: undefined, nextAt: undefined };
    return first.due_at <= now ? { due: fromRow(first), nextAt: undefined } : { due: undefined, nextAt: first.due_at };
  }

  updateDelivery(
    seq: number,
    change: Partial<Pick<Delivery, 'state' | 'attempts' | 'dueAt' | 'copies' | 'rank' | 'lastStatus'>>,
  ) {
    const columns = {
      state: 'state',
      attempts: 'attempts',
      dueAt: 'due_at',
      copies: 'copies',
      rank: 'rank',
      lastStatus: 'last_status',
    };
    const entries = Object.entries(change);
    if (entries.length === 0) return;
    const set = entries.map(([key]) => `${columns[key as keyof typeof columns]} = ?`).join(', ');
    this.db.prepare(`UPDATE webhooks SET ${set} WHERE seq = ?`).run(...entries.map(([, value]) => value), seq);
  }

  deliveries(state?: DeliveryState): Delivery[] {
    const rows = (
      state
        ? this.db.prepare('SELECT * FROM webhooks WHERE state = ? ORDER BY seq').all(state)
        : this.db.prepare('SELECT * FROM webhooks ORDER BY seq').all()
    ) as Row[];
    return rows.map(fromRow);
  }

  close(): void {
    this.db.close();
  }
}

interface Row {
  seq: number;
  id: string;
  event: string;
  body: string;
  state: DeliveryState;
  attempts: number;
  due_at: number;
  copies: number;
  rank: number;
  last_status: string | null;
}

const fromRow = (row: Row): Delivery => ({
  seq: row.seq,
  id: row.id,
  event: row.event,
  body: row.body,
  state: row.state,
  attempts: row.attempts,
  dueAt: row.due_at,
  copies: row.copies,
  rank: row.rank,
  lastStatus: row.last_status,
});
