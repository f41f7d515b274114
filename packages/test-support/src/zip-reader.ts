import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** General purpose flag bit 11: the name is UTF-8. */
  utf8: boolean;
  content: Buffer;
}

/**
 * A minimal reader of the central directory (no zip64, no encryption), for tests of the download packs (server
 * and journeys): it reads what any unzip tool would, without depending on one being installed, and shares no
 * code with the server's zip writer, so a fault there cannot hide itself.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory record ${n}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const content = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    entries.push({ name, utf8: (flags & 0x0800) !== 0, content });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
