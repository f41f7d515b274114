import { TrailType, UserType } from '@edoc/contract/enums';
import type { ImportRowPage, ImportView } from '@edoc/contract/exchange-import';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { folderRights } from '../../access/folder-rights.ts';
import type { Tx } from '../../db/client.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import {
  mapContext,
  TARGET_CODES,
  targetProblems,
  type Problem,
  type SourceRef,
  type StoredTarget,
} from './ems-import-map.ts';
import { discardPackage } from './ems-import-preview.ts';
import { underImportDir } from './ems-package.ts';
import { fileable, importRowOf, importViewOf, optionsOf, refreshSummary } from './ems-import-summary.ts';

/*
 * EMS import (issue 28 part 2, docs/exchange.md): the requests. Every one acts in the entered project and reads an
 * import only of that project; who may import is whoever holds importDoc on some folder (each row's target folder is
 * checked again at preview, on each correction and when filed, against the person who accepted).
 */

type ImportRecord = typeof exchangeImports.$inferSelect;

/** The caller holds importDoc on at least one folder of the project, or may not import at all. */
export async function requireImporter(tx: Tx, ctx: ProjectContext) {
  const { rights } = await folderRights(tx, ctx, 0);
  if (![...rights.values()].some((r) => r.isEnabled && r.docKeys.includes('importDoc'))) fail('forbidden');
}

/** An import of the entered project and of this kind (EMS or bulk share the table), or not_found. */
export async function importOfKind(
  tx: Tx,
  ctx: ProjectContext,
  kind: 'ems' | 'bulk',
  id: number,
  lock = false,
): Promise<ImportRecord> {
  const q = tx
    .select()
    .from(exchangeImports)
    .where(
      and(eq(exchangeImports.id, id), eq(exchangeImports.projectId, ctx.projectId), eq(exchangeImports.kind, kind)),
    );
  const [imp] = lock ? await q.for('update') : await q;
  if (!imp) fail('not_found');
  return imp;
}

export const loadImport = (tx: Tx, ctx: ProjectContext, id: number, lock = false) =>
  importOfKind(tx, ctx, 'ems', id, lock);

export async function viewOf(tx: Tx, ctx: ProjectContext, imp: ImportRecord): Promise<ImportView> {
  const [u] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, imp.userId));
  return importViewOf(imp, u, ctx.lang);
}

export function requireState(imp: ImportRecord, ...states: string[]) {
  if (!states.includes(imp.state)) fail('exchange_import_state', { state: imp.state });
}

/** A new import of a stored zip or a server path, its preview job queued after the row commits. */
export async function createImport(
  deps: Deps,
  ctx: ProjectContext,
  pkg: { packageName: string; packageSha256: string | null; packageSize: number | null; serverPath: string | null },
): Promise<ImportView> {
  const view = await deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    const [imp] = await tx
      .insert(exchangeImports)
      .values({
        projectId: ctx.projectId,
        userId: ctx.auth.user.id,
        kind: 'ems',
        ...pkg,
        lang: ctx.lang,
        options: { createCountries: false, createSites: false, fullAccess: ctx.fullAccess },
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'exchange_import',
      objectId: imp.id,
      newValue: { packageName: pkg.packageName, packageSize: pkg.packageSize, serverPath: pkg.serverPath },
    });
    return viewOf(tx, ctx, imp);
  });
  await deps.jobs.send('exchange.preview', { importId: view.id });
  return view;
}

/** Checks a server path before the import is made: only administrators, only under IMPORT_DIR, a zip or a folder. */
export async function checkServerPath(deps: Deps, ctx: ProjectContext, serverPath: string) {
  const u = ctx.auth.user;
  if (u.userType !== UserType.System && !u.isCompanyManager) fail('forbidden');
  if (!deps.config.IMPORT_DIR) fail('exchange_import_dir_off');
  const full = underImportDir(deps.config.IMPORT_DIR, serverPath);
  const stat = full ? await fs.stat(full).catch(() => null) : null;
  if (!full || !stat || !(stat.isDirectory() || (stat.isFile() && /\.zip$/i.test(full))))
    fail('exchange_import_path', { field: 'serverPath' });
  return { packageName: path.basename(full), packageSize: stat.isFile() ? stat.size : null };
}

/** A page of the entered project's imports of one kind, newest first, each with who started it. */
export async function importsPage(
  deps: Deps,
  ctx: ProjectContext,
  kind: 'ems' | 'bulk',
  q: { page: number; pageSize: number },
) {
  // An import's rows name objects of any folder: only importers read them.
  await requireImporter(deps.db, ctx);
  const where = and(eq(exchangeImports.projectId, ctx.projectId), eq(exchangeImports.kind, kind));
  const [{ total }] = await deps.db.select({ total: count() }).from(exchangeImports).where(where);
  const rows = await deps.db
    .select({ imp: exchangeImports, user: { id: users.id, name: users.name } })
    .from(exchangeImports)
    .innerJoin(users, eq(users.id, exchangeImports.userId))
    .where(where)
    .orderBy(desc(exchangeImports.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { total, rows };
}

export async function listImports(deps: Deps, ctx: ProjectContext, q: { page: number; pageSize: number }) {
  const { total, rows } = await importsPage(deps, ctx, 'ems', q);
  return { total, rows: rows.map((r) => importViewOf(r.imp, r.user, ctx.lang)) };
}

export async function getImport(deps: Deps, ctx: ProjectContext, id: number): Promise<ImportView> {
  return deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    return viewOf(tx, ctx, await loadImport(tx, ctx, id));
  });
}

export async function listRows(
  deps: Deps,
  ctx: ProjectContext,
  id: number,
  q: { page: number; pageSize: number; problemOnly?: boolean; conflictOnly?: boolean; decision?: string },
): Promise<ImportRowPage> {
  await requireImporter(deps.db, ctx);
  const imp = await loadImport(deps.db, ctx, id);
  const filters: Array<SQL | undefined> = [
    eq(exchangeImportRows.importId, imp.id),
    q.problemOnly ? sql`jsonb_array_length(${exchangeImportRows.problems}) > 0` : undefined,
    q.conflictOnly ? eq(exchangeImportRows.conflict, 'exists') : undefined,
    q.decision === 'none'
      ? isNull(exchangeImportRows.decision)
      : q.decision
        ? eq(exchangeImportRows.decision, q.decision)
        : undefined,
  ];
  const where = and(...filters);
  const [{ total }] = await deps.db.select({ total: count() }).from(exchangeImportRows).where(where);
  const rows = await deps.db
    .select()
    .from(exchangeImportRows)
    .where(where)
    .orderBy(asc(exchangeImportRows.rowNo))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const options = optionsOf(imp);
  return { total, rows: rows.map((r) => importRowOf(r, options, ctx.lang)) };
}

/** Starts the filing of the accepted rows, checked against the caller (who files them). */
export async function acceptImport(deps: Deps, ctx: ProjectContext, id: number): Promise<ImportView> {
  const view = await deps.db.transaction(async (tx) => {
    const imp = await loadImport(tx, ctx, id, true);
    requireState(imp, 'preview');
    await requireImporter(tx, ctx);
    const options = { ...optionsOf(imp), fullAccess: ctx.fullAccess };
    // The rights that count from now on are the accepter's: the rows' no_rights problems are recomputed for them.
    const m = await mapContext(tx, ctx.projectId, { userId: ctx.auth.user.id, fullAccess: ctx.fullAccess });
    const rows = await tx.select().from(exchangeImportRows).where(eq(exchangeImportRows.importId, imp.id));
    let ready = 0;
    for (const row of rows) {
      const kept = (row.problems as Problem[]).filter((p) => !TARGET_CODES.includes(p.code));
      const problems = [...targetProblems(m, row.source as SourceRef, row.target as StoredTarget), ...kept];
      const filed = fileable({ ...row, problems }, options);
      if (filed) ready++;
      await tx
        .update(exchangeImportRows)
        .set({ problems, state: filed ? 'pending' : 'skipped' })
        .where(eq(exchangeImportRows.id, row.id));
    }
    if (ready === 0) fail('exchange_import_nothing');
    await tx
      .update(exchangeImports)
      .set({ state: 'filing', progress: 0, userId: ctx.auth.user.id, options, updatedAt: new Date() })
      .where(eq(exchangeImports.id, imp.id));
    const s = await refreshSummary(tx, imp.id);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'exchange_import',
      objectId: imp.id,
      newValue: {
        state: 'filing',
        packageName: imp.packageName,
        sourceSystem: imp.sourceSystem,
        objects: s.objects,
        accepted: ready,
        filed: 0,
        failed: 0,
      },
    });
    return viewOf(tx, ctx, await loadImport(tx, ctx, id));
  });
  await deps.jobs.send('exchange.file', { importId: id }, { expireInSeconds: 6 * 3600 });
  return view;
}

/** Cancels an import not yet filing: its rows and package go; the row stays in the list as cancelled. */
export async function cancelImport(deps: Deps, ctx: ProjectContext, id: number): Promise<ImportView> {
  const { view, sha } = await deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    const imp = await loadImport(tx, ctx, id, true);
    requireState(imp, 'uploaded', 'validating', 'preview');
    await tx.delete(exchangeImportRows).where(eq(exchangeImportRows.importId, imp.id));
    await tx
      .update(exchangeImports)
      .set({ state: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(exchangeImports.id, imp.id));
    const s = imp.summary as { objects?: number };
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'exchange_import',
      objectId: imp.id,
      newValue: {
        state: 'cancelled',
        packageName: imp.packageName,
        sourceSystem: imp.sourceSystem,
        objects: s.objects ?? 0,
        accepted: 0,
        filed: 0,
        failed: 0,
      },
    });
    return { view: await viewOf(tx, ctx, await loadImport(tx, ctx, id)), sha: imp.packageSha256 };
  });
  if (sha) await discardPackage(deps, sha);
  return view;
}
