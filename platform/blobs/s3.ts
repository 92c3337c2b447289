import {
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchBucket,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { assertBlobKey, type Blob, type BlobStore } from './port.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Any S3-compatible server; unset means AWS in `region`. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither means the SDK's default credential chain. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where browsers load blobs from (a CDN, say) when not straight from the bucket. */
  publicUrl?: string;
  /**
   * Longest wait for connecting, and for a request's answer or a pause in its body; each call
   * is tried `maxAttempts` times at most (3 by default) and given up after that many timeouts.
   */
  timeoutMs?: number;
  maxAttempts?: number;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** The URL of the bucket's root as addressed by path-style or virtual-hosted requests. */
function bucketUrl({ bucket, endpoint, region, forcePathStyle, publicUrl }: S3BlobStoreOptions): string {
  if (publicUrl) return trimSlashes(publicUrl);
  const server = trimSlashes(endpoint ?? `https://s3.${region}.amazonaws.com`);
  if (forcePathStyle) return `${server}/${bucket}`;
  const url = new URL(server);
  url.hostname = `${bucket}.${url.hostname}`;
  return trimSlashes(url.href);
}

/**
 * Blobs in an S3 bucket. The bucket is created only by a process that writes and finds it
 * missing (the first put answering NoSuchBucket), never at start: processes that only read,
 * or whose keys may not create buckets, never ask for it.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly base: string;
  private readonly callTimeoutMs: number;

  constructor(options: S3BlobStoreOptions) {
    const { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = options;
    const timeoutMs = options.timeoutMs ?? 10_000;
    const maxAttempts = options.maxAttempts ?? 3;
    this.bucket = bucket;
    this.region = region;
    this.base = bucketUrl(options);
    // Every try may time out, plus the SDK's backoff between tries (well under a second each).
    this.callTimeoutMs = maxAttempts * (timeoutMs + 1_000);
    this.client = new S3Client({
      region,
      forcePathStyle,
      ...(endpoint ? { endpoint } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      maxAttempts,
      requestHandler: {
        connectionTimeout: timeoutMs,
        // Until the answer's headers; without throwOnRequestTimeout the SDK only logs a warning.
        requestTimeout: timeoutMs,
        throwOnRequestTimeout: true,
        // A socket idle that long (a body that stopped flowing) fails the call too.
        socketTimeout: timeoutMs,
      },
      // The SDK's default checksums (aws-chunked framing for streamed bodies) are not understood
      // by every S3-compatible server: s3rver stores the framing inside the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Creates the bucket unless it exists: for tests and set-up scripts; `put` does it when needed. */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), this.deadline());
      return;
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
    await this.createBucket();
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const put = () =>
      this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }),
        this.deadline(),
      );
    try {
      await put();
    } catch (error) {
      if (!(error instanceof NoSuchBucket)) throw error;
      await this.createBucket();
      await put();
    }
  }

  async get(key: string): Promise<Blob | null> {
    assertBlobKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }), this.deadline());
      const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
      return {
        data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: object.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  publicUrl(key: string): string {
    assertBlobKey(key);
    return `${this.base}/${key}`;
  }

  /** S3 deletes are idempotent and silent about what existed, hence the HEAD first. */
  async delete(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), this.deadline());
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), this.deadline());
    return true;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /** Another process may create it at the same moment: a bucket that turns out to be ours already is fine. */
  private async createBucket(): Promise<void> {
    // Outside us-east-1 AWS wants the region named again.
    const location =
      this.region === 'us-east-1'
        ? {}
        : { CreateBucketConfiguration: { LocationConstraint: this.region as BucketLocationConstraint } };
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket, ...location }), this.deadline());
    } catch (error) {
      if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
    }
  }

  /** A deadline over all of one call's tries, so no call waits longer than that in total. */
  private deadline(): { abortSignal: AbortSignal } {
    return { abortSignal: AbortSignal.timeout(this.callTimeoutMs) };
  }
}
