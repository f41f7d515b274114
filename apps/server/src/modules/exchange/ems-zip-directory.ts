import fs from 'node:fs/promises';

/*
 * A zip's central directory, read in one go (docs/exchange.md, Benchmark): the end record (and zip64's when a count,
 * size or offset does not fit it), then the whole directory in one read, parsed in place. unzipper read it a field at
 * a time through promises: 1.3–2 s for a package of 10,000 files, in both the preview and the filing, and its objects
 * stayed in the heap while the filing ran. ems-package.ts makes its checks on what this answers.
 */

export interface ZipRecord {
  /** The name as stored, read as UTF-8 (as unzipper read it, whatever the flag). */
  path: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Bit 0 marks an encrypted entry. */
  flags: number;
  /** Where its local header starts. */
  localHeader: number;
}

/** More entries than the caller allows: refused before the directory is read. */
export class TooManyEntries extends Error {}

const END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** The end record and the longest comment it may carry. */
const TAIL = 22 + MAX16;
/** A directory larger than this is not a package's: 200,000 entries of long names stay far under it. */
const DIRECTORY_MAX = 256 * 1024 * 1024;

const bad = (what: string) => new Error(`not a readable zip: ${what}`);

async function readAt(fh: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw bad('it ends early');
  return buf;
}

/** The directory's entry count, size and offset: from the end record, or zip64's when the end record says so. */
async function directoryPlace(fh: fs.FileHandle, fileSize: number) {
  const tailAt = Math.max(0, fileSize - TAIL);
  const tail = await readAt(fh, tailAt, fileSize - tailAt);
  let end = tail.length - 22;
  while (end >= 0 && tail.readUInt32LE(end) !== END) end--;
  if (end < 0) throw bad('no end record');
  let count = tail.readUInt16LE(end + 10);
  let size = tail.readUInt32LE(end + 12);
  let offset = tail.readUInt32LE(end + 16);
  if (count === MAX16 || size === MAX32 || offset === MAX32) {
    // The zip64 locator sits right before the end record and says where zip64's end record is.
    const locatorAt = tailAt + end - 20;
    const locator = await readAt(fh, locatorAt, 20);
    if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw bad('no zip64 locator');
    const record = await readAt(fh, Number(locator.readBigUInt64LE(8)), 56);
    if (record.readUInt32LE(0) !== ZIP64_END) throw bad('no zip64 end record');
    count = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  return { count, size, offset };
}

/** A zip64 extra field's values, in its order, for those the record left at their maximum. */
function applyZip64(extra: Buffer, r: ZipRecord) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw bad('a short zip64 field');
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (r.uncompressedSize === MAX32) r.uncompressedSize = next();
      if (r.compressedSize === MAX32) r.compressedSize = next();
      if (r.localHeader === MAX32) r.localHeader = next();
      return;
    }
    at += 4 + length;
  }
}

/** Every entry of the zip at `file`; more than `maxEntries` is TooManyEntries, anything malformed an error. */
export async function readZipDirectory(file: string, maxEntries: number): Promise<ZipRecord[]> {
  const fh = await fs.open(file, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const place = await directoryPlace(fh, fileSize);
    if (place.count > maxEntries) throw new TooManyEntries();
    if (place.size > DIRECTORY_MAX || place.offset + place.size > fileSize) throw bad('a directory out of place');
    const dir = await readAt(fh, place.offset, place.size);
    const records: ZipRecord[] = [];
    let at = 0;
    for (let i = 0; i < place.count; i++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) throw bad('a broken directory entry');
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      const nameAt = at + 46;
      if (nameAt + nameLength + extraLength + commentLength > dir.length) throw bad('a broken directory entry');
      const r: ZipRecord = {
        path: dir.toString('utf8', nameAt, nameAt + nameLength),
        compressedSize: dir.readUInt32LE(at + 20),
        uncompressedSize: dir.readUInt32LE(at + 24),
        method: dir.readUInt16LE(at + 10),
        flags: dir.readUInt16LE(at + 8),
        localHeader: dir.readUInt32LE(at + 42),
      };
      applyZip64(dir.subarray(nameAt + nameLength, nameAt + nameLength + extraLength), r);
      records.push(r);
      at = nameAt + nameLength + extraLength + commentLength;
    }
    return records;
  } finally {
    await fh.close();
  }
}
