import { TrailType } from '@edoc/contract/enums';
import type { TmfIndexQuery } from '@edoc/contract/tmf-index';
import { createHash } from 'node:crypto';
import type { Deps } from '../../lib/deps.ts';
import { MEDIA } from '../../lib/raw-answer.ts';
import type { Exported } from '../../lib/table-export.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { healthHeader } from './tmf-health-pdf.ts';
import { healthScope } from './tmf-health.policy.ts';
import { indexPdf, indexWorkbook } from './tmf-index-files.ts';
import { indexTotals, readIndex } from './tmf-index-read.ts';

/**
 * GET /tmf-health/index (issue 27 part 7): the TMF index for inspection over the caller's scope (the dashboard's
 * rights, tmf-health.policy.ts; 409 tmf_model_none without a model), read in one repeatable-read read-only
 * transaction so every line is the same moment, written in the caller's language, and trailed with its format,
 * scope, counts and the file's sha256 (who handed an inspector what is a GCP question).
 */
export async function tmfIndex(deps: Deps, ctx: ProjectContext, query: TmfIndexQuery): Promise<Exported> {
  const at = new Date();
  const { data, header } = await deps.db.transaction(
    async (tx) => ({
      data: await readIndex(tx, await healthScope(tx, ctx, query)),
      header: await healthHeader(tx, ctx.projectId, query),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const totals = indexTotals(data);
  const head = { header, model: data.model, at, by: ctx.auth.user.name, totals };
  const bytes =
    query.format === 'pdf' ? await indexPdf(data, head, ctx.lang) : await indexWorkbook(data, head, ctx.lang);
  await recordTrail(deps.db, ctx.actor, {
    type: TrailType.View,
    objectType: 'tmf_index_export',
    objectId: ctx.projectId,
    newValue: {
      format: query.format,
      country: header.country?.code ?? null,
      site: header.site?.code ?? null,
      artifactsListed: totals.artifacts,
      itemsExpected: totals.expected,
      itemsFiled: totals.filed,
      itemsMissing: totals.missing,
      itemsOverdue: totals.overdue,
      itemsNotApplicable: totals.notApplicable,
      documentsListed: totals.documents,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    },
  });
  const stem = ctx.lang === 'en-US' ? 'tmf-index' : 'TMF索引';
  return {
    bytes,
    contentType: query.format === 'pdf' ? MEDIA.pdf : MEDIA.xlsx,
    fileName: `${stem}-${header.project.code}-${at.toISOString().slice(0, 10)}.${query.format}`,
  };
}
