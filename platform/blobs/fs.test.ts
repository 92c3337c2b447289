import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobStoreContract } from './contract.ts';
import { FileBlobStore } from './fs.ts';

blobStoreContract('FileBlobStore', async () => {
  const root = await mkdtemp(join(tmpdir(), 'mibi-blobs-'));
  const store = new FileBlobStore(root);
  return {
    store,
    cleanup: () => rm(root, { recursive: true, force: true }),
    loadPublic: async (url) => {
      const key = store.keyForPath(url);
      return key === null ? null : store.get(key);
    },
  };
});

describe('FileBlobStore', () => {
  let parent: string;
  let root: string;
  let store: FileBlobStore;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'mibi-blobs-'));
    root = join(parent, 'root');
    store = new FileBlobStore(root, '/files');
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  const filesUnder = async (dir: string) =>
    (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();

  it('leaves only blobs and their content types behind, even under concurrent overwrites', async () => {
    await store.put('logo.png', Buffer.from('one'), 'image/png');
    await store.put('logo.png', Buffer.from('two'), 'image/png');
    const versions = Array.from({ length: 20 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(versions.map((data) => store.put('products/u1/abc.png', data, 'image/png')));

    const stored = await store.get('products/u1/abc.png');
    expect(versions.some((data) => stored?.data.equals(data))).toBe(true);
    expect(await filesUnder(root)).toEqual([
      'logo.png',
      'logo.png~meta.json',
      'products/u1/abc.png',
      'products/u1/abc.png~meta.json',
    ]);
  });

  it('removes the content type with the blob', async () => {
    await store.put('a/b.png', Buffer.from('x'), 'image/png');
    await store.delete('a/b.png');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('writes nothing anywhere for a key that climbs out of the root', async () => {
    await expect(store.put('../escaped', Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('maps a request path back to its key only under the public base', () => {
    expect(store.publicUrl('products/u1/abc.png')).toBe('/files/products/u1/abc.png');
    expect(store.keyForPath('/files/products/u1/abc.png')).toBe('products/u1/abc.png');
    expect(store.keyForPath('/media/products/u1/abc.png')).toBeNull();
    expect(store.keyForPath('/files/../secret')).toBeNull();
    expect(store.keyForPath('/files/')).toBeNull();
    expect(store.keyForPath('/filesx/abc.png')).toBeNull();
  });
});
