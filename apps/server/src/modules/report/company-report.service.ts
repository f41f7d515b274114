import { TaskState } from '@edoc/contract/states';
import type { CompanyProjectFigures } from '@edoc/contract/report';
import type { ReportExportFormat } from '@edoc/contract/report-export';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import type { RequestBase } from '../../plugins/context.ts';
import { exportTable } from '../../lib/table-export.ts';
import { say, word, WORDS } from './report-labels.ts';

/**
 * The company report (issue 14): for each project of one company, its live documents, the open tasks on them and
 * those past their due day (in the project's own calendar), its members, and the storage its contents take: each
 * distinct content once, as the blob store keeps it once however many versions name it.
 */
export async function companyReportOf(deps: Deps, companyId: number): Promise<CompanyProjectFigures[]> {
  const { rows } = await deps.db.execute<CompanyProjectFigures>(
    sql`select p.id as "projectId", p.code, p.name,
          (select count(*) from documents d where d.project_id = p.id and d.deleted_at is null)::int as documents,
          (select count(*) from tasks t join documents d on d.id = t.document_id
            where t.project_id = p.id and t.state = ${TaskState.Open} and d.deleted_at is null)::int as "openTasks",
          (select count(*) from tasks t join documents d on d.id = t.document_id
            where t.project_id = p.id and t.state = ${TaskState.Open} and d.deleted_at is null
              and t.due_date < (now() at time zone p.time_zone)::date)::int as "overdueTasks",
          (select count(*) from project_members m where m.project_id = p.id)::int as members,
          (select coalesce(sum(x.size), 0) from (
            select distinct on (v.sha256) v.size from document_versions v join documents d on d.id = v.document_id
            where d.project_id = p.id order by v.sha256) x)::float8 as "storageBytes"
        from projects p where p.company_id = ${companyId}
        order by p.code, p.id`,
  );
  return rows;
}

const MEASURES = ['documents', 'openTasks', 'overdueTasks', 'members', 'storageBytes'] as const;
const HEADERS: Record<(typeof MEASURES)[number], keyof typeof WORDS> = {
  documents: 'count',
  openTasks: 'openTasks',
  overdueTasks: 'overdueTasks',
  members: 'members',
  storageBytes: 'storage',
};

/** The company report's table as a file, one row per project. */
export async function exportCompanyReport(
  deps: Deps,
  ctx: Pick<RequestBase, 'lang'>,
  { companyId, format }: { companyId: number; format: ReportExportFormat },
) {
  const { lang } = ctx;
  const rows = await companyReportOf(deps, companyId);
  return exportTable(
    format,
    {
      title: say(WORDS.companyReport, lang),
      columns: [
        { header: word('code', lang), width: 14 },
        { header: word('project', lang), width: 32 },
        ...MEASURES.map((m) => ({ header: word(HEADERS[m], lang), width: 16 })),
      ],
      rows: rows.map((r) => [r.code, r.name, ...MEASURES.map((m) => r[m])]),
    },
    lang,
  );
}
