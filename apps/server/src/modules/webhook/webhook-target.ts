import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Where a webhook may be sent (issue 29 part 5, docs/identity.md): http or https only, and never to a private,
 * loopback, link-local, unique-local or multicast address unless the system setting webhooks.allowPrivateTargets is
 * on. The check runs after DNS resolution and answers the address it checked, which the deliverer then connects to:
 * a second lookup between check and connect would let a name rebind to an internal address.
 */
export interface WebhookTarget {
  url: URL;
  /** The checked address the request connects to. */
  address: string;
  family: 4 | 6;
}

export class WebhookTargetError extends Error {
  constructor(
    readonly reason: 'scheme' | 'unresolved' | 'private',
    message: string,
  ) {
    super(message);
  }
}

/** IPv4 ranges a webhook may not reach: [first address as a number, prefix length]. */
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
];

const v4Number = (a: string) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function v4Blocked(address: string): boolean {
  const n = v4Number(address);
  return V4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    return Math.floor(n / size) === Math.floor(v4Number(base) / size);
  });
}

/** The eight 16-bit groups of an IPv6 address (with "::" and a dotted IPv4 tail expanded). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = part(head);
  const back = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

function v6Blocked(address: string): boolean {
  const g = v6Groups(address);
  const zeroTo = (i: number) => g.slice(0, i).every((x) => x === 0);
  if (zeroTo(8)) return true; // ::
  if (zeroTo(7) && g[7] === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) forms are judged as the IPv4 address.
  const v4 = `${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`;
  if (zeroTo(5) && g[5] === 0xffff) return v4Blocked(v4);
  if (zeroTo(6)) return v4Blocked(v4);
  // NAT64 (64:ff9b::/96) reaches IPv4 addresses too.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Blocked(v4);
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique-local fc00::/7
  if ((g[0] & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g[0] & 0xffc0) === 0xfec0) return true; // site-local (deprecated) fec0::/10
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast ff00::/8
  return false;
}

/** Whether an address (v4 or v6, in any of the usual spellings) is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return v4Blocked(address);
  if (family === 6) return v6Blocked(address);
  return true;
}

/**
 * Parses and resolves a webhook URL, refusing what the rule forbids. Every address the name resolves to is checked
 * (a name with one public and one private address is refused), and the first is answered for the connection.
 */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('scheme', 'not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookTargetError('scheme', 'only http and https URLs are allowed');
  if (url.username || url.password) throw new WebhookTargetError('scheme', 'credentials in the URL are not allowed');
  // URL keeps brackets around an IPv6 literal.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookTargetError('unresolved', `${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError('unresolved', `${host} could not be resolved`);
  if (!allowPrivate) {
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) throw new WebhookTargetError('private', `${host} resolves to a private address (${blocked.address})`);
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
