import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../storage/blob-store.ts';

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name, with nothing that could break the header. */
export function contentDisposition(fileName: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Parses a single "bytes=start-end" range against the size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export interface BlobToSend {
  sha256: string;
  size: number;
  fileName: string;
  contentType: string;
  disposition?: 'attachment' | 'inline';
}

/** Sends bytes made for this request (a watermarked copy): whole, never by range, never cached. */
export function sendBytes(reply: FastifyReply, bytes: Buffer, blob: Omit<BlobToSend, 'sha256' | 'size'>) {
  return reply
    .header('Content-Disposition', contentDisposition(blob.fileName, blob.disposition))
    .header('Accept-Ranges', 'none')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Length', bytes.length)
    .type(blob.contentType || 'application/octet-stream')
    .send(bytes);
}

/**
 * Streams a stored blob as a download or inline view, whole or by one HTTP Range (viewers and download managers
 * resume and seek with them), with a safe UTF-8 file name; the bytes never sit in memory whole.
 */
export async function sendBlob(request: FastifyRequest, reply: FastifyReply, blobs: BlobStore, blob: BlobToSend) {
  const range = parseRange(request.headers.range, blob.size);
  reply
    .header('Content-Disposition', contentDisposition(blob.fileName, blob.disposition))
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'no-store') // issue 9: no cache keeps a document's bytes
    .header('X-Content-Type-Options', 'nosniff')
    .type(blob.contentType || 'application/octet-stream');
  if (range === 'invalid') return reply.status(416).header('Content-Range', `bytes */${blob.size}`).send();
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${blob.size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(await blobs.get(blob.sha256, range));
  }
  reply.header('Content-Length', blob.size);
  return reply.send(await blobs.get(blob.sha256));
}
