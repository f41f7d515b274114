import { sha256Of, type TestFile } from '@edoc/test-support/files';
import { readZip } from '@edoc/test-support/zip-reader';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Account } from './api.ts';

/** What the documents journey (03) checks of the viewer and of a download pack, each as a person would see it. */

/** Page 1 of a PDF (or a rendition) is drawn: its canvas holds pixels that are neither white nor transparent. */
export async function firstPageDrawn(tab: Page, timeout = 30_000) {
  await tab.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLCanvasElement>('#viewer-page-1 canvas');
      if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] > 0 && (data[i] < 240 || data[i + 1] < 240 || data[i + 2] < 240)) return true;
      }
      return false;
    },
    undefined,
    { timeout, polling: 250 },
  );
}

/** The watermark over the viewing area names who is looking. */
export async function watermarkNames(tab: Page, account: Account) {
  const text = (await tab.locator('#viewer-watermark').textContent()) ?? '';
  expect(text).toContain(account.name);
  expect(text).toContain(account.email);
}

/**
 * A download pack holds exactly these files, byte for byte, each under its folder path with its name as uploaded,
 * and a manifest line for each (path, document name, size, sha256).
 */
export function expectPackOf(zip: Buffer, expected: TestFile[]) {
  const entries = readZip(zip);
  const baseName = (f: TestFile) => f.name.slice(0, f.name.lastIndexOf('.'));
  expect(entries.map((e) => e.name.split('/').pop()).sort()).toEqual(
    [...expected.map((f) => f.name), 'manifest.csv'].sort(),
  );
  for (const f of expected) {
    const entry = entries.find((e) => e.name.endsWith(`/${f.name}`))!;
    expect(entry.utf8 || /^[\x20-\x7e]*$/.test(entry.name)).toBe(true);
    expect(entry.name.split('/').length).toBeGreaterThan(1);
    expect(sha256Of(entry.content)).toBe(f.sha256);
  }
  const manifest = entries
    .find((e) => e.name === 'manifest.csv')!
    .content.toString('utf8')
    .replace(/^\uFEFF/, '');
  const lines = manifest.trimEnd().split('\r\n');
  expect(lines[0]).toBe('path,document name,version,sha256,size,status,certified copy');
  expect(lines).toHaveLength(expected.length + 1);
  for (const f of expected) {
    const entry = entries.find((e) => e.name.endsWith(`/${f.name}`))!;
    const line = lines.find((l) => l.includes(f.sha256));
    expect(line, `manifest line for ${f.name}`).toBeDefined();
    expect(line).toContain(entry.name);
    expect(line).toContain(baseName(f));
    expect(line).toContain(`,${f.buffer.length},`);
  }
}
