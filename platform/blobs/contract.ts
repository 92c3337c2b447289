import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Blob, BlobStore } from './port.ts';

export interface OpenedBlobStore {
  store: BlobStore;
  cleanup(): Promise<void>;
  /** Loads a public URL the way a browser's request for it is served; null when nothing is there. */
  loadPublic(url: string): Promise<Blob | null>;
}

const INVALID_KEYS = ['../x', 'a/../b', '/abs', '', 'with space.png', 'a//b', './a', 'a/.', 'dir/'];

/** The behaviour every BlobStore adapter must show; each test gets a freshly opened, empty store. */
export function blobStoreContract(name: string, open: () => Promise<OpenedBlobStore>): void {
  describe(`BlobStore contract: ${name}`, () => {
    let opened: OpenedBlobStore;
    let store: BlobStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    it('returns the exact bytes and content type that were put', async () => {
      const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      await store.put('bytes.bin', everyByte, 'application/octet-stream');
      expect(await store.get('bytes.bin')).toEqual({ data: everyByte, contentType: 'application/octet-stream' });
    });

    it('round-trips a megabyte', async () => {
      const large = randomBytes(1024 * 1024 + 7);
      await store.put('large.jpg', large, 'image/jpeg');
      const blob = await store.get('large.jpg');
      expect(blob?.contentType).toBe('image/jpeg');
      expect(blob?.data.equals(large)).toBe(true);
    });

    it('round-trips an empty blob', async () => {
      await store.put('empty.txt', Buffer.alloc(0), 'text/plain');
      expect(await store.get('empty.txt')).toEqual({ data: Buffer.alloc(0), contentType: 'text/plain' });
    });

    it('overwrites both bytes and content type', async () => {
      await store.put('doc', Buffer.from('first version, longer than the second'), 'image/png');
      await store.put('doc', Buffer.from('second'), 'text/plain; charset=utf-8');
      expect(await store.get('doc')).toEqual({ data: Buffer.from('second'), contentType: 'text/plain; charset=utf-8' });
    });

    it('answers null for a key never put', async () => {
      expect(await store.get('missing.png')).toBeNull();
    });

    it('deletes once: true, then false, and the blob is gone', async () => {
      await store.put('gone.png', Buffer.from('x'), 'image/png');
      expect(await store.delete('gone.png')).toBe(true);
      expect(await store.get('gone.png')).toBeNull();
      expect(await store.delete('gone.png')).toBe(false);
    });

    it('keeps nested keys apart', async () => {
      const keys = ['products/u1/abc.png', 'products/u1/def.png', 'products/u2/abc.png'];
      for (const key of keys) await store.put(key, Buffer.from(key), 'image/png');
      expect(await store.delete('products/u1/abc.png')).toBe(true);
      expect(await store.get('products/u1/abc.png')).toBeNull();
      for (const key of keys.slice(1)) expect((await store.get(key))?.data.toString()).toBe(key);
    });

    it('rejects invalid keys before touching storage', async () => {
      for (const key of INVALID_KEYS) {
        await expect(store.put(key, Buffer.from('evil'), 'text/plain'), key).rejects.toThrow(/Invalid blob key/);
        await expect(store.get(key), key).rejects.toThrow(/Invalid blob key/);
        await expect(store.delete(key), key).rejects.toThrow(/Invalid blob key/);
        expect(() => store.publicUrl(key), key).toThrow(/Invalid blob key/);
      }
      // What a normalising store would have written instead.
      for (const key of ['x', 'b', 'abs', 'a', 'a/b', 'dir']) expect(await store.get(key), key).toBeNull();
    });

    it('gives a stable public URL that contains the key', async () => {
      const key = 'products/u1/abc.png';
      const url = store.publicUrl(key);
      expect(url).toContain(key);
      expect(store.publicUrl(key)).toBe(url);
      expect(store.publicUrl('products/u1/other.png')).not.toBe(url);
    });

    it('serves a blob at its public URL', async () => {
      const bytes = randomBytes(2048);
      await store.put('products/u1/served.png', bytes, 'image/png');
      expect(await opened.loadPublic(store.publicUrl('products/u1/served.png'))).toEqual({
        data: bytes,
        contentType: 'image/png',
      });
      expect(await opened.loadPublic(store.publicUrl('products/u1/unknown.png'))).toBeNull();
    });
  });
}
