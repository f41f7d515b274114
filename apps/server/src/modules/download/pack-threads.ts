import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { FromWorker, PackJob, PackThreadData } from './pack-worker.ts';

/** A stored file's content was missing or changed (the pack thread's word for it). */
export class PackMissing extends Error {
  constructor(readonly fileName: string) {
    super(`content of ${fileName} is missing or changed`);
  }
}

/** How long a failed pack waits for the storing thread to drop its temporary file before stopping it. */
const CLEAN_UP_MS = 10_000;

/**
 * Runs a pack on two threads of pack-worker.ts, joined by a channel (pack-spool.ts): one reads, checks and zips, the
 * other stores the zip. `onFile` hears each finished file, `onSigned` each signed copy the pack asks for (answered on
 * the worker given). Resolves with the stored zip; rejects with PackMissing or the thread's error, once both threads
 * have stopped.
 */
export async function packOnThreads(
  job: PackJob,
  on: { file: () => void; signed?: (i: number, worker: Worker) => void },
): Promise<{ sha256: string; size: number }> {
  const { port1, port2 } = new MessageChannel();
  const start = (data: PackThreadData) =>
    // A small young generation: the threads' objects are few and short-lived, and the bytes live outside the heap;
    // the default would let the pack's memory grow by some 20 MB more (`npm run bench -- pack`).
    new Worker(workerBoot(), {
      eval: true,
      workerData: data,
      transferList: [data.port],
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
  const packer = start({ role: 'pack', job, port: port1 });
  const spooler = start({ role: 'spool', store: job.store, port: port2 });
  let sent = false;
  const spoolExit = new Promise<void>((resolve) => spooler.once('exit', () => resolve()));
  try {
    return await new Promise<{ sha256: string; size: number }>((resolve, reject) => {
      packer.on('message', (m: FromWorker) => {
        if (m.t === 'file') on.file();
        else if (m.t === 'signed') on.signed?.(m.i, packer);
        else if (m.t === 'sent') sent = true;
        else if (m.t === 'missing') reject(new PackMissing(m.fileName));
        else if (m.t === 'error') reject(new Error(m.message));
      });
      spooler.on('message', (m: FromWorker) => {
        if (m.t === 'stored') resolve(m);
        else if (m.t === 'error') reject(new Error(m.message));
      });
      for (const w of [packer, spooler]) w.on('error', reject);
      packer.on('exit', (code) => {
        if (!sent) reject(new Error(`the pack worker stopped (${code})`));
      });
      void spoolExit.then(() => reject(new Error('the pack worker stopped storing')));
    });
  } catch (err) {
    // The pack thread told the storing one to drop its zip: let it remove the temporary file before it is stopped.
    await Promise.race([spoolExit, new Promise((resolve) => setTimeout(resolve, CLEAN_UP_MS).unref())]);
    throw err;
  } finally {
    await Promise.all([packer.terminate(), spooler.terminate()]);
  }
}

/**
 * The server's bundle (npm start) starts the worker's built copy beside it (scripts/build-server.mjs). From the
 * sources (tests, `npm run dev`) the worker runs its TypeScript through tsx, registered inside the worker before the
 * source loads (Node 20 applies a worker's `--import tsx` too late for its first module). The bench sets the flag to
 * pack as `npm start` does.
 */
function workerBoot(): string {
  if (process.env.EDOC_SERVER_BUNDLE === '1') {
    return `import(${JSON.stringify(new URL('../../../dist/pack-worker.js', import.meta.url).href)})`;
  }
  const source = new URL('./pack-worker.ts', import.meta.url).href;
  const tsx = pathToFileURL(path.join(path.dirname(createRequire(source).resolve('tsx/esm/api')), 'index.mjs')).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
}
