import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { spoolToTemp, type BlobStore, type StoredBlob } from './blob-store.ts';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** S3-compatible service (MinIO, Ceph, s3rver); AWS when unset. */
  endpoint?: string;
  /** Without keys the SDK's default chain applies (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Folder of every key, e.g. `edoc/` (a missing final slash is added), so one bucket can serve several installations. */
  prefix?: string;
  tmpDir: string;
  /** Files above this go up in parts; S3 takes at most 5 GiB in one PutObject. */
  multipartThreshold?: number;
  partSize?: number;
}

const MiB = 1024 * 1024;
/**
 * The time of the last write is kept in this user metadata field (x-amz-meta-written-at), not read from
 * LastModified: a re-upload of content already stored is not sent again but copied onto itself with new
 * metadata, and not every S3-compatible store renews LastModified on such a copy (s3rver does not), while all
 * of them keep metadata. The orphan sweep's grace period reads it through modifiedAt().
 */
const WRITTEN_AT = 'written-at';

/** The SDK reports a missing key as NotFound (HEAD, no body) or NoSuchKey (GET, copy). */
function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export function createS3BlobStore(opts: S3BlobStoreOptions): BlobStore {
  const { bucket, tmpDir } = opts;
  // 'edoc' and 'edoc/' mean the same folder.
  const prefix = opts.prefix && !opts.prefix.endsWith('/') ? `${opts.prefix}/` : (opts.prefix ?? '');
  const threshold = opts.multipartThreshold ?? 64 * MiB;
  const partSize = opts.partSize ?? 16 * MiB;
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Streamed bodies would otherwise be sent aws-chunked with a trailing CRC, which older S3-compatible
    // stores (s3rver, older MinIO and Ceph) reject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = `${prefix}blobs/`;
  const key = (sha: string) => `${base}${sha.slice(0, 2)}/${sha}`;
  const stamp = () => ({ [WRITTEN_AT]: new Date().toISOString() });

  async function head(sha: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key(sha) }));
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** Renews the written-at time of a stored blob; false when it vanished meanwhile (a sweep). */
  async function touch(sha: string): Promise<boolean> {
    try {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: key(sha),
          CopySource: `${bucket}/${encodeURIComponent(key(sha)).replaceAll('%2F', '/')}`,
          MetadataDirective: 'REPLACE',
          Metadata: stamp(),
        }),
      );
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async function upload(sha: string, file: string, size: number) {
    if (size <= threshold) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(sha),
          Body: createReadStream(file),
          ContentLength: size,
          Metadata: stamp(),
        }),
      );
      return;
    }
    // Parts go one after the other, each streamed from its slice of the temp file: memory stays constant.
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key(sha), Metadata: stamp() }),
    );
    try {
      const parts: CompletedPart[] = [];
      for (let start = 0, n = 1; start < size; start += partSize, n++) {
        const end = Math.min(start + partSize, size) - 1;
        const { ETag } = await client.send(
          new UploadPartCommand({
            Bucket: bucket,
            Key: key(sha),
            UploadId,
            PartNumber: n,
            Body: createReadStream(file, { start, end }),
            ContentLength: end - start + 1,
          }),
        );
        parts.push({ ETag, PartNumber: n });
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key(sha),
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      // An unfinished multipart upload is invisible but billed; drop it (a lifecycle rule is the backstop).
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key(sha), UploadId })).catch(() => {});
      throw err;
    }
  }

  return {
    async put(input, o = {}): Promise<StoredBlob> {
      return spoolToTemp(input, tmpDir, o.maxBytes, async (tmp, blob) => {
        // Content addressing: equal bytes are stored once; a re-upload only renews the written-at time.
        if (!((await head(blob.sha256)) && (await touch(blob.sha256)))) await upload(blob.sha256, tmp, blob.size);
      });
    },
    async get(sha256, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key(sha256),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body as Readable;
    },
    has: async (sha256) => (await head(sha256)) !== null,
    async remove(sha256) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(sha256) }));
    },
    async modifiedAt(sha256) {
      const res = await head(sha256);
      if (!res) return null;
      const written = res.Metadata?.[WRITTEN_AT];
      const at = written ? new Date(written) : null;
      // Objects put there by other means (a migration copy) have only LastModified.
      return at && !Number.isNaN(at.getTime()) ? at : (res.LastModified ?? new Date());
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken }));
        for (const { Key } of page.Contents ?? []) {
          const name = Key?.slice(Key.lastIndexOf('/') + 1) ?? '';
          if (/^[0-9a-f]{64}$/.test(name) && Key === key(name)) yield name;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      // Uploads spool to the local temp folder first, so it must be writable too; the bucket is never created.
      try {
        await fs.mkdir(tmpDir, { recursive: true });
        const probe = path.join(tmpDir, `health-${randomUUID()}`);
        await fs.writeFile(probe, 'ok');
        await fs.rm(probe);
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return true;
      } catch {
        return false;
      }
    },
  };
}
