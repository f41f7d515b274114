import { TrailType } from '@edoc/contract/enums';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { exchangeImports } from '../../db/schema/exchange.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import type { JobDeps } from './ems-import-package.ts';
import { discardPackage } from './ems-import-preview.ts';

/* What every filing run (EMS, ems-import-file.ts, and bulk, bulk-import-file.ts) writes besides its rows. */

type ImportRecord = typeof exchangeImports.$inferSelect;

/** A batch's progress, up to the last row it filed (100 is the end's). */
export async function filingProgress(tx: Tx, importId: number, rowNo: number, total: number) {
  await tx
    .update(exchangeImports)
    .set({ progress: Math.min(99, Math.floor((100 * rowNo) / Math.max(total, 1))), updatedAt: new Date() })
    .where(eq(exchangeImports.id, importId));
}

/**
 * The end of a filing run (EMS or bulk): done, or failed with `fatal`; with its summary's counts in the trail; the
 * uploaded zip removed. Two runs finishing together: only the one that ends the filing writes its trail row.
 */
export async function endFiling(
  deps: JobDeps,
  imp: ImportRecord,
  actor: TrailActor,
  fatal: string | null,
  counts: (tx: Tx) => Promise<{
    sourceSystem: string | null;
    objects: number;
    accepted: number;
    filed: number;
    failed: number;
  }>,
) {
  const state = fatal ? 'failed' : 'done';
  await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(exchangeImports)
      .set({ state, error: fatal, progress: 100, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(exchangeImports.id, imp.id), eq(exchangeImports.state, 'filing')))
      .returning();
    if (!ended) return;
    const newValue = { state, packageName: imp.packageName, ...(await counts(tx)) } as const;
    await recordTrail(tx, actor, { type: TrailType.Update, objectType: 'exchange_import', objectId: imp.id, newValue });
  });
  if (imp.packageSha256) await discardPackage(deps, imp.packageSha256);
}
