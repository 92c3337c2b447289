import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SilentServer, silentServer } from '../testing/silent-server.ts';
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
  new S3BlobStore({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

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

  it('creates a missing bucket on the first put, and only then', async () => {
    const store = s3rverStore('created-on-put');
    const send = vi.spyOn(S3Client.prototype, 'send');
    const commands = () => send.mock.calls.map(([command]) => command.constructor.name);
    try {
      await store.put('a.txt', Buffer.from('a'), 'text/plain');
      await store.put('b.txt', Buffer.from('b'), 'text/plain');
      expect((await store.get('a.txt'))?.data.toString()).toBe('a');
      expect(commands()).toEqual([
        'PutObjectCommand',
        'CreateBucketCommand',
        'PutObjectCommand',
        'PutObjectCommand',
        'GetObjectCommand',
      ]);
    } finally {
      send.mockRestore();
      await store.close();
    }
  });

  it('never asks for the bucket when it exists: reads, deletes and puts only', async () => {
    const setUp = s3rverStore('existing');
    await setUp.ensureBucket();
    await setUp.close();
    const store = s3rverStore('existing');
    const send = vi.spyOn(S3Client.prototype, 'send');
    try {
      await store.put('a.txt', Buffer.from('a'), 'text/plain');
      await store.get('a.txt');
      await store.delete('a.txt');
      const names = send.mock.calls.map(([command]) => command.constructor.name);
      expect(names.filter((name) => name.includes('Bucket'))).toEqual([]);
    } finally {
      send.mockRestore();
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
      expect(urlOf({ endpoint: 'http://minio:9000', forcePathStyle: true })).toBe(
        'http://minio:9000/mibi/products/u1/abc.png',
      );
    });

    it('puts the bucket in the host otherwise, on AWS by default', () => {
      expect(urlOf({})).toBe('https://mibi.s3.ap-south-1.amazonaws.com/products/u1/abc.png');
      expect(urlOf({ endpoint: 'https://storage.example.in' })).toBe(
        'https://mibi.storage.example.in/products/u1/abc.png',
      );
    });
  });
});

describe('S3BlobStore against a server that accepts connections but never answers', () => {
  const timeoutMs = 300;
  const maxAttempts = 2;
  let silent: SilentServer;
  let store: S3BlobStore;

  beforeAll(async () => {
    silent = await silentServer();
    store = new S3BlobStore({
      bucket: 'silent',
      endpoint: `http://127.0.0.1:${silent.port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      timeoutMs,
      maxAttempts,
    });
  });
  afterAll(async () => {
    await store.close();
    await silent.close();
  });

  it.each<[string, (store: S3BlobStore) => Promise<unknown>]>([
    ['put', (s) => s.put('a.png', Buffer.from('a'), 'image/png')],
    ['get', (s) => s.get('a.png')],
    ['delete', (s) => s.delete('a.png')],
  ])('%s rejects after its tries time out instead of hanging', async (_name, call) => {
    const started = performance.now();
    await expect(call(store)).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(maxAttempts * (timeoutMs + 1000) + 500);
  });
});
