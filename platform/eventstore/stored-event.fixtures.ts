/** Test fixture: an event changed in the embedded store directly, behind the app's back, as tampering would. */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { EMBEDDED_FILES } from '../platform.ts';

/** Rewrites the data of `stream`'s event at `revision` in the events database of data directory `dir`. */
export function editStoredEvent(
  dir: string,
  stream: string,
  revision: number,
  edit: (data: Record<string, unknown>) => object,
): void {
  const db = new Database(join(dir, EMBEDDED_FILES.events));
  try {
    const row = db.prepare('SELECT data FROM events WHERE stream = ? AND revision = ?').get(stream, revision) as
      | { data: string }
      | undefined;
    if (!row) throw new Error(`no event ${stream} revision ${revision} to edit`);
    db.prepare('UPDATE events SET data = ? WHERE stream = ? AND revision = ?').run(
      JSON.stringify(edit(JSON.parse(row.data))),
      stream,
      revision,
    );
  } finally {
    db.close();
  }
}
