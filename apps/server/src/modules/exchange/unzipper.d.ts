/* The little of unzipper (a dependency of exceljs) the EMS import reads: a zip's central directory, entry by entry. */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';
  export interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    compressedSize: number;
    uncompressedSize: number;
    /** 0 stored, 8 deflated; bit 0 of flags marks an encrypted entry. */
    compressionMethod: number;
    flags: number;
    /** Where the entry's local header starts (zip64 extra fields already applied). */
    offsetToLocalFileHeader: number;
    stream(): Readable;
  }
  export interface CentralDirectory {
    numberOfRecords: number;
    files: CentralDirectoryFile[];
  }
  export const Open: { file(path: string): Promise<CentralDirectory> };
}
