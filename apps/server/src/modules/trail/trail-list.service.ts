import type { projectTrailQuery, TrailItem } from '@edoc/contract/trail-query';
import { describeTrail, trailSideText, trailTypeLabel } from '@edoc/contract/trail-format';
import { ID_MAX } from '@edoc/contract/fields';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { z as zod } from 'zod';
import { documents } from '../../db/schema/documents.ts';
import { folders } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import type { Deps } from '../../lib/deps.ts';
import { csvDocument } from '../../lib/csv.ts';
import { cappedCount } from '../../lib/sql.ts';
import { defineSheet, writeXlsx } from '../../lib/excel.ts';
import { loadDocumentFor } from '../../access/document-access.ts';
import { fromLibraryOr } from '../../access/library-access.ts';
import type { ProjectContext } from '../../plugins/context.ts';

type TrailFilters = zod.infer<typeof projectTrailQuery>;
type TrailRow = typeof trail.$inferSelect;

/** Today's names of the documents and folders the rows are about, keyed "type:id". */
async function objectNames(deps: Deps, rows: TrailRow[]): Promise<Map<string, string>> {
  const idsOf = (type: string) =>
    [...new Set(rows.filter((r) => r.objectType === type && r.objectId).map((r) => Number(r.objectId)))].filter(
      (id) => Number.isSafeInteger(id) && id > 0 && id <= ID_MAX,
    );
  const names = new Map<string, string>();
  const docIds = idsOf('document');
  if (docIds.length)
    for (const d of await deps.db
      .select({ id: documents.id, name: documents.name })
      .from(documents)
      .where(inArray(documents.id, docIds)))
      names.set(`document:${d.id}`, d.name);
  const folderIds = idsOf('folder');
  if (folderIds.length)
    for (const f of await deps.db
      .select({ id: folders.id, name: folders.name })
      .from(folders)
      .where(inArray(folders.id, folderIds)))
      names.set(`folder:${f.id}`, f.name);
  return names;
}

/** Rows as the API answers them, each with its object's name today where it has one. */
async function items(deps: Deps, rows: TrailRow[]): Promise<TrailItem[]> {
  const names = await objectNames(deps, rows);
  return rows.map((r) => ({ ...item(r), objectName: names.get(`${r.objectType}:${r.objectId}`) ?? null }));
}

const item = (r: TrailRow): Omit<TrailItem, 'objectName'> => ({
  id: r.id,
  at: r.at.toISOString(),
  actorId: r.actorId,
  actorName: r.actorName,
  type: r.type,
  objectType: r.objectType,
  objectId: r.objectId,
  version: r.version,
  oldValue: r.oldValue,
  newValue: r.newValue,
  reason: r.reason,
  ip: r.ip,
});

/** A document's own trail, oldest first (viewTrailDoc on its folder). */
export async function fileTrailOf(deps: Deps, ctx: ProjectContext, fileId: number): Promise<TrailItem[]> {
  return deps.db.transaction(async (tx) => {
    const { doc } = await loadDocumentFor(tx, ctx, fileId, ['viewDoc', 'viewTrailDoc']).catch((err: unknown) =>
      fromLibraryOr(tx, ctx, { err, key: 'viewTrailDoc', fileId }),
    );
    const rows = await tx
      .select()
      .from(trail)
      .where(
        and(eq(trail.objectType, 'document'), eq(trail.objectId, String(doc.id)), eq(trail.projectId, ctx.projectId)),
      )
      .orderBy(asc(trail.id));
    return items(deps, rows);
  });
}

/** Dates are whole days in UTC: the end day is included. */
function where(ctx: ProjectContext, f: TrailFilters) {
  const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000);
  return and(
    eq(trail.projectId, ctx.projectId),
    f.userId ? eq(trail.actorId, f.userId) : undefined,
    f.type ? eq(trail.type, f.type) : undefined,
    f.fileId ? and(eq(trail.objectType, 'document'), eq(trail.objectId, String(f.fileId))) : undefined,
    f.startDate ? gte(trail.at, new Date(`${f.startDate}T00:00:00Z`)) : undefined,
    f.endDate ? lt(trail.at, nextDay(f.endDate)) : undefined,
  );
}

/** A page of the project's operation trajectory, newest first. */
export async function projectTrail(deps: Deps, ctx: ProjectContext, f: TrailFilters) {
  const { total, capped } = await cappedCount(
    deps.db,
    deps.db
      .select({ one: sql`1` })
      .from(trail)
      .where(where(ctx, f)),
  );
  const rows = await deps.db
    .select()
    .from(trail)
    .where(where(ctx, f))
    .orderBy(desc(trail.id))
    .limit(f.pageSize)
    .offset((f.pageNum - 1) * f.pageSize);
  return { data: await items(deps, rows), total, capped };
}

/** An export holds at most this many rows; narrow the filters for more. */
export const EXPORT_MAX_ROWS = 100_000;

const HEADERS = {
  'zh-CN': [
    '时间（UTC）',
    '操作人',
    '类型',
    '对象',
    '对象编号',
    '版本',
    '原值',
    '新值',
    '原因',
    'IP',
    '类型代码',
    '对象类型代码',
    '哈希',
  ],
  'en-US': [
    'Time (UTC)',
    'User',
    'Type',
    'Object',
    'Object id',
    'Version',
    'Old value',
    'New value',
    'Reason',
    'IP',
    'Type code',
    'Object type code',
    'Hash',
  ],
} as const;

/** The filtered trajectory as CSV or Excel, oldest first, with each row's hash so a reader can check the chain. */
export async function exportTrail(deps: Deps, ctx: ProjectContext, f: TrailFilters & { format: 'csv' | 'xlsx' }) {
  const { format } = f;
  const { lang } = ctx;
  const rows = await deps.db.select().from(trail).where(where(ctx, f)).orderBy(asc(trail.id)).limit(EXPORT_MAX_ROWS);
  const values = rows.map((r) => {
    // Type and object in the reader's language (issue 26), their codes beside the hash for filters and scripts.
    const described = describeTrail(r, lang);
    return [
      r.at.toISOString().replace('T', ' ').slice(0, 23),
      r.actorName ?? '',
      trailTypeLabel(r.type, lang),
      described.object,
      r.objectId ?? '',
      r.version ?? '',
      trailSideText(described, 'old'),
      trailSideText(described, 'new'),
      r.reason ?? '',
      r.ip ?? '',
      r.type,
      r.objectType,
      r.hash,
    ];
  });
  if (format === 'csv') return Buffer.from(csvDocument([HEADERS[lang], ...values]));
  const keys = [
    ...['at', 'actor', 'type', 'object', 'objectId', 'version', 'oldValue', 'newValue', 'reason', 'ip'],
    ...['typeCode', 'objectTypeCode', 'hash'],
  ];
  const spec = defineSheet(
    ['操作轨迹', 'Operation trail'],
    keys.map((key, i) => ({
      key,
      header: [HEADERS['zh-CN'][i], HEADERS['en-US'][i]] as const,
      schema: zod.string(),
      width: key.endsWith('Value') ? 40 : 18,
    })),
  );
  const sheetRows = values.map((v) => Object.fromEntries(keys.map((k, i) => [k, v[i]])));
  return writeXlsx([{ spec, rows: sheetRows }], lang);
}

export const trailExportName = (projectId: number, format: string) =>
  `trail-${projectId}-${new Date().toISOString().slice(0, 10)}.${format}`;
