// A worker thread of ems-digest-pool.ts: hashes stored entries of one zip, reading them itself. Plain JavaScript so
// the thread starts as it is, from the sources (tests, tsx) and beside the server's bundle alike. Reading and hashing
// here, not in the main thread or libuv's pool, leaves the preview's main thread to parse and map, and copies no file
// between threads (webcrypto's digest copied each one for its thread: a tenth of the preview).
import { closeSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/** Room read past a local header for its file name and extra field, in the same read as the bytes after them. */
const HEADER_SLACK = 1024;
const fd = openSync(workerData.file, 'r');
// One buffer for every file: reused, so hashing 10,000 files allocates nothing per file.
const buf = Buffer.allocUnsafeSlow(1024 * 1024);

/**
 * The sha256 hex of the stored entry whose local header is at `offset`, its `size` bytes following the header: or
 * 'unreadable' when the header is not one or the file ends early (the package is refused), or { error } when reading
 * failed (this file's problem alone).
 */
function digest(offset, size) {
  try {
    const got = readSync(fd, buf, 0, Math.min(buf.length, 30 + HEADER_SLACK + size), offset);
    if (got < 30 || buf.readUInt32LE(0) !== 0x04034b50) return 'unreadable';
    const start = 30 + buf.readUInt16LE(26) + buf.readUInt16LE(28);
    const hash = createHash('sha256');
    let at = offset + start;
    const end = at + size;
    if (start < got) {
      const n = Math.min(got - start, size);
      hash.update(buf.subarray(start, start + n));
      at += n;
    }
    while (at < end) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, end - at), at);
      if (n === 0) return 'unreadable';
      hash.update(buf.subarray(0, n));
      at += n;
    }
    return hash.digest('hex');
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

// A message is a list of [offset, size]; the answer the list of their digests, in order. null ends the thread.
parentPort.on('message', (jobs) => {
  if (jobs === null) {
    closeSync(fd);
    parentPort.close();
    return;
  }
  parentPort.postMessage(jobs.map(([offset, size]) => digest(offset, size)));
});
