import { verify, type KeyObject } from 'node:crypto';
import { discoveryOf, type Discovery } from './wopi-discovery.ts';

/**
 * WOPI proof keys: the editor signs each request (X-WOPI-Proof with its current key, X-WOPI-ProofOld with the one
 * before) over the access token, the full request URL and the time, so a stolen token alone cannot be replayed from
 * somewhere else. Checked whenever the editor sends them; editors configured without keys send none.
 */
export interface ProofHeaders {
  proof?: string;
  proofOld?: string;
  timestamp?: string;
}

/** .NET ticks (100 ns since 0001-01-01 UTC), the unit of X-WOPI-TimeStamp. */
const TICKS_AT_EPOCH = 621_355_968_000_000_000n;
export const ticksOf = (ms: number) => BigInt(ms) * 10_000n + TICKS_AT_EPOCH;
const MAX_AGE_TICKS = 20n * 60n * 10_000_000n;

const lengthOf = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

/** The signed bytes: the token, the URL upper-cased and the timestamp, each after its 4-byte big-endian length. */
export function proofBytes(accessToken: string, url: string, ticks: bigint): Buffer {
  const token = Buffer.from(accessToken, 'utf8');
  const address = Buffer.from(url.toUpperCase(), 'utf8');
  const time = Buffer.alloc(8);
  time.writeBigInt64BE(ticks);
  return Buffer.concat([lengthOf(token.length), token, lengthOf(address.length), address, lengthOf(8), time]);
}

const signedBy = (data: Buffer, signature: string | undefined, key: KeyObject | null) => {
  if (!signature || !key) return false;
  try {
    return verify('sha256', data, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
};

/**
 * Whether the proof holds for these keys: new proof with the current or the old key (the host may not have seen a
 * rotation yet), or the old proof with the current key (the editor rotated since the host read its keys).
 */
export function proofHolds(
  keys: Discovery['proofKeys'],
  input: { accessToken: string; url: string; headers: ProofHeaders; now?: number },
): boolean {
  const { proof, proofOld, timestamp } = input.headers;
  if (!timestamp || !/^\d{1,19}$/.test(timestamp)) return false;
  const ticks = BigInt(timestamp);
  const age = ticksOf(input.now ?? Date.now()) - ticks;
  // Older than 20 minutes is a replay; as far ahead is a clock no proof should be trusted from either.
  if (age > MAX_AGE_TICKS || age < -MAX_AGE_TICKS) return false;
  const data = proofBytes(input.accessToken, input.url, ticks);
  return (
    signedBy(data, proof, keys.current) || signedBy(data, proof, keys.old) || signedBy(data, proofOld, keys.current)
  );
}

// A failed proof refetches the keys (the editor may have rotated them) at most this often, so forged proofs cannot
// make edoc hammer the editor's discovery.
const REFETCH_MS = 60_000;
let lastRefetch = 0;

/**
 * The request's proof is good, or it carries none, or the editor publishes no keys to check it with. A request
 * whose proof fails is refused (401) by the caller.
 */
export async function proofAccepted(
  discoveryUrl: string | undefined,
  input: { accessToken: string; url: string; headers: ProofHeaders },
): Promise<boolean> {
  const { proof, proofOld, timestamp } = input.headers;
  if (!discoveryUrl || (proof === undefined && proofOld === undefined && timestamp === undefined)) return true;
  const keys = (await discoveryOf(discoveryUrl).catch(() => null))?.proofKeys;
  if (!keys || (!keys.current && !keys.old)) return true;
  if (proofHolds(keys, input)) return true;
  if (Date.now() - lastRefetch < REFETCH_MS) return false;
  lastRefetch = Date.now();
  const fresh = (await discoveryOf(discoveryUrl, true).catch(() => null))?.proofKeys;
  return !!fresh && proofHolds(fresh, input);
}
