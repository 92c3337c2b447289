import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobStoreContract } from './contract.ts';
import type { Blob } from './port.ts';
import { S3BlobStore, type S3BlobStoreOptions } from './s3.ts';

let server: S3rver;
let directory: string;
let endpoint: string;
let buckets = 0;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'mibi-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

const s3rverStore = (bucket: string) =>
  new S3BlobStore({ bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });

/** An anonymous GET, as a browser loading an image would make. */
async function fetchBlob(url: string): Promise<Blob | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { data: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? '' };
}

blobStoreContract('S3BlobStore on s3rver', async () => {
  const store = s3rverStore(`contract-${++buckets}`);
  await store.ensureBucket();
  return { store, cleanup: () => store.close(), loadPublic: fetchBlob };
});

describe('S3BlobStore', () => {
  it('ensureBucket creates a missing bucket once and then leaves it be', async () => {
    const store = s3rverStore('ensured');
    try {
      await store.ensureBucket();
      await store.put('kept.txt', Buffer.from('kept'), 'text/plain');
      await store.ensureBucket();
      expect((await store.get('kept.txt'))?.data.toString()).toBe('kept');
    } finally {
      await store.close();
    }
  });

  it('fails loudly, rather than answering null, when the bucket does not exist', async () => {
    const store = s3rverStore('never-created');
    try {
      await expect(store.get('a.png')).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  describe('publicUrl', () => {
    const urlOf = (options: Partial<S3BlobStoreOptions>) => {
      const store = new S3BlobStore({ bucket: 'mibi', region: 'ap-south-1', forcePathStyle: false, ...options });
      const url = store.publicUrl('products/u1/abc.png');
      void store.close();
      return url;
    };

    it('uses the configured public URL first', () => {
      expect(urlOf({ publicUrl: 'https://cdn.example.in/', endpoint: 'http://minio:9000', forcePathStyle: true })).toBe(
        'https://cdn.example.in/products/u1/abc.png',
      );
    });

    it('puts the bucket in the path for path-style endpoints', () => {
      expect(urlOf({ endpoint: 'http://minio:9000', forcePathStyle: true })).toBe('http://minio:9000/mibi/products/u1/abc.png');
    });

    it('puts the bucket in the host otherwise, on AWS by default', () => {
      expect(urlOf({})).toBe('https://mibi.s3.ap-south-1.amazonaws.com/products/u1/abc.png');
      expect(urlOf({ endpoint: 'https://storage.example.in' })).toBe('https://mibi.storage.example.in/products/u1/abc.png');
    });
  });
});
