// edoc inspection package verifier (issue 28 part 5). ONE source, the files of this folder: the package's
// verify/verify.mjs is them joined in order with their imports of each other dropped (inspection-package/
// verifier-files.ts), and verify/verify.html inlines that same text. No dependencies: it runs in a browser
// (WebCrypto, DecompressionStream) and in Node >= 20, which has both as globals; run from the command line
// (node verify.mjs <folder or zip>) it checks and exits 0 only when every check holds.

export const enc = new TextEncoder();
export const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
export const sha256 = async (bytes) => hex(await crypto.subtle.digest('SHA-256', bytes));
export const text = (bytes) => new TextDecoder('utf-8').decode(bytes);
// windows-1252 / latin1: one character per byte, so a PDF's offsets are the string's indexes.
export const bytesText = (bytes) => new TextDecoder('latin1').decode(bytes);
