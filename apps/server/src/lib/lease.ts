/**
 * Keeps a lease alive while its work runs (issue 25): `renew` every third of `leaseMs`, a failed renewal left to the
 * next one (or to the hand-back, if the holder is cut off for longer than the lease). Answers the stop.
 */
export function renewLease(leaseMs: number, renew: () => Promise<unknown>): () => void {
  const timer = setInterval(() => void renew().catch(() => {}), leaseMs / 3);
  timer.unref();
  return () => clearInterval(timer);
}
