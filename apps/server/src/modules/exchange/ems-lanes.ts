/**
 * Runs `work` on each item, `lanes` at a time, started in order: one's disk wait overlaps another's hashing. The first
 * failure stops further starts and is thrown once those under way have ended, so nothing still reads the package
 * (or writes the store) when this returns.
 */
export async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  let stop = false;
  const lane = async () => {
    while (!stop && next < items.length) await work(items[next++]);
  };
  const ended = await Promise.allSettled(
    Array.from({ length: Math.min(lanes, items.length) }, () =>
      lane().catch((err: unknown) => {
        stop = true;
        throw err;
      }),
    ),
  );
  const failed = ended.find((e) => e.status === 'rejected');
  if (failed) throw failed.reason;
}
