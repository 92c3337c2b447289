/**
 * `tsx scripts/upgrade-fixture.ts <commit>`: the data directory a release leaves, for the test
 * that upgrades it (`api/roles/upgrade.test.ts`). Runs the server of `<commit>` (its sources
 * from `git archive`, on this checkout's node_modules and built SPA) with the demo data until
 * it has seeded them and its followers have caught up, stops it as an operator would
 * (SIGTERM), and stores its SQLite files gzipped in `api/roles/upgrade-fixtures/<commit>/`.
 * Images and mail stay out: the upgrade is of the tables.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';

const FILES = ['events.db', 'read.db', 'jobs.db'];

/** Long enough for the followers and the workers to finish what the seeding left. */
const SETTLE_MS = 5000;

async function main(commit: string): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'mibi-release-'));
  try {
    const sources = join(work, 'sources');
    const data = join(work, 'data');
    mkdirSync(sources);
    const archive = execFileSync('git', ['archive', commit], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', sources], { input: archive });
    symlinkSync(resolve('node_modules'), join(sources, 'node_modules'));
    // The SPA is not what the fixture is about: one built here saves the release's first start building it.
    if (existsSync('dist/index.html')) symlinkSync(resolve('dist'), join(sources, 'dist'));

    const env = {
      ...process.env,
      DATA_DIR: data,
      DEMO_DATA: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      FOLLOWERS_THREAD: 'false',
    };
    const server = spawn(process.execPath, ['--import', 'tsx', 'api/roles/start.ts', 'all'], {
      cwd: sources,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((done) => server.once('exit', done));
    let output = '';
    await new Promise<void>((seeded, failed) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        if (output.includes('demo data seeded')) seeded();
      });
      void exited.then((code) => failed(new Error(`the server of ${commit} stopped (${code}):\n${output}`)));
    });
    await sleep(SETTLE_MS);
    server.kill('SIGTERM');
    if ((await exited) !== 0) throw new Error(`the server of ${commit} did not stop cleanly:\n${output}`);

    const target = resolve('api/roles/upgrade-fixtures', commit);
    mkdirSync(target, { recursive: true });
    for (const file of FILES) {
      writeFileSync(join(target, `${file}.gz`), gzipSync(readFileSync(join(data, file)), { level: 9 }));
    }
    console.log(`${target}: ${FILES.join(', ')} as the server of ${commit} left them`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const commit = process.argv[2];
if (!commit) {
  console.error('Usage: tsx scripts/upgrade-fixture.ts <commit>');
  process.exit(2);
}
await main(commit);
