import { Readable, pipeline } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of the zip; its content is opened only when its turn comes, so one file at a time is held open. */
/** Chunks of a file's content: a stream, or a buffer already in memory as `[buffer]`. */
export type Content = AsyncIterable<Buffer> | Iterable<Buffer>;

export interface ZipInput {
  name: string;
  mtime: Date;
  /** Deflate the content; else it is stored as it is. */
  compress: boolean;
  content: () => Promise<Content>;
}

interface Written {
  name: Buffer;
  mtime: Date;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

const UTF8_NAME = 1 << 11;
/** Bit 3: CRC and sizes follow the data (they are known only once it has streamed through). */
const DATA_DESCRIPTOR = 1 << 3;
const FLAGS = UTF8_NAME | DATA_DESCRIPTOR;
const MADE_BY = (3 << 8) | 63; // Unix, APPNOTE 6.3
const NEEDS = 20;
const NEEDS_ZIP64 = 45;
const FILE_MODE = 0o100664;
const MAX32 = 0xffffffff;

const needsZip64 = (e: Pick<Written, 'size' | 'compressedSize' | 'offset'>) =>
  e.size >= MAX32 || e.compressedSize >= MAX32 || e.offset >= MAX32;

/** DOS date and time in the server's zone, as zip tools expect (the UT extra field carries the exact UTC time). */
function dosDateTime(d: Date): { date: number; time: number } {
  const t = d < new Date(1980, 0, 1) ? new Date(1980, 0, 1) : d;
  return {
    date: ((t.getFullYear() - 1980) << 9) | ((t.getMonth() + 1) << 5) | t.getDate(),
    time: (t.getHours() << 11) | (t.getMinutes() << 5) | (t.getSeconds() >> 1),
  };
}

function localHeader(e: Written): Buffer {
  const { date, time } = dosDateTime(e.mtime);
  const b = Buffer.alloc(30 + e.name.length);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(NEEDS, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(e.method, 8);
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC and sizes (14-25) stay 0: the data descriptor carries them. Name length at 26, no extra field.
  b.writeUInt16LE(e.name.length, 26);
  e.name.copy(b, 30);
  return b;
}

function dataDescriptor(e: Written): Buffer {
  const wide = needsZip64(e);
  const b = Buffer.alloc(wide ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(e.crc, 4);
  if (wide) {
    b.writeBigUInt64LE(BigInt(e.compressedSize), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.compressedSize, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

function centralRecord(e: Written): Buffer {
  const { date, time } = dosDateTime(e.mtime);
  const wide = needsZip64(e);
  const extra = wide ? 9 + 28 : 9;
  const b = Buffer.alloc(46 + e.name.length + extra);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(MADE_BY, 4);
  b.writeUInt16LE(wide ? NEEDS_ZIP64 : NEEDS, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(e.method, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(e.crc, 16);
  b.writeUInt32LE(wide ? MAX32 : e.compressedSize, 20);
  b.writeUInt32LE(wide ? MAX32 : e.size, 24);
  b.writeUInt16LE(e.name.length, 28);
  b.writeUInt16LE(extra, 30);
  b.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  b.writeUInt32LE(wide ? MAX32 : e.offset, 42);
  let at = 46 + e.name.copy(b, 46);
  // Info-ZIP "UT": the modification time in UTC seconds (flags: mtime, atime as Info-ZIP writes them).
  b.writeUInt16LE(0x5455, at);
  b.writeUInt16LE(5, at + 2);
  b.writeUInt8(3, at + 4);
  b.writeInt32LE(Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(e.mtime.getTime() / 1000))), at + 5);
  at += 9;
  if (wide) {
    b.writeUInt16LE(0x0001, at);
    b.writeUInt16LE(24, at + 2);
    b.writeBigUInt64LE(BigInt(e.size), at + 4);
    b.writeBigUInt64LE(BigInt(e.compressedSize), at + 12);
    b.writeBigUInt64LE(BigInt(e.offset), at + 20);
  }
  return b;
}

/** The end records; the zip64 ones only when a count, size or offset does not fit the classic fields. */
function endRecords(count: number, cdOffset: number, cdSize: number): Buffer {
  const wide = count >= 0xffff || cdOffset >= MAX32 || cdSize >= MAX32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(Math.min(cdSize, MAX32), 12);
  end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
  if (!wide) return end;
  const z = Buffer.alloc(56 + 20);
  z.writeUInt32LE(0x06064b50, 0);
  z.writeBigUInt64LE(44n, 4);
  z.writeUInt16LE(MADE_BY, 12);
  z.writeUInt16LE(NEEDS_ZIP64, 14);
  z.writeBigUInt64LE(BigInt(count), 24);
  z.writeBigUInt64LE(BigInt(count), 32);
  z.writeBigUInt64LE(BigInt(cdSize), 40);
  z.writeBigUInt64LE(BigInt(cdOffset), 48);
  // The locator: where the zip64 record starts (right after the central directory), on disk 0 of 1.
  z.writeUInt32LE(0x07064b50, 56);
  z.writeBigUInt64LE(BigInt(cdOffset + cdSize), 64);
  z.writeUInt32LE(1, 72);
  return Buffer.concat([z, end]);
}

/**
 * The zip's bytes, entry after entry. Stored content passes through as the chunks it was read in (no copy); the CRC
 * is zlib's (native, several GB/s), computed on the same chunks in the same pass. Nothing here touches a chunk once
 * it is yielded: the pack moves large ones to the storing thread, which empties them on this side.
 */
export async function* zipStream(inputs: Iterable<ZipInput>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for (const input of inputs) {
    const e: Written = {
      name: Buffer.from(input.name, 'utf8'),
      mtime: input.mtime,
      method: input.compress ? 8 : 0,
      crc: 0,
      size: 0,
      compressedSize: 0,
      offset,
    };
    const header = localHeader(e);
    offset += header.length;
    yield header;
    const raw = await input.content();
    async function* counted() {
      for await (const chunk of raw) {
        e.crc = crc32(chunk, e.crc);
        e.size += chunk.length;
        yield chunk;
      }
    }
    const data: AsyncIterable<Buffer> = input.compress
      ? pipeline(Readable.from(counted()), createDeflateRaw(), () => {})
      : counted();
    for await (const chunk of data) {
      e.compressedSize += chunk.length;
      yield chunk;
    }
    const descriptor = dataDescriptor(e);
    offset += e.compressedSize + descriptor.length;
    written.push(e);
    yield descriptor;
  }
  const central = Buffer.concat(written.map(centralRecord));
  const centralSize = central.length;
  yield central;
  yield endRecords(written.length, offset, centralSize);
}
