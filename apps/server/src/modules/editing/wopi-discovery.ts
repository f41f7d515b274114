import { contentTypeOf } from '@edoc/contract/file-rules';
import { createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The WOPI editor's discovery document (WOPI_DISCOVERY_URL; Collabora Online, ONLYOFFICE Docs and Office Online
 * Server all serve one at /hosting/discovery): which page edits which file type, and the editor's proof keys.
 */
export interface Discovery {
  actions: Array<{ app: string; name: string; ext: string; urlsrc: string }>;
  /** The keys the editor signs its requests with (current and the one before a rotation), when it has them. */
  proofKeys: { current: KeyObject | null; old: KeyObject | null };
  /** Where its pages live, read once here: the CSP of every response names them. */
  pageOrigins: string[];
}

// Kept in memory for a few minutes: it changes only when the editor is upgraded or rotates its keys, and a node that
// sees the change a little later than another does no harm (proof checks refetch on a failure, see wopi-proof.ts).
const CACHE_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 5_000;
const cache = new Map<string, { at: number; discovery: Promise<Discovery> }>();
const lastGood = new Map<string, Discovery>();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e[0] === '#')
      return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? m;
  });

function attributesOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]] = unescapeXml(m[2] ?? m[3]);
  return out;
}

const b64url = (b64: string) => Buffer.from(b64, 'base64').toString('base64url');

/**
 * Microsoft's PUBLICKEYBLOB (the `value` attribute): an 8-byte BLOBHEADER, "RSA1", the bit length and public
 * exponent (little-endian), then the modulus, little-endian. Read only when modulus/exponent are not given.
 */
function keyOfBlob(value: string): KeyObject | null {
  const b = Buffer.from(value, 'base64');
  if (b.length < 20 || b.toString('latin1', 8, 12) !== 'RSA1') return null;
  const bytes = b.readUInt32LE(12) / 8;
  const exponent = Buffer.alloc(4);
  exponent.writeUInt32BE(b.readUInt32LE(16));
  const modulus = Buffer.from(b.subarray(20, 20 + bytes)).reverse();
  return rsaKey(modulus.toString('base64'), exponent.subarray(exponent.findIndex((x) => x !== 0)).toString('base64'));
}

function rsaKey(modulus: string | undefined, exponent: string | undefined): KeyObject | null {
  if (!modulus || !exponent) return null;
  try {
    return createPublicKey({ key: { kty: 'RSA', n: b64url(modulus), e: b64url(exponent) }, format: 'jwk' });
  } catch {
    return null;
  }
}

/** Reads the discovery XML: the few elements edoc needs, each attribute value unescaped. */
export function parseDiscovery(xml: string): Discovery {
  const actions: Discovery['actions'] = [];
  let proofKeys: Discovery['proofKeys'] = { current: null, old: null };
  let app = '';
  // Quoted values may hold '>' (urlsrc placeholders): the pattern keeps them inside the tag.
  const tags = /<(app|action|proof-key)((?:\s+[\w:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/g;
  for (const [, tag, attrs] of xml.matchAll(tags)) {
    const a = attributesOf(attrs);
    if (tag === 'app') app = a.name ?? '';
    else if (tag === 'action' && a.urlsrc)
      actions.push({ app, name: a.name ?? '', ext: (a.ext ?? '').toLowerCase(), urlsrc: a.urlsrc });
    else if (tag === 'proof-key')
      proofKeys = {
        current: rsaKey(a.modulus, a.exponent) ?? (a.value ? keyOfBlob(a.value) : null),
        old: rsaKey(a.oldmodulus, a.oldexponent) ?? (a.oldvalue ? keyOfBlob(a.oldvalue) : null),
      };
  }
  const pageOrigins = new Set<string>();
  for (const a of actions) {
    try {
      pageOrigins.add(new URL(a.urlsrc.replace(/<[^>]*>/g, '')).origin);
    } catch {
      // An action whose address does not parse is never launched either.
    }
  }
  return { actions, proofKeys, pageOrigins: [...pageOrigins] };
}

async function fetchDiscovery(url: string): Promise<Discovery> {
  const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`WOPI discovery ${url} answered ${res.status}`);
  const discovery = parseDiscovery(await res.text());
  lastGood.set(url, discovery);
  return discovery;
}

/** The editor's discovery, from memory when fetched in the last few minutes; `fresh` fetches it again. */
export function discoveryOf(url: string, fresh = false): Promise<Discovery> {
  const hit = cache.get(url);
  if (hit && !fresh && Date.now() - hit.at < CACHE_MS) return hit.discovery;
  const discovery = fetchDiscovery(url);
  cache.set(url, { at: Date.now(), discovery });
  // A failed fetch is not remembered: the next launch tries again.
  discovery.catch(() => {
    if (cache.get(url)?.discovery === discovery) cache.delete(url);
  });
  return discovery;
}

/** The last discovery this process read, without waiting (for the page's Content-Security-Policy). */
export const knownDiscovery = (url: string) => lastGood.get(url) ?? null;

/**
 * The editor's page that edits a file of this type: the `edit` action for its extension, else (Collabora lists
 * some types by MIME type) the `edit` action of the app named by its content type.
 */
export function editActionOf(d: Discovery, extension: string): string | null {
  const ext = extension.toLowerCase();
  const edit = d.actions.filter((a) => a.name === 'edit');
  return (
    edit.find((a) => a.ext === ext)?.urlsrc ??
    edit.find((a) => a.app === contentTypeOf(ext) && a.ext === '')?.urlsrc ??
    null
  );
}

/**
 * The address the browser opens: urlsrc with its optional <name=PLACEHOLDER&> parameters left out (the editor's
 * defaults apply) and WOPISrc, the file's address on this host, added.
 */
export function actionUrlOf(urlsrc: string, wopiSrc: string): string {
  const base = urlsrc.replace(/<[^>]*>/g, '');
  const sep = !base.includes('?') ? '?' : /[?&]$/.test(base) ? '' : '&';
  return `${base}${sep}WOPISrc=${encodeURIComponent(wopiSrc)}`;
}

/** Origins the viewer page may frame and post the access token to: the discovery's and those of its pages. */
export const editorOrigins = (url: string) => [
  ...new Set([new URL(url).origin, ...(knownDiscovery(url)?.pageOrigins ?? [])]),
];
