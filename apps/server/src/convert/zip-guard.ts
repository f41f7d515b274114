import fs from 'node:fs/promises';

/** An Office file (OOXML is a zip) that unpacks to more than this, or has more parts, is refused before LibreOffice. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
export const MAX_ENTRIES = 20_000;

/**
 * What a zip says it unpacks to, read from its central directory (the end of the file) without unpacking anything:
 * the total of its entries' sizes and how many there are. Null when it is not a readable zip (LibreOffice then
 * decides), Infinity sizes for ZIP64 records, which no genuine Office file of ours needs.
 */
export async function declaredUnpacked(file: string): Promise<{ bytes: number; entries: number } | null> {
  const handle = await fs.open(file);
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) return null;
    const entries = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdOffset === 0xffffffff) return { bytes: Infinity, entries: Infinity };
    if (cdOffset + cdSize > size) return null;
    const cd = Buffer.alloc(cdSize);
    await handle.read(cd, 0, cdSize, cdOffset);
    let bytes = 0;
    let at = 0;
    for (let i = 0; i < entries && at + 46 <= cd.length; i++) {
      if (cd.readUInt32LE(at) !== 0x02014b50) return null;
      const unpacked = cd.readUInt32LE(at + 24);
      if (unpacked === 0xffffffff) return { bytes: Infinity, entries };
      bytes += unpacked;
      at += 46 + cd.readUInt16LE(at + 28) + cd.readUInt16LE(at + 30) + cd.readUInt16LE(at + 32);
    }
    return { bytes, entries };
  } finally {
    await handle.close();
  }
}

/** Throws when an OOXML file would unpack past the limits (a zip bomb), before anything reads it. */
export async function refuseZipBomb(file: string, extension: string): Promise<void> {
  if (!['docx', 'xlsx', 'pptx'].includes(extension)) return;
  const declared = await declaredUnpacked(file);
  if (declared && (declared.bytes > MAX_UNPACKED_BYTES || declared.entries > MAX_ENTRIES))
    throw new Error('the file unpacks to more than the limit (512 MB or 20,000 parts)');
}
