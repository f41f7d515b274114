import { createHash, randomUUID } from 'node:crypto';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import type { Checkpoint } from './trail-checkpoint.ts';

/**
 * A second home for the trail's signed checkpoints, in the S3 bucket (issue 9): one object per checkpoint, written
 * once and, with S3_OBJECT_LOCK_DAYS, locked in COMPLIANCE mode so that nobody — not the bucket's owner, not root —
 * can delete or overwrite it before the date. An administrator who edits DATA_DIR/trail-checkpoints.jsonl (or every
 * node's copy of it) and then cuts the trail's tail is still caught: trail:verify reads these too.
 */
export interface CheckpointCopies {
  put(checkpoint: Checkpoint): Promise<void>;
  /** Every stored checkpoint, oldest first; an object that is not a checkpoint is reported, not skipped. */
  list(): Promise<Array<Checkpoint | { bad: string }>>;
}

type S3Config = Pick<
  Config,
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
  | 'S3_OBJECT_LOCK_DAYS'
>;

const FOLDER = 'trail-checkpoints/';

/** The folder of the checkpoints under S3_PREFIX ('edoc' and 'edoc/' mean the same folder, as for the blobs). */
export function checkpointFolder(prefix: string): string {
  return `${prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix}${FOLDER}`;
}

/**
 * The PutObject of one checkpoint. The key starts with the time, so a listing is in time order, and ends with a
 * random part, so two nodes checkpointing in the same millisecond never overwrite each other (which a lock would
 * refuse anyway). Content-MD5 is sent because S3 refuses an object-lock PUT without an integrity header.
 */
export function checkpointPut(
  checkpoint: Checkpoint,
  opts: { bucket: string; prefix: string; lockDays?: number },
): PutObjectCommandInput {
  const body = `${JSON.stringify(checkpoint)}\n`;
  const at = new Date(checkpoint.at);
  const input: PutObjectCommandInput = {
    Bucket: opts.bucket,
    Key: `${checkpointFolder(opts.prefix)}${checkpoint.at.replace(/[:.]/g, '-')}-${checkpoint.lastId}-${randomUUID().slice(0, 8)}.json`,
    Body: body,
    ContentType: 'application/json',
    ContentMD5: createHash('md5').update(body).digest('base64'),
  };
  if (opts.lockDays) {
    input.ObjectLockMode = 'COMPLIANCE';
    input.ObjectLockRetainUntilDate = new Date(at.getTime() + opts.lockDays * 86_400_000);
  }
  return input;
}

/** The S3 copies of this configuration; null without S3_BUCKET (then the file in DATA_DIR is the only copy). */
export function createS3Checkpoints(config: S3Config, client?: S3Client): CheckpointCopies | null {
  const bucket = config.S3_BUCKET;
  if (!bucket) return null;
  const s3 =
    client ??
    new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const folder = checkpointFolder(config.S3_PREFIX);
  return {
    async put(checkpoint) {
      const input = checkpointPut(checkpoint, {
        bucket,
        prefix: config.S3_PREFIX,
        lockDays: config.S3_OBJECT_LOCK_DAYS,
      });
      await s3.send(new PutObjectCommand(input));
    },
    async list() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken }));
        for (const { Key } of page.Contents ?? []) if (Key) keys.push(Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      keys.sort();
      const out: Array<Checkpoint | { bad: string }> = [];
      // A few at a time: a year of checkpoints is tens of thousands of small objects.
      for (let i = 0; i < keys.length; i += 16) {
        const texts = await Promise.all(
          keys.slice(i, i + 16).map(async (Key) => {
            const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
            return res.Body ? res.Body.transformToString('utf8') : '';
          }),
        );
        for (const [n, text] of texts.entries()) {
          try {
            out.push(JSON.parse(text) as Checkpoint);
          } catch {
            out.push({ bad: `${keys[i + n]}: ${text.slice(0, 200)}` });
          }
        }
      }
      return out;
    },
  };
}
