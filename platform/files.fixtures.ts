/** Test fixture: what of a data folder other users could read. */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `dir` ('.') and everything under it that is not private: files other than 0600, folders other than 0700. */
export function notPrivate(dir: string): string[] {
  return ['.', ...readdirSync(dir, { recursive: true, encoding: 'utf8' })].filter((path) => {
    const stats = statSync(join(dir, path));
    return (stats.mode & 0o777) !== (stats.isDirectory() ? 0o700 : 0o600);
  });
}
