import { StageState } from '@edoc/contract/states';
import { Stage } from '@edoc/contract/workflow';
import type { TmfSummary, TmfSummaryQuery } from '@edoc/contract/tmf-health';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { csvDocument } from '../../lib/csv.ts';
import type { HealthScope } from './tmf-health.policy.ts';
import type { HealthHeader } from './tmf-health-pdf.ts';
import { ALL } from './tmf-health-export.ts';
import { documentJoins, documentsWhere, ids, itemsFrom } from './tmf-health-sql.ts';

/*
 * The rows of the recomputable package (issue 27 part 8): what the figures of the same scope are counted from, read
 * in the summary's transaction, as CSV files (UTF-8, a header line, exact values: no formula guard, times in UTC
 * ISO 8601). Removed items and deleted documents are carried with their flag, so the rule that leaves them out is
 * the SQL's to state (recompute.sql), not an omission an inspector cannot see.
 */

type Cell = string | number | boolean | null;
export interface PackageFile {
  name: string;
  text: string;
}

/** A timestamp column as text an inspector's psql reads back exactly: UTC, microseconds. */
const utc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows of a query as arrays; each column is selected under a name of its own (c1, c2 …), as an object's keys. */
async function rowsOf(tx: Tx, columns: SQL[], rest: SQL): Promise<Cell[][]> {
  const list = sql.join(
    columns.map((c, i) => sql`${c} as ${sql.raw(`c${i + 1}`)}`),
    sql`, `,
  );
  const r = await tx.execute<Record<string, Cell>>(sql`select ${list} ${rest}`);
  return r.rows.map((row) => columns.map((_, i) => row[`c${i + 1}`]));
}

const csv = (name: string, header: string[], rows: Cell[][]): PackageFile => ({
  name,
  text: csvDocument([header, ...rows.map((r) => r.map((v) => (typeof v === 'boolean' ? String(v) : v)))], {
    exact: true,
  }),
});

/** The data files: the model's artifacts, the sites, the items and their filings, the documents, QC and issues. */
export async function packageRows(tx: Tx, scope: HealthScope): Promise<PackageFile[]> {
  const c = (...columns: string[]) => columns.map((x) => sql.raw(x));
  const artifacts = await rowsOf(
    tx,
    c('a.id', 'a.number', 'sec.id', 'sec.number', 'z.id', 'z.number', 'a.name_en'),
    sql`from tmf_artifacts a join tmf_sections sec on sec.id = a.section_id join tmf_zones z on z.id = sec.zone_id
    where a.model_id = ${scope.modelId} order by a.position, a.id`,
  );
  const sites = await rowsOf(
    tx,
    c('s.id', 's.code', 's.name', 's.country_id', 'n.code'),
    sql`from sites s left join countries n on n.id = s.country_id where s.project_id = ${scope.projectId}
    ${scope.siteIds ? sql`and s.id = any(${ids(scope.siteIds)})` : sql``} order by s.id`,
  );
  const code = (table: string, column: string) => `(select code from ${table} where id = ${column})`;
  // An item's own country (country level) and site; a site item's country is its site's (sites.csv).
  const items = await rowsOf(
    tx,
    [
      ...c('i.id', 'i.artifact_id', 'a.number', 'i.level', 'i.country_id', code('countries', 'i.country_id')),
      ...c(
        'i.site_id',
        's.code',
        'i.occurrence',
        'i.due_date::text',
        'i.state',
        'i.reason',
        'i.removed_at is not null',
      ),
      utc(sql`i.created_at`),
      utc(sql`i.filed_at`),
    ],
    sql`${itemsFrom(scope, undefined, { removed: true })} order by i.id`,
  );
  const itemIds = items.map((r) => r[0] as number);
  const filings = itemIds.length
    ? await rowsOf(
        tx,
        [...c('item_id', 'document_id'), utc(sql`linked_at`)],
        sql`from expected_item_documents where item_id = any(${ids(itemIds)}) order by item_id, document_id`,
      )
    : [];
  const documents = await rowsOf(
    tx,
    [
      ...c('d.id', 'd.artifact_id', 'a.number'),
      sql`case when d.site_id is not null then 'site' when d.country_id is not null then 'country' else 'trial' end`,
      ...c('d.country_id', code('countries', 'd.country_id'), 'd.site_id', 's.code', 'd.document_date::text'),
      utc(sql`d.created_at`),
      ...c('d.created_by', '(select name from users where id = d.created_by)', 'd.deleted_at is not null'),
    ],
    sql`from documents d ${documentJoins} where ${documentsWhere(scope, { deleted: true })} order by d.id`,
  );
  const docIds = documents.map((r) => r[0] as number);
  const qc = docIds.length
    ? await rowsOf(
        tx,
        [
          ...c('dr.document_id', 'rs.id'),
          utc(sql`rs.closed_at`),
          sql`case rs.state when ${StageState.Passed} then 'passed' else 'rejected' end`,
        ],
        sql`from route_stages rs join document_routes dr on dr.id = rs.route_id
        where dr.document_id = any(${ids(docIds)}) and rs.stage = ${Stage.Qc}
          and rs.state in (${StageState.Passed}, ${StageState.Rejected})
        order by dr.document_id, rs.closed_at, rs.id`,
      )
    : [];
  const issues = docIds.length
    ? await rowsOf(
        tx,
        [...c('q.id', 'q.document_id', 'q.category', 'q.state'), utc(sql`q.created_at`)],
        sql`from quality_issues q where q.project_id = ${scope.projectId} and q.document_id = any(${ids(docIds)})
        order by q.id`,
      )
    : [];
  const place = ['country_id', 'country_code', 'site_id', 'site_code'];
  return [
    csv('artifacts.csv', ['id', 'number', 'section_id', 'section_number', 'zone_id', 'zone_number', 'name'], artifacts),
    csv('sites.csv', ['id', 'code', 'name', 'country_id', 'country_code'], sites),
    csv(
      'expected_items.csv',
      ['id', 'artifact_id', 'artifact_number', 'level', ...place, 'occurrence', 'due_date', 'state'].concat([
        'not_applicable_reason',
        'removed',
        'created_at',
        'filed_at',
      ]),
      items,
    ),
    csv('filings.csv', ['item_id', 'document_id', 'filed_at'], filings),
    csv(
      'documents.csv',
      ['id', 'artifact_id', 'artifact_number', 'level', ...place, 'document_date', 'created_at', 'created_by'].concat([
        'created_by_name',
        'deleted',
      ]),
      documents,
    ),
    csv('qc_stages.csv', ['document_id', 'stage_id', 'closed_at', 'result'], qc),
    csv('quality_issues.csv', ['id', 'document_id', 'category', 'state', 'created_at'], issues),
  ];
}

/** The rows each data file holds (the trail row names them). */
export const rowCounts = (files: PackageFile[]) => {
  const n = (name: string) => (files.find((f) => f.name === name)?.text.split('\r\n').length ?? 2) - 2;
  return {
    itemsExported: n('expected_items.csv'),
    filingsExported: n('filings.csv'),
    documentsExported: n('documents.csv'),
    qcStagesExported: n('qc_stages.csv'),
    issuesExported: n('quality_issues.csv'),
  };
};

/** figures.csv: every figure as the API answered it, the total ('all'), each group, each week of the trend. */
export function figuresFile(summary: TmfSummary): PackageFile {
  const rows: Cell[][] = [];
  for (const [key, , read] of ALL) rows.push(['all', '', key, read(summary.total)]);
  for (const g of summary.groups) for (const [key, , read] of ALL) rows.push([g.key, g.label, key, read(g.figures)]);
  for (const t of summary.trend)
    for (const key of ['completeness', 'completenessDue', 'timelinessPct', 'rejectionRate'] as const)
      rows.push([`trend:${t.weekEnd}`, t.weekEnd, key, t[key]]);
  return csv('figures.csv', ['group_key', 'group_label', 'figure', 'value'], rows);
}

/** parameters.csv: what the figures depend on besides the rows (name, value). */
export function parametersFile(p: {
  asOf: string;
  scope: HealthScope;
  groupBy: TmfSummaryQuery['groupBy'];
  head: HealthHeader;
  by: string;
  at: Date;
}): PackageFile {
  return csv(
    'parameters.csv',
    ['name', 'value'],
    [
      ['as_of_date', p.asOf],
      ['target_days', p.scope.target.days],
      ['target_unit', p.scope.target.unit],
      ['group_by', p.groupBy],
      ['project', `${p.head.project.code} ${p.head.project.name}`],
      ['scope_country', p.head.country?.code ?? ''],
      ['scope_site', p.head.site?.code ?? ''],
      ['scope_limited_to_sites', p.scope.siteIds ? 'yes' : 'no'],
      ['scope_limited_to_artifacts', p.scope.artifactIds ? String(p.scope.artifactIds.length) : 'no'],
      ['generated_by', p.by],
      ['generated_at', p.at.toISOString()],
    ],
  );
}
