/* The little of unzipper (a dependency of exceljs) the EMS import reads: a zip's central directory, entry by entry. */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';
  export interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    compressedSize: number;
    uncompressedSize: number;
    stream(): Readable;
  }
  export interface CentralDirectory {
    numberOfRecords: number;
    files: CentralDirectoryFile[];
  }
  export const Open: { file(path: string): Promise<CentralDirectory> };
}
