import { TrailType } from '@edoc/contract/enums';
import type {
  TmfCompanyView,
  TmfExportQuery,
  TmfSummary,
  TmfSummaryQuery,
  TmfTargetBody,
} from '@edoc/contract/tmf-health';
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { projects } from '../../db/schema/projects.ts';
import { inSharedSnapshot, lanesOf, type Lanes } from '../../db/shared-snapshot.ts';
import type { Deps } from '../../lib/deps.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import type { Exported } from '../../lib/table-export.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { assertCompanyExists } from '../company/company.policy.ts';
import { emptyFigures, figuresBy, totalFigures } from './tmf-health-figures.ts';
import { healthWorkbook } from './tmf-health-export.ts';
import { groupLabels } from './tmf-health-labels.ts';
import { exportTrail, healthHeader, healthPdf } from './tmf-health-pdf.ts';
import { healthScope, wholeProjectScope, type HealthScope } from './tmf-health.policy.ts';
import { trendOf } from './tmf-health-trend.ts';

/** How many connections one summary may count on at once (db/shared-snapshot.ts). */
const SUMMARY_LANES = 3;

/*
 * The TMF health dashboard's answers (issue 27 part 6): the summary, the project's target and the company's view.
 * The figures are counted in tmf-health-figures.ts and tmf-health-trend.ts over the caller's scope (the policy).
 */

/**
 * The summary of a scope: the total, the groups in their order with their labels, and the trend. Given lanes on one
 * snapshot (healthSummary), the figures' four families and the trend's two halves are counted side by side.
 */
export async function summaryOf(
  tx: Tx,
  scope: HealthScope,
  groupBy: TmfSummaryQuery['groupBy'],
  lang: ProjectContext['lang'],
  lanes: Lanes = lanesOf([tx]),
): Promise<TmfSummary> {
  // By person an item counts once per person who filed it: the total is counted apart; any other grouping counts
  // its groups and the total in one pass.
  const [byKey, trend] = await Promise.all([
    figuresBy(lanes, scope, groupBy, groupBy !== 'person'),
    trendOf(lanes, scope),
  ]);
  const total = byKey.get('all') ?? (groupBy === 'person' ? await totalFigures(tx, scope) : emptyFigures());
  byKey.delete('all');
  const labels = await groupLabels(tx, groupBy, [...byKey.keys()], {
    lang,
    modelId: scope.modelId,
    projectId: scope.projectId,
  });
  const groups = [...byKey]
    .map(([key, figures]) => ({ key, label: labels.get(key)!.label, order: labels.get(key)!.order, figures }))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
    .map(({ key, label, figures }) => ({ key, label, figures }));
  return { target: scope.target, total, groups, trend };
}

/**
 * GET /tmf-health/summary: read-only transactions on one snapshot, so every figure counts the same moment, three of
 * them when the pool has the connections free, so the counts share the machine's cores.
 */
export async function healthSummary(deps: Deps, ctx: ProjectContext, query: TmfSummaryQuery): Promise<TmfSummary> {
  return inSharedSnapshot(deps.db, SUMMARY_LANES, async (tx, lanes) =>
    summaryOf(tx, await healthScope(tx, ctx, query), query.groupBy, ctx.lang, lanes),
  );
}

/**
 * GET /tmf-health/export (xlsx, pdf; the zip is tmf-health-recompute.ts's): the summary read in one read-only
 * transaction, written in the caller's language, and a trail row naming the format, the scope and the file's sha256
 * (who exported what is a GCP question).
 */
export async function healthExport(
  deps: Deps,
  ctx: ProjectContext,
  query: TmfExportQuery & { format: 'xlsx' | 'pdf' },
): Promise<Exported> {
  const at = new Date();
  const { summary, head } = await deps.db.transaction(
    async (tx) => ({
      summary: await summaryOf(tx, await healthScope(tx, ctx, query), query.groupBy, ctx.lang),
      head: await healthHeader(tx, ctx.projectId, query),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const bytes =
    query.format === 'pdf'
      ? await healthPdf({ summary, head, groupBy: query.groupBy, by: ctx.auth.user.name, lang: ctx.lang, at })
      : await healthWorkbook(summary, ctx.lang);
  await recordTrail(deps.db, ctx.actor, {
    type: TrailType.View,
    objectType: 'tmf_health_export',
    objectId: ctx.projectId,
    newValue: {
      ...exportTrail(query.format, query.groupBy, head),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  });
  const stem = ctx.lang === 'en-US' ? 'tmf-health' : 'TMF健康度';
  return {
    bytes,
    contentType: query.format === 'pdf' ? MEDIA.pdf : MEDIA.xlsx,
    fileName: `${stem}-${at.toISOString().slice(0, 10)}.${query.format}`,
  };
}

/** POST /manage/tmf/target: the project's timeliness target, with a trail row of the one before and after. */
export async function setHealthTarget(deps: Deps, ctx: ProjectContext, body: TmfTargetBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ days: projects.tmfTargetDays, unit: projects.tmfTargetUnit })
      .from(projects)
      .where(eq(projects.id, ctx.projectId))
      .for('update');
    if (before.days === body.days && before.unit === body.unit) return;
    await tx
      .update(projects)
      .set({ tmfTargetDays: body.days, tmfTargetUnit: body.unit })
      .where(eq(projects.id, ctx.projectId));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.SettingsChange,
      objectType: 'tmf_target',
      objectId: ctx.projectId,
      oldValue: before,
      newValue: { days: body.days, unit: body.unit },
    });
  });
}

/** GET /tmf-health/company: every project of the company, its figures over everything (null without a model). */
export async function companyHealth(deps: Deps, companyId: number): Promise<TmfCompanyView> {
  return deps.db.transaction(
    async (tx) => {
      await assertCompanyExists(tx, companyId);
      const rows = await tx
        .select({ projectId: projects.id, name: projects.name, code: projects.code })
        .from(projects)
        .where(eq(projects.companyId, companyId))
        .orderBy(asc(projects.code), asc(projects.id));
      const out: TmfCompanyView['projects'] = [];
      for (const p of rows) {
        const scope = await wholeProjectScope(tx, p.projectId);
        out.push({ ...p, modelChosen: scope !== null, total: scope ? await totalFigures(tx, scope) : null });
      }
      return { projects: out };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
