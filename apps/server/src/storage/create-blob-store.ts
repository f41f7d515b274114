import type { Config } from '../config.ts';
import { createFsBlobStore, type BlobStore } from './blob-store.ts';

export type StoreConfig = Pick<
  Config,
  | 'blobDir'
  | 'tmpDir'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

/** The S3 driver when S3_BUCKET is set (DESIGN §1), else files under DATA_DIR/blobs. */
export function createBlobStore(config: StoreConfig): BlobStore {
  if (!config.S3_BUCKET) return createFsBlobStore(config.blobDir, config.tmpDir);
  const bucket = config.S3_BUCKET;
  // The S3 client takes a sixth of a second to load: only a server that stores in S3 loads it (issue 16: the start).
  const store = import('./s3-blob-store.ts').then((m) =>
    m.createS3BlobStore({
      bucket,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      // S3-compatible servers are usually reached by address, without a DNS name per bucket.
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
      prefix: config.S3_PREFIX,
      tmpDir: config.tmpDir,
    }),
  );
  return {
    put: async (input, opts) => (await store).put(input, opts),
    get: async (sha256, range) => (await store).get(sha256, range),
    has: async (sha256) => (await store).has(sha256),
    remove: async (sha256) => (await store).remove(sha256),
    modifiedAt: async (sha256) => (await store).modifiedAt(sha256),
    async *list() {
      yield* (await store).list();
    },
    check: async () => (await store).check(),
  };
}
