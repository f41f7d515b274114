import { BULK_LOW_CONFIDENCE, type BulkImportView, type BulkRowPage } from '@edoc/contract/bulk-import';
import { TrailType } from '@edoc/contract/enums';
import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { discardPackage } from '../exchange/ems-import-preview.ts';
import { importOfKind, importsPage, requireImporter, requireState } from '../exchange/ems-import.service.ts';
import { bulkRowOf, bulkViewOf } from './bulk-import-view.ts';

/*
 * Bulk import (issue 28 part 3, docs/exchange.md): the reading requests and cancel. Like the EMS import, every one
 * acts in the entered project, reads an import only of that project and of kind 'bulk', and only for whoever holds
 * importDoc on some folder of it (an import's rows name files bound for any folder).
 */

type ImportRecord = typeof exchangeImports.$inferSelect;

export const loadBulkImport = (tx: Tx, ctx: ProjectContext, id: number, lock = false) =>
  importOfKind(tx, ctx, 'bulk', id, lock);

export async function bulkViewIn(tx: Tx, ctx: ProjectContext, imp: ImportRecord): Promise<BulkImportView> {
  const [u] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, imp.userId));
  return bulkViewOf(imp, u, ctx.lang);
}

export async function listBulkImports(deps: Deps, ctx: ProjectContext, q: { page: number; pageSize: number }) {
  const { total, rows } = await importsPage(deps, ctx, 'bulk', q);
  return { total, rows: rows.map((r) => bulkViewOf(r.imp, r.user, ctx.lang)) };
}

export async function getBulkImport(deps: Deps, ctx: ProjectContext, id: number): Promise<BulkImportView> {
  return deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    return bulkViewIn(tx, ctx, await loadBulkImport(tx, ctx, id));
  });
}

export async function listBulkRows(
  deps: Deps,
  ctx: ProjectContext,
  id: number,
  q: { page: number; pageSize: number; problemOnly?: boolean; lowConfidence?: boolean; decision?: string },
): Promise<BulkRowPage> {
  await requireImporter(deps.db, ctx);
  const imp = await loadBulkImport(deps.db, ctx, id);
  const r = exchangeImportRows;
  const filters: Array<SQL | undefined> = [
    eq(r.importId, imp.id),
    q.problemOnly ? sql`jsonb_array_length(${r.problems}) > 0` : undefined,
    // Low: the artifact is the engine's guess and its best guess is below the line (or there is none).
    q.lowConfidence
      ? sql`${r.target}->'from'->>'artifact' IS DISTINCT FROM 'sheet' AND ${r.target}->'from'->>'artifact' IS DISTINCT FROM 'user'
          AND coalesce((${r.suggestions}->'artifacts'->0->>'confidence')::float, 0) < ${BULK_LOW_CONFIDENCE}`
      : undefined,
    q.decision === 'none' ? isNull(r.decision) : q.decision ? eq(r.decision, q.decision) : undefined,
  ];
  const where = and(...filters);
  const [{ total }] = await deps.db.select({ total: count() }).from(r).where(where);
  const rows = await deps.db
    .select()
    .from(r)
    .where(where)
    .orderBy(asc(r.rowNo))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total, rows: rows.map((row) => bulkRowOf(row, ctx.lang)) };
}

/** Cancels an import not yet filing: its rows and zip go; the import stays in the list as cancelled. */
export async function cancelBulkImport(deps: Deps, ctx: ProjectContext, id: number): Promise<BulkImportView> {
  const { view, sha } = await deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    const imp = await loadBulkImport(tx, ctx, id, true);
    requireState(imp, 'uploaded', 'validating', 'preview');
    await tx.delete(exchangeImportRows).where(eq(exchangeImportRows.importId, imp.id));
    await tx
      .update(exchangeImports)
      .set({ state: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(exchangeImports.id, imp.id));
    const s = imp.summary as { files?: number };
    // The EMS import's shape for an import's step (same object type); sourceSystem is null for a bulk import.
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'exchange_import',
      objectId: imp.id,
      newValue: {
        state: 'cancelled',
        packageName: imp.packageName,
        sourceSystem: null,
        objects: s.files ?? 0,
        accepted: 0,
        filed: 0,
        failed: 0,
      },
    });
    return { view: await bulkViewIn(tx, ctx, await loadBulkImport(tx, ctx, id)), sha: imp.packageSha256 };
  });
  if (sha) await discardPackage(deps, sha);
  return view;
}
