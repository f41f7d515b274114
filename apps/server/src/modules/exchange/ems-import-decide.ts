import type { ImportDecideBody, ImportView } from '@edoc/contract/exchange-import';
import { and, eq, inArray } from 'drizzle-orm';
import { exchangeImportRows, exchangeImports } from '../../db/schema/exchange.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import {
  mapContext,
  TARGET_CODES,
  targetProblems,
  type Problem,
  type SourceRef,
  type StoredTarget,
} from './ems-import-map.ts';
import { optionsOf, refreshSummary } from './ems-import-summary.ts';
import { loadImport, requireImporter, requireState, viewOf } from './ems-import.service.ts';

/* POST /exchange/import/:id/rows (issue 28 part 2): the user's decisions, corrected targets and the import's options,
 * while it is in preview. A correction recomputes the problems its target decides (ems-import-map.ts). */

/** A corrected target: the folder brings its artifact; a site brings its country. Ids of another project refused. */
function corrected(
  m: Awaited<ReturnType<typeof mapContext>>,
  t: StoredTarget,
  input: NonNullable<NonNullable<ImportDecideBody['rows']>[number]['target']>,
): StoredTarget {
  const next = { ...t };
  if (input.folderId !== undefined) {
    const folder = m.folders.get(input.folderId);
    if (!folder) fail('invalid_value', { field: 'folderId' });
    next.folderId = input.folderId;
    next.folderName = folder.name;
    next.folderNameEn = folder.nameEn;
    next.artifactId = folder.artifactId ?? next.artifactId;
  }
  if (input.siteId !== undefined) {
    const site = input.siteId === null ? null : [...m.sites.values()].find((s) => s.id === input.siteId);
    if (site === undefined) fail('invalid_value', { field: 'siteId' });
    next.siteId = site?.id ?? null;
    if (site) next.countryId = site.countryId;
  }
  if (input.countryId !== undefined && input.siteId === undefined) {
    if (input.countryId !== null && ![...m.countries.values()].includes(input.countryId))
      fail('invalid_value', { field: 'countryId' });
    next.countryId = input.countryId;
  }
  if (input.documentDate !== undefined) next.documentDate = input.documentDate;
  if (input.name) next.name = input.name;
  return next;
}

/** Decisions and corrections for some rows or all, and the import's options; only while it is in preview. */
export async function decideRows(
  deps: Deps,
  ctx: ProjectContext,
  id: number,
  body: ImportDecideBody,
): Promise<ImportView> {
  return deps.db.transaction(async (tx) => {
    await requireImporter(tx, ctx);
    const imp = await loadImport(tx, ctx, id, true);
    requireState(imp, 'preview');
    if (body.options) {
      const options = { ...optionsOf(imp), ...body.options };
      await tx.update(exchangeImports).set({ options }).where(eq(exchangeImports.id, imp.id));
    }
    if (body.all)
      await tx.update(exchangeImportRows).set({ decision: body.all }).where(eq(exchangeImportRows.importId, imp.id));
    if (body.rows?.length) {
      const rows = await tx
        .select()
        .from(exchangeImportRows)
        .where(
          and(
            eq(exchangeImportRows.importId, imp.id),
            inArray(
              exchangeImportRows.id,
              body.rows.map((r) => r.id),
            ),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      const m = await mapContext(tx, ctx.projectId, {
        userId: imp.userId,
        fullAccess: Boolean(optionsOf(imp).fullAccess),
      });
      for (const change of body.rows) {
        const row = byId.get(change.id);
        if (!row) fail('invalid_value', { field: 'rows' });
        let { target, problems } = row as { target: StoredTarget; problems: Problem[] };
        if (change.target) {
          target = corrected(m, target, change.target);
          const kept = problems.filter((p) => !TARGET_CODES.includes(p.code));
          problems = [...targetProblems(m, row.source as SourceRef, target), ...kept];
        }
        await tx
          .update(exchangeImportRows)
          .set({ decision: change.decision, target, problems })
          .where(eq(exchangeImportRows.id, row.id));
      }
    }
    await refreshSummary(tx, imp.id);
    return viewOf(tx, ctx, await loadImport(tx, ctx, id));
  });
}
