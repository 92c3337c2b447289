/**
 * A log written by an earlier version (projections/fixtures/<name>.ndjson), imported into a
 * fresh data folder and served by this version for one test file; its last test closes the
 * server and checks that the read models equal a clean rebuild of the log, old events and new.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/harness.ts';
import { mibi } from './mibi.fixtures.ts';

export interface OldLog {
  /** This version serving the imported log. */
  api(): TestApi;
  /** The file's last test: with the server closed, its read models equal a clean rebuild. */
  itEqualsACleanRebuild(): void;
}

/** Imports the fixture log before the file's tests and serves it; removes it after them. */
export function oldLog(name: string, events: number, streams: number): OldLog {
  const fixture = fileURLToPath(new URL(`../../projections/fixtures/${name}.ndjson`, import.meta.url));
  let dir: string;
  let served: TestApi | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `mibi-${name}-`));
    expect(await mibi(dir, 'import', fixture)).toMatchObject({
      code: 0,
      stdout: `Imported ${events} events into ${streams} streams; ${events} positions mapped (1..${events} in the file are 1..${events} here)\n`,
    });
    served = await startTestApi({ DATA_DIR: dir });
    await served.settle();
  });
  afterAll(async () => {
    await served?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    api() {
      if (!served) throw new Error(`the ${name} log is not served`);
      return served;
    },
    itEqualsACleanRebuild() {
      it('has read models equal to a clean rebuild of the log, old events and new', async () => {
        await served?.close();
        served = undefined;
        const compared = await mibi(dir, 'rebuild', '--all', '--compare');
        expect(compared.stdout).toContain('Every collection equals the rebuild.');
        expect(compared.code).toBe(0);
      });
    },
  };
}
