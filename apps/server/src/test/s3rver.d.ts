// s3rver ships no types; this is the part the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** S3 event notifications, e.g. ObjectCreated:Put, ObjectCreated:Post (multipart), ObjectCreated:Copy. */
    on(
      event: 'event',
      listener: (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void,
    ): this;
  }
}
