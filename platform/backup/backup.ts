/**
 * Backup and restore of a data folder (the embedded stack's DATA_DIR) while a server may be
 * running on it: its SQLite files through SQLite's online backup API, its other files copied,
 * and a manifest of every file's size and digest that a restore checks before it writes.
 */
import { existsSync } from 'node:fs';
import { copyFile, constants, chmod, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';
import { writeFileAtomically } from '../files.ts';
import { BackupError, MANIFEST, type Manifest, type ManifestFile, describeFile, verifiedManifest } from './manifest.ts';

/**
 * One entry of the data folder: a SQLite file (its snapshot is taken through the online backup
 * API), or a file or folder of files that are written whole and renamed into place (copied as
 * they are; the temp files of writes in flight are left out).
 */
export interface Part {
  name: string;
  kind: 'sqlite' | 'files';
}

/** What a write in flight is named until it is renamed into place (platform/files.ts, the mail folder's keys). */
const IN_FLIGHT = /~[^/]*\.tmp$/;

/** Every page in one step of the online backup. */
const ALL_PAGES = 0x7fffffff;

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if (isMissing(error)) return true;
    throw error;
  }
}

/** A folder of our own: 0700 whatever the umask, as DATA_DIR's are (a backup holds the same secrets). */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

/**
 * A consistent copy of the SQLite file `path` (relative to `from`) in `into`. The pages are read in one step,
 * so in one read transaction: the copy is the database as of one commit. In WAL mode a reader
 * never blocks the server's writers, nor they it (smaller steps would restart the copy at each
 * of their commits). The connection is read-only and takes no lock the server waits on.
 */
async function snapshotSqlite(from: string, into: string, path: string): Promise<string[]> {
  if (!existsSync(join(from, path))) return []; // its store was never opened (the job queue on Redis)
  const db = new Database(join(from, path), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(join(into, path), { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  await chmod(join(into, path), 0o600);
  return [path];
}

/** A copy readable by its owner alone, whatever the source's mode (copyFile keeps it) and the umask. */
async function copyPrivately(source: string, target: string): Promise<void> {
  await copyFile(source, target, constants.COPYFILE_EXCL);
  await chmod(target, 0o600);
}

/** Copies the file or folder `path` (relative to `from`) into `into`; answers the files copied. */
async function copyFiles(from: string, into: string, path: string): Promise<string[]> {
  let info;
  try {
    info = await stat(join(from, path));
  } catch (error) {
    if (isMissing(error)) return []; // not written yet (no image uploaded, no mail sent)
    throw error;
  }
  if (info.isFile()) {
    try {
      await copyPrivately(join(from, path), join(into, path));
    } catch (error) {
      if (isMissing(error)) return []; // removed since it was listed: nothing in the copied log names it
      throw error;
    }
    return [path];
  }
  await mkdir(join(into, path), { mode: 0o700 });
  const copied: string[] = [];
  for (const name of (await readdir(join(from, path))).sort()) {
    if (IN_FLIGHT.test(name)) continue;
    copied.push(...(await copyFiles(from, into, `${path}/${name}`)));
  }
  return copied;
}

export interface BackupOptions {
  dataDir: string;
  /** A new or empty folder outside `dataDir`. */
  into: string;
  /** In the order they are copied: that order is what makes the parts agree with one another. */
  parts: Part[];
  release: string;
  now: () => string;
}

/**
 * Takes the backup; the manifest, written last (and flushed), makes it one. The copies are not
 * flushed one by one (a thousand fsyncs take seconds): one the machine lost before it reached
 * the disk fails the restore's check rather than coming back wrong.
 */
export async function takeBackup({ dataDir, into, parts, release, now }: BackupOptions): Promise<Manifest> {
  const source = resolve(dataDir);
  const target = resolve(into);
  if (`${target}${sep}`.startsWith(`${source}${sep}`))
    throw new BackupError(
      `${target} is inside the data folder: back up into a folder outside it (a lost disk would take both)`,
    );
  if (!(await isEmptyOrAbsent(target))) throw new BackupError(`${target} is not empty: back up into a new folder`);
  await privateFolder(target);
  const createdAt = now();
  const files: ManifestFile[] = [];
  for (const part of parts) {
    const copied =
      part.kind === 'files'
        ? await copyFiles(source, target, part.name)
        : await snapshotSqlite(source, target, part.name);
    for (const path of copied) files.push(await describeFile(target, path));
  }
  const manifest: Manifest = { format: 'mibi-backup', version: 1, release, createdAt, files };
  await writeFileAtomically(join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
  return manifest;
}

export interface RestoreOptions {
  from: string;
  /** The data folder to restore into: new or empty, or with `force` its contents are set aside. */
  to: string;
  force: boolean;
  now: () => string;
}

export interface Restored {
  manifest: Manifest;
  /** Where the folder's former contents were moved (with `force`). */
  setAside?: string;
}

/**
 * Checks the whole backup against its manifest, copies it into a staging folder inside `to`
 * (checking each copy again), then moves it into place, renames on one file system. Only the
 * files the manifest lists are restored.
 */
export async function restoreBackup({ from, to, force, now }: RestoreOptions): Promise<Restored> {
  const manifest = await verifiedManifest(resolve(from));
  const target = resolve(to);
  const present = (await isEmptyOrAbsent(target)) ? [] : await readdir(target);
  if (present.length > 0 && !force)
    throw new BackupError(
      `${target} is not empty: restore into a new folder, or give --force to set its contents aside`,
    );
  await privateFolder(target);
  const stamp = now().replace(/[:.]/g, '');
  const staging = join(target, `.restoring~${stamp}`);
  await privateFolder(staging);
  try {
    for (const file of manifest.files) {
      await mkdir(dirname(join(staging, file.path)), { recursive: true, mode: 0o700 });
      await copyPrivately(join(resolve(from), file.path), join(staging, file.path));
      const copy = await describeFile(staging, file.path);
      if (copy.sha256 !== file.sha256) throw new BackupError(`${file.path} changed while it was copied`);
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let setAside: string | undefined;
  if (present.length > 0) {
    setAside = join(target, `.before-restore~${stamp}`);
    await privateFolder(setAside);
    for (const name of present) await rename(join(target, name), join(setAside, name));
  }
  for (const name of await readdir(staging)) await rename(join(staging, name), join(target, name));
  await rmdir(staging);
  return { manifest, ...(setAside && { setAside }) };
}
