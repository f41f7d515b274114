import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConversionError, conversionStats, convertToPdf } from './soffice.ts';

/** The Python script that keeps a LibreOffice running (exported for the test that kills its parent). */
export const BRIDGE = fileURLToPath(new URL('./office-bridge.py', import.meta.url));
/** Time for LibreOffice to start and answer on its pipe. */
const START_MS = 60_000;
/** An office nobody used for this long is stopped (it holds ~200 MB); the next file starts one again. */
const IDLE_MS = 15 * 60_000;
/** LibreOffice grows over many documents: after this many files a fresh one takes over. */
const MAX_USES = 200;

/** How many LibreOffice processes were started for the warm path (tests prove reuse and replacement by it). */
export const officeStats = { starts: 0 };

type Answer = { ok?: boolean; ready?: boolean; pid?: number; error?: string } | Error;

/** One LibreOffice behind the Python bridge, in its own process group, answering one request at a time. */
class Office {
  private waiting: ((answer: Answer) => void) | null = null;
  private readonly queued: Answer[] = [];
  uses = 0;
  exitCode: number | null = null;

  constructor(readonly child: ChildProcess) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let answer: Answer;
      try {
        answer = JSON.parse(line) as Answer;
      } catch {
        answer = new Error(`unreadable answer from the office bridge: ${line.slice(0, 200)}`);
      }
      this.deliver(answer);
    });
    let log = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (log.length < 2000) log += chunk.toString();
    });
    child.on('exit', (code) => {
      this.exitCode = code ?? -1;
      this.deliver(new Error(`LibreOffice stopped (${code ?? 'killed'}) ${log.trim().slice(0, 300)}`.trim()));
    });
    child.on('error', (err) => this.deliver(err));
  }

  private deliver(answer: Answer) {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting(answer);
    else this.queued.push(answer);
  }

  /** The next answer, or a ConversionError after `ms`. */
  next(ms: number): Promise<Answer> {
    const queued = this.queued.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve(new ConversionError(`conversion timed out after ${Math.round(ms / 1000)} s`));
      }, ms);
      this.waiting = (answer) => {
        clearTimeout(timer);
        resolve(answer);
      };
    });
  }

  send(request: { source: string; target: string }) {
    this.child.stdin!.write(`${JSON.stringify(request)}\n`);
  }

  /** The bridge, LibreOffice's launcher and soffice.bin share the group: one signal ends all of them. */
  kill() {
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

export interface OfficeConverter {
  /** Converts `source` to PDF in `workDir` and returns the PDF's path; one file at a time per converter. */
  toPdf(source: string, workDir: string, timeoutMs: number): Promise<string>;
  close(): void;
}

/**
 * Conversions through a LibreOffice kept running (issue 16): started on the first file, reused for the next ones,
 * replaced after a crash, a time-out or MAX_USES files, stopped when idle. A crash or a time-out retries the file
 * once on a fresh office, so a killed or hung LibreOffice costs a retry, not a failed rendition. Without Python's
 * UNO (Debian python3-uno), or with OFFICE_PYTHON=off, each file runs a cold `soffice --convert-to` as before.
 */
export function createOfficeConverter(opts: {
  sofficePath: string;
  python: string;
  tmpDir: string;
  log: (msg: string, err?: unknown) => void;
}): OfficeConverter {
  let warm = opts.python !== 'off';
  let office: Office | null = null;
  let idle: NodeJS.Timeout | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  const profile = path.join(opts.tmpDir, `office-profile-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const stop = () => {
    office?.kill();
    office = null;
  };
  const onExit = () => {
    stop();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  async function start(): Promise<Office | null> {
    fs.mkdirSync(profile, { recursive: true });
    const pipe = `edoc-${process.pid}-${officeStats.starts}-${Math.random().toString(36).slice(2, 8)}`;
    const child = spawn(opts.python, [BRIDGE, opts.sofficePath, pathToFileURL(profile).href, pipe], {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, HOME: profile, DISPLAY: '' },
    });
    officeStats.starts++;
    const started = new Office(child);
    const ready = await started.next(START_MS);
    if (!(ready instanceof Error) && ready.ready) return started;
    started.kill();
    if (started.exitCode === 4 || (ready instanceof Error && 'code' in ready && ready.code === 'ENOENT')) {
      opts.log(`no UNO for ${opts.python} (Debian python3-uno): each conversion starts LibreOffice`);
      warm = false;
      return null;
    }
    fs.rmSync(profile, { recursive: true, force: true });
    throw new ConversionError(
      `LibreOffice did not start: ${ready instanceof Error ? ready.message : JSON.stringify(ready)}`,
    );
  }

  /** One try on the running office: true when the PDF is written; the office's failure (crash, time-out) after
   * replacing it; throws when LibreOffice read the file and refused it (the file's fault, no retry). */
  async function once(current: Office, source: string, target: string, timeoutMs: number) {
    current.uses++;
    current.send({ source, target });
    const answer = await current.next(timeoutMs);
    if (answer instanceof Error) {
      opts.log(`LibreOffice replaced after: ${answer.message}`);
      current.kill();
      office = null;
      // A profile left half-written by a killed office could fail the next start: the next one makes it afresh.
      fs.rmSync(profile, { recursive: true, force: true });
      return answer instanceof ConversionError ? answer : new ConversionError(answer.message);
    }
    if (current.uses >= MAX_USES) {
      current.child.stdin!.end();
      office = null;
    }
    if (!answer.ok) throw new ConversionError(`LibreOffice could not convert the file: ${answer.error ?? ''}`);
    return true;
  }

  async function warmPdf(source: string, workDir: string, timeoutMs: number): Promise<string> {
    const outDir = path.join(workDir, 'out');
    fs.mkdirSync(outDir, { recursive: true });
    const target = path.join(outDir, `${path.parse(source).name}.pdf`);
    for (let tried = 1; ; tried++) {
      office ??= await start();
      if (!office) return convertToPdf({ sofficePath: opts.sofficePath, source, workDir, timeoutMs });
      conversionStats.runs++;
      const outcome = await once(office, source, target, timeoutMs);
      if (outcome === true) break;
      if (tried === 2) throw outcome;
    }
    const size = fs.statSync(target, { throwIfNoEntry: false })?.size ?? 0;
    if (size === 0) throw new ConversionError('LibreOffice produced no PDF');
    return target;
  }

  return {
    toPdf(source, workDir, timeoutMs) {
      const run = chain.then(() => {
        clearTimeout(idle);
        if (!warm) return convertToPdf({ sofficePath: opts.sofficePath, source, workDir, timeoutMs });
        return warmPdf(source, workDir, timeoutMs);
      });
      chain = run
        .catch(() => {})
        .finally(() => {
          idle = setTimeout(stop, IDLE_MS).unref();
        });
      return run;
    },
    close() {
      clearTimeout(idle);
      process.off('exit', onExit);
      onExit();
    },
  };
}
