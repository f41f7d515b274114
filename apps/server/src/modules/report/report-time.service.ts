import { TrailType, type Lang } from '@edoc/contract/enums';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ReportBody } from './report-documents.service.ts';
import { col, DAY_BUCKETS, say, word } from './report-labels.ts';
import { dayOf, docs, today, within, type ReportScope } from './report.policy.ts';

/** The bucket (DAY_BUCKETS' key) of a number of days, decided by the database. */
const bucket = (days: SQL) =>
  sql`case when ${days} <= 0 then 0 when ${days} <= 7 then 1 when ${days} <= 30 then 2 when ${days} <= 90 then 3 else 4 end`;

async function buckets(tx: Tx, from: SQL, days: SQL, lang: Lang) {
  const { rows } = await tx.execute<{ b: number; n: number }>(
    sql`select ${bucket(days)} as b, count(*)::int as n from ${from} group by 1 order by 1`,
  );
  return rows.map((r) => ({ label: say(DAY_BUCKETS[r.b]!.label, lang), value: r.n, open: null }));
}

/**
 * Timeliness: for each archiving within the range (by the day it was archived), the days from the document's
 * effective date to that day in the project's calendar. Zero or less: archived on or before it took effect.
 */
export async function timeliness(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const from = sql`library_entries e join documents d on d.id = e.document_id
    where e.project_id = ${scope.projectId} and ${docs(scope)} ${within(scope, sql`e.archived_at`)}`;
  const days = sql`(${dayOf(scope, sql`e.archived_at`)} - e.effective_date)`;
  const { rows } = await tx.execute<{
    fileId: number;
    name: string;
    effective: string;
    archived: string;
    days: number;
  }>(
    sql`select d.id as "fileId", d.name, to_char(e.effective_date, 'YYYY-MM-DD') as effective,
          to_char(${dayOf(scope, sql`e.archived_at`)}, 'YYYY-MM-DD') as archived, ${days}::int as days
        from ${from} order by days desc, e.id`,
  );
  return {
    chart: 'bar',
    points: await buckets(tx, from, days, lang),
    columns: [
      col('document', 'text', lang),
      col('effective', 'date', lang),
      col('archived', 'date', lang),
      col('days', 'number', lang),
    ],
    rows: rows.map((r) => ({ cells: [r.name, r.effective, r.archived, r.days], open: { fileId: r.fileId } })),
  };
}

/** Live documents whose expiration date falls from today to N days on, soonest first. */
export async function expiring(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const from = sql`documents d
    where ${docs(scope, { status: true })} and d.expiration_date >= ${today(scope)}
      and d.expiration_date <= ${today(scope)} + ${scope.filters.days}::int`;
  const days = sql`(d.expiration_date - ${today(scope)})`;
  const { rows } = await tx.execute<{ fileId: number; name: string; expires: string; days: number }>(
    sql`select d.id as "fileId", d.name, to_char(d.expiration_date, 'YYYY-MM-DD') as expires, ${days}::int as days
        from ${from} order by d.expiration_date, d.id`,
  );
  return {
    chart: 'bar',
    points: await buckets(tx, from, days, lang),
    columns: [col('document', 'text', lang), col('expiration', 'date', lang), col('daysLeft', 'number', lang)],
    rows: rows.map((r) => ({ cells: [r.name, r.expires, r.days], open: { fileId: r.fileId } })),
  };
}

/**
 * From the trail: each person's sign-ins (a sign-in belongs to no project: every one of theirs in the range),
 * views and downloads of the project's documents (type 11 with its action), uploads (a document created, or a new
 * content added) and downloads of packed zips. Everyone who is a member or acted in the project is listed.
 */
export async function userActivity(tx: Tx, scope: ReportScope, lang: Lang): Promise<ReportBody> {
  const inRange = within(scope, sql`t.at`);
  // A document row counts only when its document is one the reader may view (deleted ones too: it happened).
  const visibleDoc = sql`(t.object_type <> 'document' or exists (
    select 1 from documents d where d.id::text = t.object_id and ${docs(scope, { live: false })}))`;
  const { rows } = await tx.execute<{
    name: string;
    signIns: number;
    views: number;
    uploads: number;
    downloads: number;
  }>(
    sql`with people as (
          select m.user_id as id from project_members m where m.project_id = ${scope.projectId}
          union
          select t.actor_id from trail t where t.project_id = ${scope.projectId} and t.actor_id is not null ${inRange}
        )
        select u.name,
          count(t.id) filter (where t.type = ${TrailType.Login})::int as "signIns",
          count(t.id) filter (where t.type = ${TrailType.View} and t.object_type = 'document'
            and t.new_value->>'action' = 'view')::int as views,
          count(t.id) filter (where t.object_type = 'document' and (t.type = ${TrailType.Create}
            or (t.type = ${TrailType.Update} and t.new_value->>'sha256' is not null)))::int as uploads,
          count(t.id) filter (where t.type = ${TrailType.View} and t.new_value->>'action' = 'download')::int as downloads
        from people p join users u on u.id = p.id
        left join trail t on t.actor_id = p.id ${inRange} and (
          (t.type = ${TrailType.Login} and t.project_id is null)
          or (t.project_id = ${scope.projectId} and ${visibleDoc}))
        group by u.id, u.name
        order by count(t.id) desc, u.name`,
  );
  const kinds = (['signIns', 'views', 'uploads', 'downloads'] as const).map((k) => [k, word(k, lang)] as const);
  return {
    chart: 'hbar',
    points: rows.flatMap((r) => kinds.map(([k, label]) => ({ label: r.name, value: r[k], series: label, open: null }))),
    columns: [
      col('person', 'text', lang),
      col('signIns', 'number', lang),
      col('views', 'number', lang),
      col('uploads', 'number', lang),
      col('downloads', 'number', lang),
    ],
    rows: rows.map((r) => ({ cells: [r.name, r.signIns, r.views, r.uploads, r.downloads], open: null })),
  };
}
