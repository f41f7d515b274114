import { text } from './util.mjs';

// ---------------------------------------------------------------------------------------------------------------
// A zip read in memory (the package itself, chosen in the browser or named on the command line).
const u16 = (b, p) => b[p] | (b[p + 1] << 8);
const u32 = (b, p) => (b[p] | (b[p + 1] << 8) | (b[p + 2] << 16)) + b[p + 3] * 0x1000000;
const u64 = (b, p) => u32(b, p) + u32(b, p + 4) * 0x100000000;

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The zip's entries as a package; zip64 sizes and offsets read too. */
export function zipPackage(b) {
  let eocd = -1;
  for (let p = b.length - 22; p >= Math.max(0, b.length - 65557); p--)
    if (u32(b, p) === 0x06054b50) {
      eocd = p;
      break;
    }
  if (eocd < 0) throw new Error('not a zip file');
  let count = u16(b, eocd + 10);
  let at = u32(b, eocd + 16);
  if (at === 0xffffffff || count === 0xffff) {
    const z64 = u64(b, eocd - 20 + 8);
    count = u64(b, z64 + 32);
    at = u64(b, z64 + 48);
  }
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    const nameLen = u16(b, at + 28);
    const extraLen = u16(b, at + 30);
    const name = text(b.subarray(at + 46, at + 46 + nameLen));
    let size = u32(b, at + 24);
    let csize = u32(b, at + 20);
    let offset = u32(b, at + 42);
    for (let p = at + 46 + nameLen; p < at + 46 + nameLen + extraLen; p += 4 + u16(b, p + 2)) {
      if (u16(b, p) !== 0x0001) continue;
      let q = p + 4;
      if (size === 0xffffffff) ((size = u64(b, q)), (q += 8));
      if (csize === 0xffffffff) ((csize = u64(b, q)), (q += 8));
      if (offset === 0xffffffff) offset = u64(b, q);
    }
    entries.set(name, { method: u16(b, at + 10), csize, offset });
    at += 46 + nameLen + extraLen + u16(b, at + 32);
  }
  const paths = [...entries.keys()].filter((n) => !n.endsWith('/'));
  return {
    paths,
    has: (p) => entries.has(p),
    read: async (p) => {
      const e = entries.get(p);
      const start = e.offset + 30 + u16(b, e.offset + 26) + u16(b, e.offset + 28);
      const data = b.subarray(start, start + e.csize);
      return e.method === 8 ? inflate(data) : data;
    },
  };
}

/** A package from files keyed by relative path; a common top folder (a chosen folder's own name) is dropped. */
export function filesPackage(files /* Map<string, () => Promise<Uint8Array>> */) {
  let names = [...files.keys()].map((n) => n.replace(/\\/g, '/'));
  const top = names[0]?.split('/')[0];
  const strip =
    top &&
    !names.includes('exchange.xml') &&
    !names.includes('README.txt') &&
    names.every((n) => n.startsWith(`${top}/`));
  const map = new Map(
    [...files.entries()].map(([n, read]) => [
      strip ? n.replace(/\\/g, '/').slice(top.length + 1) : n.replace(/\\/g, '/'),
      read,
    ]),
  );
  names = [...map.keys()];
  return { paths: names, has: (p) => map.has(p), read: (p) => map.get(p)() };
}
