/** Blob store port: product images and other uploaded files. Every adapter passes `contract.ts`. */

export interface Blob {
  data: Buffer;
  contentType: string;
}

export interface BlobStore {
  readonly kind: string;
  /** Keys are relative paths of [A-Za-z0-9._/-], no `..` segment. Overwrites. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | null>;
  /** The URL a browser loads the blob from. */
  publicUrl(key: string): string;
  /** True when something was deleted. */
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}

const KEY = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid blob key: ${key}`);
}
