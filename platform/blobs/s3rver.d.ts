/** The part of s3rver (which ships no types) that the S3 contract suite uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Resolves with the bound address once listening. */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
