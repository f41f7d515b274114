import type { BulkImportView, BulkRowsBody } from '@edoc/contract/bulk-import';
import { TrailType } from '@edoc/contract/enums';
import { and, eq, inArray } from 'drizzle-orm';
import { visibleSites } from '../../access/sites.ts';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { requireImporter, requireState } from '../exchange/ems-import.service.ts';
import type { SheetLine } from './bulk-import-sheet.ts';
import { refreshBulkSummary, type BulkOptions } from './bulk-import-summary.ts';
import { blocked, bulkContext, recheck, seesSite, type BulkContext } from './bulk-import-target.ts';
import type { BulkStoredProblem, BulkStoredTarget } from './bulk-import-view.ts';
import { bulkViewIn, loadBulkImport } from './bulk-import.service.ts';

/* Bulk import (issue 28 part 3): the requests that change an import — made, corrected and decided, accepted. The
 * reads and cancel are in bulk-import.service.ts. */

/** A new bulk import of a stored zip (and the spreadsheet's lines, when sent as a part); its preview queued. */
export async function createBulkImport(
  deps: Deps,
  ctx: ProjectContext,
  pkg: {
    packageName: string;
    packageSha256: string;
    packageSize: number;
    sheet: SheetLine[] | null;
    sheetName: string | null;
  },
): Promise<BulkImportView> {
  const view = await deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    const options: BulkOptions = {
      fullAccess: ctx.fullAccess,
      siteIds: await visibleSites(tx, ctx),
      ...(pkg.sheet ? { sheet: pkg.sheet, sheetName: pkg.sheetName } : {}),
    };
    const [imp] = await tx
      .insert(exchangeImports)
      .values({
        projectId: ctx.projectId,
        userId: ctx.auth.user.id,
        kind: 'bulk',
        packageName: pkg.packageName,
        packageSha256: pkg.packageSha256,
        packageSize: pkg.packageSize,
        lang: ctx.lang,
        options,
        summary: { sheetName: pkg.sheetName },
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'exchange_import',
      objectId: imp.id,
      newValue: { packageName: pkg.packageName, packageSize: pkg.packageSize, serverPath: null },
    });
    return bulkViewIn(tx, ctx, imp);
  });
  await deps.jobs.send('bulk-import.preview', { importId: view.id });
  return view;
}

type Change = BulkRowsBody['rows'][number];

/** A correction applied: only what is given changes, each checked against the project and the caller's sites. */
function corrected(c: BulkContext, t: BulkStoredTarget, ch: Change): { target: BulkStoredTarget; keys: string[] } {
  const next: BulkStoredTarget = { ...t, from: { ...t.from } };
  const keys: string[] = [];
  const set = <K extends keyof BulkStoredTarget['from']>(key: K) => (keys.push(key), (next.from[key] = 'user'));
  if (ch.artifactId !== undefined) {
    if (!c.artifacts.has(ch.artifactId)) fail('invalid_value', { field: 'artifactId' });
    next.artifactId = ch.artifactId;
    next.folderId = c.folderOfArtifact.get(ch.artifactId) ?? null;
    set('artifact');
  }
  if (ch.level !== undefined) [next.level] = [ch.level, set('level')];
  if (ch.siteId !== undefined) {
    const site = ch.siteId === null ? null : c.sites.find((s) => s.id === ch.siteId && seesSite(c, s.id));
    if (site === undefined) fail('invalid_value', { field: 'siteId' });
    next.siteId = site?.id ?? null;
    if (site) next.countryId = site.countryId;
    set('site');
  }
  if (ch.countryId !== undefined && ch.siteId === undefined) {
    if (ch.countryId !== null && !c.countries.some((x) => x.id === ch.countryId))
      fail('invalid_value', { field: 'countryId' });
    next.countryId = ch.countryId;
    set('country');
  }
  if (ch.documentDate !== undefined) [next.documentDate] = [ch.documentDate, set('documentDate')];
  if (ch.name) [next.name] = [ch.name, set('name')];
  if (ch.version !== undefined) [next.version] = [ch.version || null, set('version')];
  // The level decides which places apply: a trial document has none, a country document no site.
  if (next.level === 'trial') [next.countryId, next.siteId] = [null, null];
  if (next.level === 'country') next.siteId = null;
  return { target: next, keys };
}

/** Corrections and decisions for some rows, while the import is in preview. */
export async function correctBulkRows(deps: Deps, ctx: ProjectContext, id: number, body: BulkRowsBody) {
  return deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    const imp = await loadBulkImport(tx, ctx, id, true);
    requireState(imp, 'preview');
    const ids = body.rows.map((r) => r.id);
    const r = exchangeImportRows;
    const rows = await tx
      .select()
      .from(r)
      .where(and(eq(r.importId, imp.id), inArray(r.id, ids)));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The caller's own sites and rights: a correction names only what they may see.
    const c = await bulkContext(tx, ctx.projectId, {
      userId: ctx.auth.user.id,
      fullAccess: ctx.fullAccess,
      siteIds: await visibleSites(tx, ctx),
    });
    for (const ch of body.rows) {
      const row = byId.get(ch.id);
      if (!row) fail('invalid_value', { field: 'rows' });
      const { target, keys } = corrected(c, row.target as BulkStoredTarget, ch);
      // A corrected column's spreadsheet problem is answered by the correction.
      const left = (row.problems as BulkStoredProblem[]).filter((p) => !keys.includes(p.params.key));
      const problems = recheck(c, target, left);
      await tx
        .update(r)
        .set({ target, problems, title: target.name, decision: ch.decision ?? row.decision })
        .where(eq(r.id, row.id));
    }
    await refreshBulkSummary(tx, imp.id);
    return bulkViewIn(tx, ctx, await loadBulkImport(tx, ctx, id));
  });
}

/** Accepts the rows named (or every undecided row without a blocking problem) and starts filing as the caller. */
export async function acceptBulkImport(deps: Deps, ctx: ProjectContext, id: number, rowIds: number[] | undefined) {
  const view = await deps.db.transaction(async (tx) => {
    const imp = await loadBulkImport(tx, ctx, id, true);
    requireState(imp, 'preview');
    await requireImporter(tx, ctx);
    const user = { userId: ctx.auth.user.id, fullAccess: ctx.fullAccess, siteIds: await visibleSites(tx, ctx) };
    const c = await bulkContext(tx, ctx.projectId, user);
    const r = exchangeImportRows;
    if (rowIds?.length)
      await tx
        .update(r)
        .set({ decision: 'accept' })
        .where(and(eq(r.importId, imp.id), inArray(r.id, rowIds)));
    const rows = await tx.select().from(r).where(eq(r.importId, imp.id));
    let ready = 0;
    for (const row of rows) {
      // From now on the accepter's rights and sites count: the problems are recomputed for them.
      const problems = recheck(c, row.target as BulkStoredTarget, row.problems as BulkStoredProblem[]);
      const accept = row.decision === 'accept' || (!rowIds?.length && row.decision === null && !blocked(problems));
      const filed = accept && !blocked(problems);
      if (filed) ready++;
      await tx
        .update(r)
        .set({ problems, decision: accept ? 'accept' : (row.decision ?? 'skip'), state: filed ? 'pending' : 'skipped' })
        .where(eq(r.id, row.id));
    }
    if (ready === 0) fail('exchange_import_nothing');
    const options: BulkOptions = {
      ...(imp.options as BulkOptions),
      fullAccess: user.fullAccess,
      siteIds: user.siteIds,
    };
    await tx
      .update(exchangeImports)
      .set({ state: 'filing', progress: 0, userId: ctx.auth.user.id, options, updatedAt: new Date() })
      .where(eq(exchangeImports.id, imp.id));
    const s = await refreshBulkSummary(tx, imp.id);
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'exchange_import',
      objectId: imp.id,
      newValue: {
        state: 'filing',
        packageName: imp.packageName,
        sourceSystem: null,
        objects: s.files,
        accepted: ready,
        filed: 0,
        failed: 0,
      },
    });
    return bulkViewIn(tx, ctx, await loadBulkImport(tx, ctx, id));
  });
  await deps.jobs.send('bulk-import.file', { importId: id }, { expireInSeconds: 6 * 3600 });
  return view;
}
