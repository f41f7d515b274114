/** Files up to this size are hashed in the browser before upload; larger ones are not (it would hold them in memory). */
const MAX_HASHED = 256 * 1024 * 1024;

/**
 * A file's SHA-256 in hex, as the server stores it; null where the browser cannot (an http page other than this
 * machine has no WebCrypto) or the file is too large to hash here. The caller then simply skips what needs it.
 */
export async function sha256Of(file: Blob): Promise<string | null> {
  if (!globalThis.crypto?.subtle || file.size > MAX_HASHED) return null;
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await bytesOf(file)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The bytes of a blob (FileReader where Blob.arrayBuffer is missing, as in older engines and jsdom). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
