/**
 * `mibi backup <dir>` and `mibi restore <dir>`: a consistent copy of the embedded stack's
 * DATA_DIR taken while the server runs, and that copy brought back into a data folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ANALYST_KEY_FILE } from '../../analytics/privacy.ts';
import { TOTP_KEY_FILE } from '../../api/auth/totp.ts';
import { type Part, restoreBackup, takeBackup } from '../../platform/backup/backup.ts';
import { BackupError, type Manifest } from '../../platform/backup/manifest.ts';
import { systemClock } from '../../platform/clock.ts';
import { type Config, loadConfig } from '../../platform/config/config.ts';
import { EMBEDDED_FILES } from '../../platform/platform.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { type Command, CommandError, EXIT, parse } from './command.ts';
import { formatCount, formatDuration, write } from './output.ts';

/**
 * DATA_DIR's contents in the order a backup takes them, which is what makes the parts agree:
 * each SQLite file is a snapshot of one moment, and those moments follow one another.
 * - The read store first: the read models' and reactors' checkpoints in it never pass the log
 *   copied after it, so at start the projections and reactors go on from them over the rest.
 * - The job queue before the log: every job in it is for an event of the copied log (a job is
 *   queued after its event), and the reactors queue again, under the same ids, what came later.
 * - The log.
 * - Images after the log: an image is stored before the event that names it, so every image the
 *   copied log names is in the copy (images are never changed in place).
 * - The mailbox after the log: every keyed mail the copied log records as sent has its key, so
 *   a retry after the restore does not mail it again.
 * - The key that opens the TOTP secrets sealed in the log, and the one analysts' pseudonyms are
 *   keyed with (restored without it, every pseudonym would change).
 */
const PARTS: Part[] = [
  { name: EMBEDDED_FILES.read, kind: 'sqlite' },
  { name: EMBEDDED_FILES.jobs, kind: 'sqlite' },
  { name: EMBEDDED_FILES.events, kind: 'sqlite' },
  { name: EMBEDDED_FILES.media, kind: 'files' },
  { name: EMBEDDED_FILES.mail, kind: 'files' },
  { name: TOTP_KEY_FILE, kind: 'files' },
  { name: ANALYST_KEY_FILE, kind: 'files' },
];

const RELEASE = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The embedded stack's configuration; the servers' own tools back up the event and read stores at scale. */
function embeddedConfig(command: string): Config {
  const config = loadConfig();
  const external = [
    config.EVENTSTORE_URL && 'EVENTSTORE_URL',
    config.POSTGRES_URL && 'POSTGRES_URL',
    config.MONGO_URL && 'MONGO_URL',
  ].filter(Boolean);
  if (external.length > 0) {
    throw new CommandError(
      `${command} works on the embedded stack in DATA_DIR, and ${external.join(', ')} ${external.length > 1 ? 'are' : 'is'} set: ` +
        "back those stores up with their own tools (README, 'Backup and restore')",
    );
  }
  return config;
}

/** What the backup leaves to the operator when part of the stack is elsewhere. */
function notesOf(config: Config): string[] {
  return [
    config.S3_BUCKET && `the images are in the S3 bucket ${config.S3_BUCKET}, not in this backup (keep its versions)`,
    config.REDIS_URL &&
      'the job queue is in Redis, not in this backup: the workers add again, at their next reconciliation, every job whose effect the log does not show',
    config.TOTP_KEY && 'TOTP_KEY is set, so not in this backup: keep it with the backup, or no second factor opens',
  ].filter((note): note is string => Boolean(note));
}

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${formatCount(Math.ceil(bytes / 1024))} KiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** One line per part: its files and their size. */
async function printParts(manifest: Manifest): Promise<void> {
  for (const { name } of PARTS) {
    const files = manifest.files.filter((f) => f.path === name || f.path.startsWith(`${name}/`));
    if (files.length === 0) continue;
    const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
    const count = files.length > 1 || files[0]!.path !== name ? `${formatCount(files.length)} files, ` : '';
    await write(`  ${name.padEnd(10)} ${count}${formatBytes(bytes)}\n`);
  }
}

/** A lease on the folder's read store that has not run out: a MIBI process still works on it. */
async function heldLease(dataDir: string): Promise<string | undefined> {
  const file = join(dataDir, EMBEDDED_FILES.read);
  if (!existsSync(file)) return undefined;
  const read = new SqliteReadStore(file);
  try {
    const held = (await read.leases.list()).find((lease) => lease.expiresAt > Date.now());
    return held && `${held.name} (held by ${held.owner})`;
  } finally {
    await read.close();
  }
}

function failed(error: unknown): never {
  if (error instanceof BackupError) throw new CommandError(error.message);
  throw error;
}

export const backupCommand: Command = {
  name: 'backup',
  summary: 'Copy the embedded stack (DATA_DIR) consistently, while the server runs',
  help: `Usage: mibi backup <dir>

Copies DATA_DIR into <dir>, a new or empty folder outside it, while the server runs on it
(no need to stop it: nothing it does waits on the copy): the SQLite files (read store, job
queue, event log, in that order) each as of one moment through SQLite's online backup, then
the images, the mailbox with its keys, totp.key and analyst.key. manifest.json, written last, lists
every file with its size and SHA-256; mibi restore checks them all.

Files are 0600 and folders 0700: the backup holds password hashes and the key of the
second factors. Keep it on another disk.

Options:
  -h, --help  this help

Exit code 1 when DATA_DIR holds no event log, <dir> is not empty, or the stores are not
the embedded ones.`,

  async run(argv) {
    const { positionals } = parse(argv, {}, { min: 1, max: 1, name: 'folder to back up into' });
    const config = embeddedConfig('mibi backup');
    const dataDir = resolve(config.DATA_DIR);
    if (!existsSync(join(dataDir, EMBEDDED_FILES.events)))
      throw new CommandError(`${dataDir} holds no ${EMBEDDED_FILES.events}: nothing to back up (is DATA_DIR right?)`);
    const started = performance.now();
    const into = resolve(positionals[0]!);
    const manifest = await takeBackup({ dataDir, into, parts: PARTS, release: RELEASE, now: systemClock.now }).catch(
      failed,
    );
    const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
    await write(
      `Backed up ${dataDir} into ${into}: ${formatCount(manifest.files.length)} files, ${formatBytes(bytes)} in ${formatDuration(performance.now() - started)}\n`,
    );
    await printParts(manifest);
    for (const note of notesOf(config)) process.stderr.write(`note: ${note}\n`);
    return EXIT.ok;
  },
};

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'Bring a backup back into DATA_DIR, every file checked first',
  help: `Usage: mibi restore <dir> [--force]

Checks every file of the backup in <dir> against its manifest (size and SHA-256), then
restores it into DATA_DIR, which must be new or empty. Nothing is written when the backup
does not verify. Stop every MIBI process on DATA_DIR first; then start the server on it:
the read models go on from where the backup left them, and mibi rebuild --all --compare
checks them against the restored log.

Options:
  --force     restore into a DATA_DIR that is not empty: its contents are moved into
              DATA_DIR/.before-restore~<time>/ (delete it once the restore is checked).
              Refused while a MIBI process holds a lease on it.
  -h, --help  this help

Exit code 1 when the backup does not verify, DATA_DIR is not empty (without --force) or
in use, or the stores are not the embedded ones.`,

  async run(argv) {
    const { values, positionals } = parse(
      argv,
      { force: { type: 'boolean' } },
      { min: 1, max: 1, name: 'backup folder' },
    );
    const config = embeddedConfig('mibi restore');
    const dataDir = resolve(config.DATA_DIR);
    const force = values.force ?? false;
    if (force) {
      const lease = await heldLease(dataDir);
      if (lease)
        throw new CommandError(
          `Refusing to restore: a MIBI process works on ${dataDir} (lease ${lease}): stop it first`,
        );
    }
    const { manifest, setAside } = await restoreBackup({
      from: positionals[0]!,
      to: dataDir,
      force,
      now: systemClock.now,
    }).catch(failed);
    await write(
      `Restored the backup of ${manifest.createdAt} (MIBI ${manifest.release}) into ${dataDir}: ${formatCount(manifest.files.length)} files, every one verified\n`,
    );
    if (setAside) await write(`Its former contents are in ${setAside}\n`);
    return EXIT.ok;
  },
};
