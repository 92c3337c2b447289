import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { killWhen } from '../testing/kill-fixture.ts';
import { queueContract } from './contract.ts';
import { SqliteQueue } from './sqlite.ts';

/** Short lease and poll so the crash and shared-file cases finish in a second. */
const OPTIONS = { leaseMs: 300, pollMs: 20 };
const QUIET_MS = 100;

queueContract('SqliteQueue', {
  async open(storage) {
    const dir = storage ? undefined : mkdtempSync(join(tmpdir(), 'mibi-queue-'));
    const file = storage ?? join(dir!, 'jobs.db');
    const queue = new SqliteQueue(file, OPTIONS);
    return {
      queue,
      storage: file,
      cleanup: async () => {
        await queue.close();
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  fixtureArgs: (file) => ['sqlite', file, JSON.stringify(OPTIONS)],
  leaseMs: OPTIONS.leaseMs,
});

describe('SqliteQueue group commit', () => {
  let dir: string;
  let file: string;
  let queue: SqliteQueue;
  let commits: MockInstance;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mibi-queue-'));
    file = join(dir, 'jobs.db');
    queue = new SqliteQueue(file, OPTIONS);
    commits = countCommits();
  });

  afterEach(async () => {
    commits.mockRestore();
    await queue.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const committed = () =>
    commits.mock.contexts.filter((statement) => (statement as Database.Statement).source === 'COMMIT').length;

  it('writes the adds of one turn in one commit, with the claim of the jobs it wakes, and their outcomes in one more', async () => {
    const runs: number[] = [];
    queue.process<number>('grouped', async (job) => void runs.push(job.data), { concurrency: 100 });
    await sleep(QUIET_MS); // the consumer's first look, on an empty table, writes nothing
    expect(committed()).toBe(0);

    await Promise.all(Array.from({ length: 100 }, (_, i) => queue.add('grouped', i, { jobId: `job-${i}` })));
    expect(committed()).toBe(1);
    await queue.drained('grouped');
    expect(runs.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(committed()).toBe(2);
  });

  it('gives each add of a group its own outcome: a failing one fails alone, the others are kept', async () => {
    const other = new Database(file);
    other.exec(
      `CREATE TRIGGER poison BEFORE INSERT ON jobs WHEN NEW.id = 'poison' BEGIN SELECT RAISE(ABORT, 'poisoned job'); END`,
    );
    other.close();
    const outcomes = await Promise.allSettled([
      queue.add('mixed', 'a', { jobId: 'a' }),
      queue.add('mixed', 'poison', { jobId: 'poison' }),
      queue.add('mixed', 1n),
      queue.add('mixed', 'b', { jobId: 'b' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch('poisoned job');

    const runs: string[] = [];
    queue.process('mixed', async (job) => void runs.push(job.id));
    await queue.drained('mixed');
    expect(runs.toSorted()).toEqual(['a', 'b']);
  });

  it('keeps every add it acknowledged when its process is killed in the middle of groups', async () => {
    const output = await killWhen(
      [join(import.meta.dirname, 'group-crash.fixture.ts'), file],
      (printed) => printed.split('\n').length > 500,
    );
    const acked = [...output.matchAll(/^acked (\S+)$/gm)].map((match) => match[1]!);
    expect(acked.length).toBeGreaterThanOrEqual(500);

    const runs: string[] = [];
    queue.process('crash-group', async (job) => void runs.push(job.id), { concurrency: 50 });
    await queue.drained('crash-group');
    expect(new Set(runs).size).toBe(runs.length);
    expect(runs).toEqual(expect.arrayContaining(acked));
  }, 30_000);
});

/** Spies on every statement run in this process; the COMMITs among them are the transactions committed. */
function countCommits(): MockInstance {
  const scratch = new Database(':memory:');
  const statement = Object.getPrototypeOf(scratch.prepare('SELECT 1')) as Database.Statement;
  scratch.close();
  return vi.spyOn(statement, 'run');
}
