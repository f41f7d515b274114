import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';

const run = promisify(execFile);

/** The optional programs edoc calls, and what is off without each (issue 29 part 6). */
export const PROGRAMS = {
  soffice: 'Word, Excel and PowerPoint files are not shown in the viewer nor searched (LibreOffice)',
  officePython: 'each Office conversion starts its own LibreOffice (slower) (python3-uno)',
  pdftoppm: 'no thumbnails, and scanned PDFs are not read by OCR (poppler-utils)',
  pdftotext: "PDFs' text is not searched (poppler-utils)",
  tesseract: 'scanned pages and images are not searched (tesseract-ocr)',
} as const;
export type Program = keyof typeof PROGRAMS;

export interface ProgramState {
  name: Program;
  /** The command as configured. */
  command: string;
  found: boolean;
  /** tesseract: the languages it can read (edoc asks for chi_sim and eng). */
  languages?: string[];
  /** What does not work without it (also said when only some languages are missing). */
  without?: string;
}

/** Whether a command runs: a path as given, else the first executable of that name on PATH. */
export function findCommand(command: string): string | null {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, command));
  for (const file of candidates) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Which optional programs this machine has, looked up on PATH (not run, so start-up stays fast; tesseract alone
 * is asked for its languages). Said at start-up and by GET /health, so a Word file that does not render has a why.
 */
export async function probePrograms(config: Config): Promise<ProgramState[]> {
  const commands: Record<Program, string> = {
    soffice: config.SOFFICE_PATH,
    officePython: config.OFFICE_PYTHON,
    pdftoppm: config.PDFTOPPM_PATH,
    pdftotext: config.PDFTOTEXT_PATH,
    tesseract: config.TESSERACT_PATH,
  };
  const states = (Object.keys(commands) as Program[]).map((name): ProgramState => {
    const command = commands[name];
    const found = !(name === 'officePython' && command === 'off') && findCommand(command) !== null;
    return { name, command, found, ...(found ? {} : { without: PROGRAMS[name] }) };
  });
  const tesseract = states.find((s) => s.name === 'tesseract');
  if (tesseract?.found) {
    const languages = await run(tesseract.command, ['--list-langs'], { timeout: 10_000 }).then(
      ({ stdout, stderr }) => `${stdout}\n${stderr}`.split('\n').filter((l) => /^[a-z_]+$/.test(l.trim())),
      () => [],
    );
    tesseract.languages = languages.map((l) => l.trim()).filter((l) => l !== 'osd');
    const missing = ['chi_sim', 'eng'].filter((l) => !tesseract.languages?.includes(l));
    if (missing.length > 0)
      tesseract.without = `no OCR in ${missing.join(', ')} (tesseract-ocr-${missing.join(', -')})`;
  }
  return states;
}

/** The start-up's lines: what was found, and what is off without what was not. */
export function programLines(states: ProgramState[]): string[] {
  const found = states
    .filter((s) => s.found)
    .map((s) => (s.languages ? `${s.name} (${s.languages.join(', ')})` : s.name));
  const lines = [`optional programs found: ${found.length > 0 ? found.join(', ') : 'none'}`];
  for (const s of states)
    if (s.without) lines.push(`${s.found ? 'partly off' : 'missing'} ${s.name} (${s.command}): ${s.without}`);
  return lines;
}
