import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const keys = new Map<string, Buffer>();

/**
 * The 32-byte key kept in hex at `path` (a file in DATA_DIR), made on first use (`wx`: of two
 * processes starting together on one disk, the second reads the first's key). For the embedded
 * default only: processes on several machines are given their key by a variable instead.
 */
export function generatedKey(path: string): Buffer {
  let key = keys.get(path);
  if (key) return key;
  try {
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  key = Buffer.from(readFileSync(path, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte key in hex`);
  keys.set(path, key);
  return key;
}
