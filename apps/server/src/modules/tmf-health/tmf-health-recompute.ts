import { TrailType } from '@edoc/contract/enums';
import type { TmfExportQuery } from '@edoc/contract/tmf-health';
import { trailCodeLabel } from '@edoc/contract/trail-labels';
import { createHash } from 'node:crypto';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { zipStream } from '../download/zip-writer.ts';
import { figuresFile, packageRows, parametersFile, rowCounts, type PackageFile } from './tmf-health-package.ts';
import { exportTrail, healthHeader } from './tmf-health-pdf.ts';
import { healthScope } from './tmf-health.policy.ts';
import { readmeText } from './tmf-health-readme.ts';
import { RECOMPUTE_SQL } from './tmf-health-recompute-sql.ts';
import { summaryOf } from './tmf-health.service.ts';

/*
 * GET /tmf-health/export?format=zip (issue 27 part 8): the recomputable package. The summary and the rows it is
 * counted from are read in one read-only, repeatable-read transaction (the same moment), then streamed as a zip
 * with the download center's writer; the sha256 is taken over the bytes as they leave, and the trail row (format,
 * scope, rows per file, sha256) is written once the last byte is out, before the answer ends. A download given up
 * half way leaves no row: nothing was exported.
 */

export interface HealthPackage {
  fileName: string;
  chunks: AsyncIterable<Buffer>;
}

export async function healthPackage(deps: Deps, ctx: ProjectContext, query: TmfExportQuery): Promise<HealthPackage> {
  const at = new Date();
  const en = ctx.lang === 'en-US';
  const { files, head } = await deps.db.transaction(
    async (tx) => {
      const scope = await healthScope(tx, ctx, query);
      const summary = await summaryOf(tx, scope, query.groupBy, ctx.lang);
      const head = await healthHeader(tx, ctx.projectId, query);
      // "Today" of every rule is the UTC day of this transaction; the package says which.
      const asOf = at.toISOString().slice(0, 10);
      const rows = await packageRows(tx, scope);
      const place = (p: { code: string; name: string } | null) => (p ? `${p.code} ${p.name}` : en ? 'all' : '全部');
      const groupBy = trailCodeLabel('groupBy', query.groupBy, 'tmf_health_export') ?? [query.groupBy, query.groupBy];
      const readme: PackageFile = {
        name: 'README.txt',
        text: readmeText(ctx.lang, {
          project: `${head.project.code} ${head.project.name}`,
          scope: `${en ? 'country' : '国家'} ${place(head.country)}, ${en ? 'site' : '中心'} ${place(head.site)}`,
          groupBy: groupBy[en ? 1 : 0],
          asOf,
          by: ctx.auth.user.name,
          at: at.toISOString(),
        }),
      };
      const parameters = parametersFile({ asOf, scope, groupBy: query.groupBy, head, by: ctx.auth.user.name, at });
      const sqlFile = { name: 'recompute.sql', text: RECOMPUTE_SQL };
      return { files: [readme, figuresFile(summary), parameters, ...rows, sqlFile], head };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const zipped = zipStream(
    files.map((f) => ({
      name: f.name,
      mtime: at,
      compress: true,
      content: async () => [Buffer.from(f.text, 'utf8')],
    })),
  );
  async function* hashed(): AsyncGenerator<Buffer> {
    const hash = createHash('sha256');
    for await (const chunk of zipped) {
      hash.update(chunk);
      yield chunk;
    }
    await recordTrail(deps.db, ctx.actor, {
      type: TrailType.View,
      objectType: 'tmf_health_export',
      objectId: ctx.projectId,
      newValue: { ...exportTrail('zip', query.groupBy, head), ...rowCounts(files), sha256: hash.digest('hex') },
    });
  }
  const stem = en ? 'tmf-health-recompute' : 'TMF健康度-可复算数据包';
  return { fileName: `${stem}-${at.toISOString().slice(0, 10)}.zip`, chunks: hashed() };
}
