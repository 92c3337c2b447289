import { mkdir, readFile, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertBlobKey, type Blob, type BlobStore } from './port.ts';
import { writeFileAtomically } from '../files.ts';

/*
 * Layout: the blob `products/u1/abc.png` is the plain file `<root>/products/u1/abc.png`,
 * its content type sits beside it in `abc.png~meta.json`, and writes go through
 * `abc.png~<uuid>.tmp`. No key can contain `~`, so neither name ever collides with a blob.
 * The data file is the commit point: a put renames the sidecar into place first and the
 * data last, a delete removes the data first, so a crash leaves at worst a stray sidecar or
 * temp file that no read ever sees.
 */
const SIDECAR = '~meta.json';

interface Meta {
  contentType: string;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

export class FileBlobStore implements BlobStore {
  readonly kind = 'fs';

  constructor(
    private readonly root: string,
    private readonly publicBase = '/media',
  ) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const meta: Meta = { contentType };
    await writeFileAtomically(path + SIDECAR, JSON.stringify(meta));
    await writeFileAtomically(path, data);
  }

  async get(key: string): Promise<Blob | null> {
    const path = this.pathOf(key);
    let data: Buffer;
    try {
      data = await readFile(path);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    const meta = JSON.parse(await readFile(path + SIDECAR, 'utf8')) as Meta;
    return { data, contentType: meta.contentType };
  }

  publicUrl(key: string): string {
    assertBlobKey(key);
    return `${this.publicBase}/${key}`;
  }

  /** The key a request path under the public base names, or null; what the route serving `publicUrl` looks up. */
  keyForPath(path: string): string | null {
    const prefix = `${this.publicBase}/`;
    if (!path.startsWith(prefix)) return null;
    const key = path.slice(prefix.length);
    try {
      assertBlobKey(key);
    } catch {
      return null;
    }
    return key;
  }

  async delete(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      await unlink(path);
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
    await rm(path + SIDECAR, { force: true });
    return true;
  }

  async close(): Promise<void> {}
}
