import type { CustomDataset } from '@edoc/contract/custom-report-fields';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportViewer } from './custom-report-rights.ts';

/**
 * The SQL of each dataset: its rows as the viewer may see them, and one expression per whitelisted field of the
 * contract (custom-report-fields.ts). Nothing here is built from text a user sent; user values only ever travel as
 * parameters (custom-report-query.ts).
 */

export interface FieldSql {
  /** What the row shows: text, a number, or a date already as yyyy-mm-dd (hh:mi) on the project's calendar. */
  value: SQL;
  /** A date field's day on the project's calendar (filters compare it, the group-by takes its month). */
  day?: SQL;
}

export interface DatasetSql {
  from: SQL;
  /** Which rows exist for the viewer: the project, the live documents, their folder rights and sites. */
  where: (v: ReportViewer) => SQL;
  /** Newest first, when the definition names no sort. */
  order: SQL;
  fields: Record<string, FieldSql>;
}

const text = (expression: string): FieldSql => ({ value: sql.raw(expression) });
/** A timestamp, read in the project's zone. */
const stamp = (column: string, v: ReportViewer): FieldSql => {
  const local = sql`(${sql.raw(column)} at time zone ${v.timeZone})`;
  return { value: sql`to_char(${local}, 'YYYY-MM-DD HH24:MI')`, day: sql`${local}::date` };
};
const day = (column: string): FieldSql => ({
  value: sql`to_char(${sql.raw(column)}, 'YYYY-MM-DD')`,
  day: sql.raw(column),
});

/** A document the viewer may view: live, in a folder they hold viewDoc in, central or of one of their sites. */
function visibleDocument(v: ReportViewer, folderIds = v.folderIds): SQL {
  const sites = v.sites ? sql`and (d.central or d.site_id = any(${sql.param(v.sites)}::int[]))` : sql``;
  return sql`(d.project_id = ${v.projectId} and d.deleted_at is null
    and d.folder_id = any(${sql.param(folderIds)}::int[]) ${sites})`;
}

const siteName = text('case when d.central then null else s.name end');
const documentJoins = 'left join folders f on f.id = d.folder_id left join sites s on s.id = d.site_id';

/** The fields of the datasets, given the viewer (dates need their zone). */
export function datasetSql(dataset: CustomDataset, v: ReportViewer): DatasetSql {
  const folder = text(v.lang === 'en-US' ? "coalesce(nullif(f.name_en, ''), f.name)" : 'f.name');
  const docFields = { document: text('d.name'), folder, site: siteName };
  switch (dataset) {
    case 'documents':
      return {
        from: sql.raw(`documents d left join document_versions cv on cv.id = d.current_version_id
          join users cu on cu.id = d.created_by ${documentJoins}`),
        where: (viewer) => visibleDocument(viewer),
        order: sql.raw('d.created_at desc, d.id desc'),
        fields: {
          name: text('d.name'),
          fileCode: text('d.file_code'),
          ichCode: text('d.ich_code'),
          folder: docFields.folder,
          status: text('d.status'),
          site: siteName,
          creator: text('cu.name'),
          versionNo: text('cv.version_no'),
          extension: text('cv.extension'),
          size: text('cv.size'),
          effectiveDate: day('d.effective_date'),
          expirationDate: day('d.expiration_date'),
          createdAt: stamp('d.created_at', v),
          updatedAt: stamp('d.updated_at', v),
        },
      };
    case 'versions':
      return {
        from: sql.raw(`document_versions vr join documents d on d.id = vr.document_id
          join users vu on vu.id = vr.created_by ${documentJoins}`),
        where: (viewer) => sql`vr.deleted_at is null and ${visibleDocument(viewer)}`,
        order: sql.raw('vr.created_at desc, vr.id desc'),
        fields: {
          ...docFields,
          status: text('d.status'),
          versionNo: text('vr.version_no'),
          fileName: text('vr.file_name'),
          extension: text('vr.extension'),
          size: text('vr.size'),
          uploader: text('vu.name'),
          createdAt: stamp('vr.created_at', v),
        },
      };
    case 'requests':
      return {
        from: sql.raw(`route_stages rs join document_routes r on r.id = rs.route_id
          join documents d on d.id = r.document_id join users su on su.id = r.sender_id ${documentJoins}`),
        // A stage the route never reached is no request yet.
        where: (viewer) => sql`rs.opened_at is not null and ${visibleDocument(viewer)}`,
        order: sql.raw('rs.opened_at desc, rs.id desc'),
        fields: {
          ...docFields,
          stage: text('rs.stage'),
          state: text('rs.state'),
          sender: text('su.name'),
          openedAt: stamp('rs.opened_at', v),
          closedAt: stamp('rs.closed_at', v),
          dueDate: day('rs.due_date'),
          // Still open: the days so far.
          days: text('round((extract(epoch from coalesce(rs.closed_at, now()) - rs.opened_at) / 86400)::numeric, 1)'),
        },
      };
    case 'tasks':
      return {
        from: sql.raw(`tasks t join documents d on d.id = t.document_id
          join users tu on tu.id = t.user_id ${documentJoins}`),
        where: (viewer) => visibleDocument(viewer),
        order: sql.raw('t.created_at desc, t.id desc'),
        fields: {
          ...docFields,
          assignee: text('tu.name'),
          kind: text('t.kind'),
          state: text('t.state'),
          outcome: text('t.outcome'),
          createdAt: stamp('t.created_at', v),
          doneAt: stamp('t.done_at', v),
          dueDate: day('t.due_date'),
        },
      };
    case 'trail':
      return {
        // Compared as text: object ids of other kinds need not be numbers.
        from: sql.raw(`trail tr left join documents d on tr.object_type = 'document' and d.id::text = tr.object_id`),
        where: (viewer) =>
          viewer.fullAccess
            ? sql`tr.project_id = ${viewer.projectId}`
            : sql`tr.project_id = ${viewer.projectId} and tr.object_type = 'document'
                and ${visibleDocument(viewer, viewer.trailFolderIds)}`,
        order: sql.raw('tr.id desc'),
        fields: {
          at: stamp('tr.at', v),
          actor: text('tr.actor_name'),
          type: text('tr.type'),
          objectType: text('tr.object_type'),
          document: text('d.name'),
          version: text('tr.version'),
          reason: text('tr.reason'),
        },
      };
  }
}
