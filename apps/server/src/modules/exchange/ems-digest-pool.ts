import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/*
 * The preview hashes every stored file of a package (docs/exchange.md, Benchmark): in worker threads that read the
 * zip themselves (ems-digest-worker.mjs), one per core up to four. The main thread only hands out offsets and gets
 * hex digests back, a few files a message, so it parses, validates and maps meanwhile and allocates nothing per
 * file's bytes.
 */

/** Files per message: fewer messages, while a worker's share stays small enough to balance at the end. */
const PER_MESSAGE = 8;
/**
 * Threads at most: each is an isolate of its own (some 10 MB) with a 1 MB buffer, and reading from one disk gains
 * little past a few; a large server would otherwise start one per core.
 */
const THREADS_MAX = 4;
/** Messages a worker may hold: the next is there when it finishes one, while the main thread is busy elsewhere. */
const IN_FLIGHT = 2;

type Answer = string | { error: string };
interface Job {
  offset: number;
  size: number;
  resolve: (digest: { sha256: string; size: number }) => void;
  reject: (err: unknown) => void;
}
interface Lane {
  worker: Worker;
  sent: Job[][];
}

export interface DigestPool {
  /** The sha256 of the stored entry whose local header is at `offset`, its `size` bytes after it. */
  digest(offset: number, size: number): Promise<{ sha256: string; size: number }>;
  close(): Promise<void>;
}

/**
 * Threads for `file` (a zip on this machine), started at the first digest asked for. A header that is not one, or an
 * entry ending early, rejects with `unreadable()` (the package's fault); a failed read with its error (the file's).
 */
export function digestPool(
  file: string,
  unreadable: () => Error,
  threads = Math.min(THREADS_MAX, Math.max(1, availableParallelism())),
): DigestPool {
  const queue: Job[] = [];
  let lanes: Lane[] | null = null;
  let broken: unknown = null;

  const settle = (job: Job, answer: Answer) => {
    if (typeof answer === 'object') job.reject(new Error(answer.error));
    else if (answer === 'unreadable') job.reject(unreadable());
    else job.resolve({ sha256: answer, size: job.size });
  };
  const feed = (lane: Lane) => {
    while (lane.sent.length < IN_FLIGHT && queue.length) {
      const jobs = queue.splice(0, PER_MESSAGE);
      lane.sent.push(jobs);
      lane.worker.postMessage(jobs.map((j) => [j.offset, j.size]));
    }
  };
  const fail = (err: unknown) => {
    broken ??= err;
    for (const lane of lanes ?? []) for (const job of lane.sent.splice(0).flat()) job.reject(err);
    for (const job of queue.splice(0)) job.reject(err);
  };
  const start = () =>
    Array.from({ length: threads }, () => {
      // Its objects are few and short-lived, the bytes in one buffer outside its heap.
      const worker = new Worker(new URL('./ems-digest-worker.mjs', import.meta.url), {
        workerData: { file },
        resourceLimits: { maxYoungGenerationSizeMb: 2 },
      });
      const lane: Lane = { worker, sent: [] };
      worker.on('message', (answers: Answer[]) => {
        lane.sent.shift()?.forEach((job, i) => settle(job, answers[i]));
        feed(lane);
      });
      worker.on('error', fail);
      worker.on('exit', () => {
        if (lane.sent.length) fail(new Error('a digest thread stopped'));
      });
      return lane;
    });

  return {
    digest(offset, size) {
      return new Promise((resolve, reject) => {
        if (broken) return reject(broken);
        queue.push({ offset, size, resolve, reject });
        lanes ??= start();
        // The least busy thread takes it (all are busy: it waits in the queue for the first to answer).
        const idle = lanes.reduce((a, b) => (b.sent.length < a.sent.length ? b : a));
        feed(idle);
      });
    },
    async close() {
      const ending = lanes ?? [];
      lanes = null;
      // Nothing waits for a file no thread will read now.
      for (const job of queue.splice(0)) job.reject(new Error('the digest threads were closed'));
      await Promise.all(
        ending.map(
          (lane) =>
            new Promise<void>((resolve) => {
              lane.worker.once('exit', () => resolve());
              lane.worker.postMessage(null);
            }),
        ),
      );
    },
  };
}
