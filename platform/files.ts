import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

/**
 * Writes through a fsynced temp file in the same directory, so readers and crashes see the old
 * file or the new one. `mode` as for open(2), before the umask.
 */
export async function writeFileAtomically(path: string, data: Buffer | string, mode = 0o666): Promise<void> {
  const temp = `${path}~${randomUUID()}.tmp`;
  try {
    const file = await open(temp, 'w', mode);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
