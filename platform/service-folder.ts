/**
 * The folder under DATA_DIR of a local stand-in service the embedded default runs (the test
 * payment gateway, the test courier), as every process and thread on DATA_DIR finds it: its keys,
 * made on first use and kept, like the TOTP key; its address, written by the service once it
 * listens and removed when it stops, so a caller learns where it runs (or that it does not).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const keysFile = (folder: string) => join(folder, 'keys.json');
const addressFile = (folder: string) => join(folder, 'address.json');

/** The folder's keys, made by `generate` now if it has none (the first of several processes to ask makes them). */
export function keptKeys<K>(folder: string, generate: () => K): K {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = keysFile(folder);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as K;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole under another name, then linked: a reader never sees half a file, and of two
  // writers racing, the second's link fails and it reads the first's keys.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(generate()), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as K;
}

/** Where the folder's service listens; undefined when it does not run. */
export function readAddress(folder: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(addressFile(folder), 'utf8')) as { url: string }).url;
  } catch {
    return undefined;
  }
}

/** Written by the service: where it listens, and its pid (for a test that kills it). */
export function writeAddress(folder: string, url: string): void {
  writeFileSync(addressFile(folder), JSON.stringify({ url, pid: process.pid }), { mode: 0o600 });
}

/** Removes the address, or only if it is still `url` (a service stopping must not remove its successor's). */
export function removeAddress(folder: string, url?: string): void {
  if (url !== undefined && readAddress(folder) !== url) return;
  rmSync(addressFile(folder), { force: true });
}
