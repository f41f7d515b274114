import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { findCommand, probePrograms, programLines } from './programs.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'programs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in tesseract that knows English only, as a machine without tesseract-ocr-chi-sim. */
const tesseract = path.join(dir, 'tesseract');
fs.writeFileSync(tesseract, '#!/bin/sh\necho "List of available languages in /usr/share (2):"\necho eng\necho osd\n');
fs.chmodSync(tesseract, 0o755);

const config = (over: Partial<Config>) =>
  ({
    SOFFICE_PATH: path.join(dir, 'no-soffice'),
    OFFICE_PYTHON: 'off',
    PDFTOPPM_PATH: 'sh',
    PDFTOTEXT_PATH: 'no-such-program-here',
    TESSERACT_PATH: tesseract,
    ...over,
  }) as Config;

describe('the optional programs (issue 29 part 6)', () => {
  it('finds a command on PATH or by its path, and not one that is absent or not executable', () => {
    expect(findCommand('sh')).toMatch(/\/sh$/);
    expect(findCommand(tesseract)).toBe(tesseract);
    expect(findCommand('no-such-program-here')).toBeNull();
    const plain = path.join(dir, 'not-executable');
    fs.writeFileSync(plain, '');
    expect(findCommand(plain)).toBeNull();
  });

  it('says what was found, what is missing and what is off without it, OCR languages included', async () => {
    const states = await probePrograms(config({}));
    const by = Object.fromEntries(states.map((s) => [s.name, s]));
    expect(by.pdftoppm).toMatchObject({ found: true });
    expect(by.pdftoppm.without).toBeUndefined();
    expect(by.soffice).toMatchObject({ found: false, without: expect.stringContaining('viewer') });
    expect(by.officePython).toMatchObject({ found: false });
    expect(by.pdftotext).toMatchObject({ found: false, without: expect.stringContaining('searched') });
    expect(by.tesseract).toMatchObject({
      found: true,
      languages: ['eng'],
      without: expect.stringContaining('chi_sim'),
    });
    const lines = programLines(states);
    expect(lines[0]).toBe('optional programs found: pdftoppm, tesseract (eng)');
    expect(lines).toContain(`missing pdftotext (no-such-program-here): ${by.pdftotext.without}`);
    expect(lines.some((l) => l.startsWith('partly off tesseract'))).toBe(true);
  });
});
