/**
 * Schema versions of the stores MIBI creates its own tables for (SQLite and PostgreSQL): each
 * store lists its migrations in order, and its version is how many of them its database has
 * applied. They run at start, where the store opens, in one transaction under a lock
 * (`./sqlite.ts`, `./postgres.ts`), so processes starting together apply each step once, and a
 * step that fails leaves the version where it was.
 *
 * Hand-written rather than a library: the stores' schemas are a few statements each; what they
 * need is one versions table that several stores share (one SQLite file or PostgreSQL database
 * may hold the event store and the read store), a synchronous run on better-sqlite3 inside the
 * store's constructor, and PostgreSQL's advisory lock. The migration libraries for Node assume
 * one schema per database, an async driver, or migration files on disk.
 *
 * Rules for a release that changes a schema: append a migration, never edit, reorder, rename or
 * remove one a release has shipped (a database records each applied step by name and a
 * mismatch stops the start). Migration 1 of every store is the `CREATE ... IF NOT EXISTS` its
 * release before versions ran at each start: on a database that release wrote, it finds the
 * tables there and records version 1 without touching their rows.
 */
export interface Migration {
  /** Says what the step does, in a few words; recorded with its version. */
  name: string;
  /** Run in order, in the migration's transaction. */
  statements: readonly string[];
}

/** A step a database has recorded. */
export interface Applied {
  version: number;
  name: string;
}

/** The table that records every store's applied steps, in any database MIBI migrates. */
export const VERSIONS_TABLE = 'mibi_schema_migrations';

/** A database MIBI cannot run on: its schema is newer than this release, or not the one these migrations built. */
export class SchemaVersionError extends Error {
  override name = 'SchemaVersionError';
}

/**
 * The steps still to apply to `store` (with their versions, from 1), after checking that what
 * the database has applied is a prefix of `migrations`.
 */
export function pendingMigrations(
  store: string,
  migrations: readonly Migration[],
  applied: readonly Applied[],
): Array<Migration & { version: number }> {
  for (const [i, step] of applied.entries()) {
    const known = migrations[i];
    if (step.version !== i + 1) {
      throw new SchemaVersionError(`the ${store} schema lacks version ${i + 1} but has ${step.version}`);
    }
    if (!known) {
      throw new SchemaVersionError(
        `the ${store} schema is at version ${applied.length}, newer than this release knows (${migrations.length}): ` +
          'run the release that wrote it, or a later one',
      );
    }
    if (known.name !== step.name) {
      throw new SchemaVersionError(
        `the ${store} schema's version ${step.version} is "${step.name}", where this release has "${known.name}"`,
      );
    }
  }
  return migrations.slice(applied.length).map((step, i) => ({ ...step, version: applied.length + i + 1 }));
}
