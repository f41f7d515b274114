import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export class ConversionError extends Error {}

/** How many times LibreOffice actually ran in this process (tests prove the cache by it). */
export const conversionStats = { runs: 0 };

/** Is LibreOffice there to run? (Tests skip, or fail in CI, without it.) */
export function sofficeAvailable(sofficePath: string): boolean {
  const r = spawnSync(sofficePath, ['--version'], { timeout: 30_000, stdio: 'ignore' });
  return r.status === 0;
}

/**
 * Converts `source` (its extension tells LibreOffice the format) to PDF in `workDir`, and returns the PDF's path.
 * Each run has its own user profile inside workDir: LibreOffice locks its profile, so parallel runs sharing
 * one would wait for or break each other. The whole process group is killed on timeout, because `soffice` is
 * a launcher script whose real work happens in a child (soffice.bin) that would otherwise outlive it.
 */
export async function convertToPdf(opts: {
  sofficePath: string;
  source: string;
  workDir: string;
  timeoutMs: number;
}): Promise<string> {
  const outDir = path.join(opts.workDir, 'out');
  const profile = path.join(opts.workDir, 'profile');
  await fs.mkdir(outDir, { recursive: true });
  await fs.mkdir(profile, { recursive: true });
  const args = [
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    '--headless',
    '--norestore',
    '--nologo',
    '--nodefault',
    '--nolockcheck',
    '--convert-to',
    'pdf',
    '--outdir',
    outDir,
    opts.source,
  ];
  conversionStats.runs++;
  // coreutils' `timeout` runs LibreOffice in its own process group and kills that group a little after our own timer
  // would: the bound that still holds when this process is killed (kill -9 leaves no one to run the timer).
  const backstop = ['--kill-after=5', String(Math.ceil(opts.timeoutMs / 1000) + 5), opts.sofficePath];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('timeout', [...backstop, ...args], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // No display, and HOME inside the work dir so nothing is written to the service user's home.
      env: { ...process.env, HOME: opts.workDir, DISPLAY: '' },
    });
    let log = '';
    const keep = (chunk: Buffer) => {
      if (log.length < 4000) log += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      reject(new ConversionError(`conversion timed out after ${Math.round(opts.timeoutMs / 1000)} s`));
    }, opts.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ConversionError(`cannot start LibreOffice (${opts.sofficePath}): ${err.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      killGroup();
      if (code === 0) resolve(log);
      // timeout's own answers: the program could not be found (127) or run (126).
      else if (code === 127 || code === 126)
        reject(new ConversionError(`cannot start LibreOffice (${opts.sofficePath}): ${log.trim().slice(0, 200)}`));
      else reject(new ConversionError(`LibreOffice exited with code ${code}: ${log.trim().slice(0, 500)}`));
    });
  });
  const pdf = path.join(outDir, `${path.parse(opts.source).name}.pdf`);
  const stat = await fs.stat(pdf).catch(() => null);
  // LibreOffice exits 0 even when it could not read the file; then there is simply no PDF.
  if (!stat || stat.size === 0)
    throw new ConversionError(`LibreOffice produced no PDF: ${output.trim().slice(0, 500) || 'unreadable file'}`);
  return pdf;
}
