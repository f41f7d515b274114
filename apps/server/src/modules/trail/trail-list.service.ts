import type { projectTrailQuery, TrailItem } from '@edoc/contract/trail-query';
import { describeTrail } from '@edoc/contract/trail-format';
import { trailTypeLabel } from '@edoc/contract/trail-labels';
import { trailRefKey, trailRefKeysOf, type TrailRefKind } from '@edoc/contract/trail-refs';
import { trailSideText } from '@edoc/contract/trail-text';
import { ID_MAX } from '@edoc/contract/fields';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { z as zod } from 'zod';
import type { Tx } from '../../db/client.ts';
import { boardTopics } from '../../db/schema/board.ts';
import { codeTypes } from '../../db/schema/catalog.ts';
import { companies } from '../../db/schema/companies.ts';
import { documents } from '../../db/schema/documents.ts';
import { folders, groups, members, projects, roles, sites } from '../../db/schema/projects.ts';
import { trail } from '../../db/schema/trail.ts';
import { users } from '../../db/schema/users.ts';
import type { Deps } from '../../lib/deps.ts';
import { csvDocument } from '../../lib/csv.ts';
import { cappedCount, dayBounds } from '../../lib/sql.ts';
import { defineSheet, writeXlsx } from '../../lib/excel.ts';
import { loadDocumentFor } from '../../access/document-access.ts';
import { fromLibraryOr } from '../../access/library-access.ts';
import type { ProjectContext } from '../../plugins/context.ts';

type TrailFilters = zod.infer<typeof projectTrailQuery>;
type TrailRow = typeof trail.$inferSelect;

/** A row's refs: the names of what it points to, among those found (a role id adds its code's name). */
function refsOfRow(row: TrailRow, found: Map<string, string>): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const key of trailRefKeysOf(row)) {
    const name = found.get(key);
    if (name === undefined) continue;
    refs[key] = name;
    const code = key.startsWith('role:') ? name : key.startsWith('roleCode:') ? key.slice('roleCode:'.length) : null;
    const roleName = code === null ? undefined : found.get(trailRefKey('roleCode', code));
    if (code !== null && roleName !== undefined) refs[trailRefKey('roleCode', code)] = roleName;
  }
  return refs;
}

const idsOf = (keys: string[], kind: TrailRefKind) =>
  keys.flatMap((k) => {
    if (!k.startsWith(`${kind}:`)) return [];
    const id = Number(k.slice(kind.length + 1));
    return Number.isSafeInteger(id) && id > 0 && id <= ID_MAX ? [id] : [];
  });

/**
 * Names today of everything the rows point to (TRAIL_REF_KEYS: users, roles, groups, sites, folders, documents…),
 * keyed `kind:id`, in one query however many rows (issue 26: ids and role codes were shown as stored). The project's
 * own objects are looked up in the project only; a role gives its code (`role:id`) and its name (`roleCode:CODE`),
 * so the formatter names a built-in role in the reader's language.
 */
async function namesOf(db: Tx, projectId: number, rows: TrailRow[]): Promise<Map<string, string>> {
  const keys = [...new Set(rows.flatMap(trailRefKeysOf))];
  const found = new Map<string, string>();
  if (!keys.length) return found;
  const ids = (kind: TrailRefKind) => sql`${sql.param(idsOf(keys, kind))}::int[]`;
  const codes = keys.filter((k) => k.startsWith('roleCode:')).map((k) => k.slice('roleCode:'.length));
  const { rows: names } = await db.execute<{ kind: string; id: string; name: string; code: string | null }>(sql`
    select 'user' as kind, id::text as id, name, null as code from ${users} where id = any(${ids('user')})
    union all
    select 'role', id::text, name, code from ${roles}
      where project_id = ${projectId} and (id = any(${ids('role')}) or code = any(${sql.param(codes)}::text[]))
    union all
    select 'group', id::text, name, null from ${groups} where project_id = ${projectId} and id = any(${ids('group')})
    union all
    select 'site', id::text, name, null from ${sites} where project_id = ${projectId} and id = any(${ids('site')})
    union all
    select 'folder', id::text, name, null from ${folders} where project_id = ${projectId} and id = any(${ids('folder')})
    union all
    select 'document', id::text, name, null from ${documents}
      where project_id = ${projectId} and id = any(${ids('document')})
    union all
    select 'member', m.id::text, u.name, null from ${members} m join ${users} u on u.id = m.user_id
      where m.project_id = ${projectId} and m.id = any(${ids('member')})
    union all
    select 'topic', id::text, subject, null from ${boardTopics}
      where project_id = ${projectId} and id = any(${ids('topic')})
    union all
    select 'company', id::text, name, null from ${companies} where id = any(${ids('company')})
    union all
    select 'codeType', id::text, name, null from ${codeTypes}
      where id = any(${ids('codeType')})
        and company_id = (select company_id from ${projects} where id = ${projectId})
        and (project_id is null or project_id = ${projectId})
  `);
  for (const n of names) {
    if (n.kind === 'role' && n.code !== null) {
      found.set(trailRefKey('role', n.id), n.code);
      found.set(trailRefKey('roleCode', n.code), n.name);
    } else found.set(`${n.kind}:${n.id}`, n.name);
  }
  return found;
}

/** Rows as the API answers them: each with the names of what it points to, and its object's name today. */
async function items(deps: Deps, projectId: number, rows: TrailRow[]): Promise<TrailItem[]> {
  const found = await namesOf(deps.db, projectId, rows);
  return rows.map((r) => {
    const objectName =
      r.objectType === 'document' || r.objectType === 'folder'
        ? (found.get(`${r.objectType}:${r.objectId}`) ?? null)
        : null;
    return { ...item(r), objectName, refs: refsOfRow(r, found) };
  });
}

const item = (r: TrailRow): Omit<TrailItem, 'objectName' | 'refs'> => ({
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
    return items(deps, ctx.projectId, rows);
  });
}

/** Dates are whole days in UTC: the end day is included. */
function where(ctx: ProjectContext, f: TrailFilters) {
  const { from, to } = dayBounds(f.startDate, f.endDate);
  return and(
    eq(trail.projectId, ctx.projectId),
    f.userId ? eq(trail.actorId, f.userId) : undefined,
    f.type ? eq(trail.type, f.type) : undefined,
    f.fileId ? and(eq(trail.objectType, 'document'), eq(trail.objectId, String(f.fileId))) : undefined,
    from ? gte(trail.at, from) : undefined,
    to ? lt(trail.at, to) : undefined,
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
  return { data: await items(deps, ctx.projectId, rows), total, capped };
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
  const found = await namesOf(deps.db, ctx.projectId, rows);
  const values = rows.map((r) => {
    // Type, object and values in the reader's language (issue 26), the ids named; the codes beside the hash for
    // filters and scripts. Instants in the values are UTC, as the time column.
    const objectName =
      r.objectType === 'document' || r.objectType === 'folder' ? found.get(`${r.objectType}:${r.objectId}`) : null;
    const described = describeTrail({ ...r, objectName, refs: refsOfRow(r, found) }, lang);
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
