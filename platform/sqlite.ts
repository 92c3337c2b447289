import Database from 'better-sqlite3';

/**
 * A SQLite file as every embedded store opens it. The busy timeout comes first: several
 * processes may open a new file at once, and switching it to WAL takes a lock the others must
 * wait for rather than fail on. In WAL mode NORMAL skips the fsync at each commit, yet a
 * committed transaction is in the WAL file (OS page cache) before the call returns: it survives
 * kill -9 of the process and is lost only if the machine itself crashes before the next
 * checkpoint, at tens of times the commit rate of FULL (here ~300/s against ~10k/s).
 */
export function openSqlite(path: string, busyTimeoutMs: number): Database.Database {
  const db = new Database(path);
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

/** What one write of a group commit came to. */
export type Outcome<R> = { result: R } | { error: unknown };

/** A write's own failure inside a group commit (its `cause`): the group rolls back and its writes are made alone. */
class WriteFailed extends Error {}

/**
 * Group commit on `db`: `write` for each item, in order, in one BEGIN IMMEDIATE transaction
 * (the write lock taken before any read, so no other process slips a write in between a
 * check and its insert), and each item's outcome once it has committed. An error `answers`
 * accepts is that item's outcome and the others commit (it must come before the item's first
 * change: nothing of it is undone). Any other error in one item rolls the group back and each
 * item is written alone, in a transaction of its own, so each still gets its own result or
 * error; a failure of the transaction itself (busy, I/O) is every item's.
 */
export function groupCommit<T, R>(
  db: Database.Database,
  write: (item: T) => R,
  answers: (error: unknown) => boolean = () => false,
): (items: T[]) => Outcome<R>[] {
  const together = db.transaction((items: T[]) =>
    items.map((item): Outcome<R> => {
      try {
        return { result: write(item) };
      } catch (error) {
        if (answers(error)) return { error };
        throw new WriteFailed('a write failed in a group commit', { cause: error });
      }
    }),
  ).immediate;
  const one = db.transaction(write).immediate;
  const alone = (item: T): Outcome<R> => {
    try {
      return { result: one(item) };
    } catch (error) {
      return { error };
    }
  };
  return (items) => {
    try {
      return together(items);
    } catch (error) {
      if (error instanceof WriteFailed && items.length > 1) return items.map(alone);
      return items.map(() => ({ error: error instanceof WriteFailed ? error.cause : error }));
    }
  };
}
