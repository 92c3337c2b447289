import { describe, expect, it } from 'vitest';
import { type Migration, SchemaVersionError, VERSIONS_TABLE } from './migrations.ts';

/** An empty database of one kind, with the runner that migrates it. */
export interface MigrationTarget {
  migrate(store: string, migrations: readonly Migration[]): Promise<void>;
  /** Runs one query outside any migration. */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** Steps valid in SQLite and PostgreSQL alike. The first is not idempotent: run twice, it fails. */
const STEPS: Migration[] = [
  { name: 'things', statements: ['CREATE TABLE things (id text PRIMARY KEY)'] },
  { name: 'first thing', statements: ["INSERT INTO things (id) VALUES ('a')"] },
  { name: 'sizes', statements: ['ALTER TABLE things ADD COLUMN size integer', 'UPDATE things SET size = 1'] },
];

/** What the runner must do on every database it supports, with test-only migrations. */
export function migrationContract(name: string, open: () => Promise<MigrationTarget>): void {
  describe(name, () => {
    const versions = async (target: MigrationTarget) =>
      (await target.rows(`SELECT store, version, name FROM ${VERSIONS_TABLE} ORDER BY store, version`)).map(
        (row) => `${row.store} ${row.version} ${row.name}`,
      );
    const things = (target: MigrationTarget) => target.rows('SELECT id, size FROM things ORDER BY id');

    const withTarget = (test: (target: MigrationTarget) => Promise<void>) => async () => {
      const target = await open();
      try {
        await test(target);
      } finally {
        await target.close();
      }
    };

    it(
      'applies every step in order on a new database and records each one',
      withTarget(async (target) => {
        await target.migrate('store', STEPS);
        expect(await things(target)).toEqual([{ id: 'a', size: 1 }]);
        expect(await versions(target)).toEqual(['store 1 things', 'store 2 first thing', 'store 3 sizes']);
      }),
    );

    it(
      'applies only the steps a database lacks, and nothing at a start with none new',
      withTarget(async (target) => {
        await target.migrate('store', STEPS.slice(0, 1)); // the previous release
        await target.migrate('store', STEPS);
        await target.migrate('store', STEPS);
        expect(await things(target)).toEqual([{ id: 'a', size: 1 }]);
        expect(await versions(target)).toHaveLength(3);
      }),
    );

    it(
      'keeps the version where it was when a step fails, undoing the steps run before it',
      withTarget(async (target) => {
        await target.migrate('store', STEPS.slice(0, 1));
        const broken = [...STEPS, { name: 'broken', statements: ['INSERT INTO nowhere (id) VALUES (1)'] }];
        await expect(target.migrate('store', broken)).rejects.toThrow(/nowhere/);
        expect(await target.rows('SELECT id FROM things')).toEqual([]);
        expect(await versions(target)).toEqual(['store 1 things']);
        await target.migrate('store', STEPS);
        expect(await things(target)).toEqual([{ id: 'a', size: 1 }]);
      }),
    );

    it(
      'refuses a database migrated by a newer release, or by other migrations, and changes nothing',
      withTarget(async (target) => {
        await target.migrate('store', STEPS);
        await expect(target.migrate('store', STEPS.slice(0, 2))).rejects.toThrow(
          new SchemaVersionError(
            'the store schema is at version 3, newer than this release knows (2): run the release that wrote it, or a later one',
          ),
        );
        const renamed = STEPS.map((step, i) => (i === 1 ? { ...step, name: 'the first thing' } : step));
        await expect(target.migrate('store', renamed)).rejects.toThrow(
          new SchemaVersionError(
            'the store schema\'s version 2 is "first thing", where this release has "the first thing"',
          ),
        );
        expect(await versions(target)).toHaveLength(3);
      }),
    );

    it(
      'keeps a version per store when stores share a database',
      withTarget(async (target) => {
        await target.migrate('store', STEPS);
        await target.migrate('other', [{ name: 'others', statements: ['CREATE TABLE others (id text PRIMARY KEY)'] }]);
        expect(await versions(target)).toEqual([
          'other 1 others',
          'store 1 things',
          'store 2 first thing',
          'store 3 sizes',
        ]);
      }),
    );

    it(
      'adopts tables made before versions were recorded, with their rows, as version 1',
      withTarget(async (target) => {
        const adoptable: Migration[] = [
          { name: 'things', statements: ['CREATE TABLE IF NOT EXISTS things (id text PRIMARY KEY)'] },
          ...STEPS.slice(2),
        ];
        // What a release before versions left: the table, made by the same statement, and its rows.
        await target.rows(adoptable[0]!.statements[0]!);
        await target.rows("INSERT INTO things (id) VALUES ('old')");
        await target.migrate('store', adoptable);
        expect(await things(target)).toEqual([{ id: 'old', size: 1 }]);
        expect(await versions(target)).toEqual(['store 1 things', 'store 2 sizes']);
      }),
    );
  });
}
