import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
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

export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly region: string;
  private readonly base: string;

  constructor(options: S3BlobStoreOptions) {
    const { bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = options;
    this.bucket = bucket;
    this.region = region;
    this.base = bucketUrl(options);
    this.client = new S3Client({
      region,
      forcePathStyle,
      ...(endpoint ? { endpoint } : {}),
      ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
      // The SDK's default checksums (aws-chunked framing for streamed bodies) are not understood
      // by every S3-compatible server: s3rver stores the framing inside the object.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Creates the bucket unless it exists; for startup, where the bucket may be new. */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
    // Outside us-east-1 AWS wants the region named again.
    const location =
      this.region === 'us-east-1'
        ? {}
        : { CreateBucketConfiguration: { LocationConstraint: this.region as BucketLocationConstraint } };
    await this.client.send(new CreateBucketCommand({ Bucket: this.bucket, ...location }));
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType }));
  }

  async get(key: string): Promise<Blob | null> {
    assertBlobKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
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
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (error instanceof NotFound) return false;
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    return true;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
