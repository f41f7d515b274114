import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ReadReplicas } from '../db/replicas.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/** What services need from the outside world; built once in main.ts (or by the test helpers). */
export interface Deps {
  config: Config;
  db: Db;
  jobs: Jobs;
  blobs: BlobStore;
  /** DATABASE_READ_URL's streaming replicas, for the reads routes send there (plugins/read-replica.ts readsOf). */
  reads?: ReadReplicas;
}
