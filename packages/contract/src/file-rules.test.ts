import { describe, expect, it } from 'vitest';
import { contentKindOf, downloadName, extensionOf, judgeUpload, maxBytesFor } from './file-rules.ts';
import { MB } from './limits.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
const text = (s: string) => new TextEncoder().encode(s);
const PDF = text('%PDF-1.7\n%âãÏÓ');
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const EXE = bytes(0x4d, 0x5a, 0x90, 0x00, 0x03);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);

const judge = (fileName: string, head: Uint8Array, size = 1000, allowedTypes: string[] = []) =>
  judgeUpload({ fileName, size, head, allowedTypes, otherCap: 200 * MB });

describe('content signatures', () => {
  it('names the formats by their first bytes', () => {
    expect(contentKindOf(PDF)).toBe('pdf');
    expect(contentKindOf(ZIP)).toBe('zip');
    expect(contentKindOf(EXE)).toBe('executable');
    expect(contentKindOf(PNG)).toBe('png');
    expect(contentKindOf(text('名称,编号\n方案,P-1\n'))).toBe('text');
    expect(contentKindOf(bytes(0x00, 0x01, 0x02, 0xff))).toBe('unknown');
    // a short file ending in a Chinese character, and a sample cut inside one
    expect(contentKindOf(text('编号,名称\n1,方案\n'))).toBe('text');
    expect(contentKindOf(text('方案').subarray(0, 4))).toBe('text');
    expect(contentKindOf(bytes(0x41, 0xff, 0x41))).toBe('unknown');
  });

  it('reads extensions case-insensitively and only after a real dot', () => {
    expect(extensionOf('Protocol V1.PDF')).toBe('pdf');
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('README')).toBe('');
  });
});

describe('judging an upload', () => {
  it('accepts a PDF whose content is a PDF', () => {
    expect(judge('protocol.pdf', PDF)).toBeNull();
    expect(judge('PROTOCOL.PDF', PDF, 1000, ['PDF'])).toBeNull();
  });

  it('refuses a renamed executable, whatever it is called', () => {
    expect(judge('protocol.pdf', EXE)).toBe('file_type_not_allowed');
    expect(judge('notes.dat', EXE)).toBe('file_type_not_allowed');
    expect(judge('tool.exe', text('hello'))).toBe('file_type_not_allowed');
  });

  it('refuses content that does not match the extension', () => {
    expect(judge('consent.docx', PDF)).toBe('file_type_not_allowed');
    expect(judge('scan.png', ZIP)).toBe('file_type_not_allowed');
  });

  it("keeps to the project's allowed types", () => {
    expect(judge('form.docx', ZIP, 1000, ['pdf'])).toBe('file_type_not_allowed');
    expect(judge('form.docx', ZIP, 1000, ['.DOCX'])).toBeNull();
  });

  it('limits PDF to 50 MB, other viewable types to 10 MB and others to the cap', () => {
    expect(maxBytesFor('PDF', 1)).toBe(50 * MB);
    expect(judge('big.pdf', PDF, 50 * MB)).toBeNull();
    expect(judge('big.pdf', PDF, 50 * MB + 1)).toBe('file_too_large');
    expect(judge('big.xlsx', ZIP, 10 * MB + 1)).toBe('file_too_large');
    expect(judge('movie.mp4', bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70), 150 * MB)).toBeNull();
    expect(judge('movie.mp4', bytes(0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70), 201 * MB)).toBe('file_too_large');
  });
});

describe('the name of a download', () => {
  it("is the document's name with the version's extension, once", () => {
    expect(downloadName('Protocol v2', 'pdf')).toBe('Protocol v2.pdf');
    expect(downloadName('Protocol.PDF', 'pdf')).toBe('Protocol.PDF');
    expect(downloadName('Notes', '')).toBe('Notes');
  });
});
