// The world of issue 27's benchmark (`npm run bench -- health`), written with set-based SQL: a company model of 250
// artifacts (11 zones, 50 sections), a project on it with 20 countries and 500 sites and their milestones, then,
// once the expected list exists, 1,000,000 documents filed under its artifacts, QC stages and quality issues.
// BENCH_HEALTH_SCALE (default 1) scales the sites and the documents; the model stays 250 artifacts.
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { folderGrants, roles } from '../apps/server/src/db/schema/projects.ts';
import { settle, type Project } from './documents.ts';

export const SCALE = Number(process.env.BENCH_HEALTH_SCALE ?? 1);
export const SITES = Math.max(2, Math.round(500 * SCALE));
export const COUNTRIES = 20;
export const DOCUMENTS = Math.round(1_000_000 * SCALE);

/*
 * The model, by the artifact's number n (1 … 250) modulo 25:
 * - 0 … 2 and 3 … 7 less one: 28 site artifacts due monthly from 30 days after the site's activation (up to a month
 *   from today, some 12 occurrences per site), 52 site artifacts due once from the site's IRB approval (every 4th
 *   without a rule: no due date) — about 390 items per site, 195,000 at 500 sites;
 * - 8 … 9: 20 country artifacts due 14 days after the country's regulatory approval;
 * - the other 150: trial artifacts due 0 … 270 days after the protocol's approval (some still to come).
 */
const MONTHLY = sql`(n % 25 < 3 or (n % 25 < 8 and n % 10 = 9))`;
const SITE = sql`(n % 25 < 8 or n % 10 = 7)`;
const COUNTRY = sql`(n % 25 between 8 and 9)`;

/** The model (draft while its rows go in, then published) and the project on it, with its folders mapped. */
export async function seedModel(db: Db, p: Project, userId: number) {
  const [{ company_id: companyId }] = (
    await db.execute<{ company_id: number }>(sql`select company_id from projects where id = ${p.projectId}`)
  ).rows;
  const [{ id: modelId }] = (
    await db.execute<{ id: number }>(sql`insert into tmf_models (company_id, name, state, created_by)
      values (${companyId}, ${`Bench model ${Date.now()}`}, 'draft', ${userId}) returning id`)
  ).rows;
  await db.execute(sql`insert into tmf_zones (model_id, number, name_en, name_zh, position)
    select ${modelId}, lpad(z::text, 2, '0'), 'Zone ' || z, '区域 ' || z, z from generate_series(1, 11) z`);
  await db.execute(sql`insert into tmf_sections (model_id, zone_id, number, name_en, name_zh, position)
    select ${modelId}, z.id, z.number || '.' || lpad(s::text, 2, '0'), 'Section ' || s, '章节 ' || s, s
    from generate_series(1, 50) s join tmf_zones z on z.model_id = ${modelId} and z.position = 1 + (s - 1) % 11`);
  await db.execute(sql`insert into tmf_artifacts (model_id, section_id, number, name_en, name_zh, levels, position)
    select ${modelId}, sec.id, sec.number || '.' || lpad(n::text, 3, '0'), 'Artifact ' || n, '文件 ' || n,
      case when ${SITE} then array['site'] when ${COUNTRY} then array['country'] else array['trial'] end, n
    from generate_series(1, 250) n join tmf_sections sec on sec.model_id = ${modelId} and sec.position = 1 + (n - 1) % 50`);
  await db.execute(sql`insert into tmf_expected_rules (model_id, artifact_id, level, milestone_code, offset_days, recurrence)
    select ${modelId}, a.id, a.levels[1],
      case when ${MONTHLY} then 'site_activated' when ${SITE} then 'irb_iec_approval'
        when ${COUNTRY} then 'regulatory_approval' else 'protocol_approved' end,
      case when ${MONTHLY} then 30 when ${SITE} then (n % 5) * 10 - 20 when ${COUNTRY} then 14 else (n % 10) * 30 end,
      case when ${MONTHLY} then 'monthly' else 'once' end
    from tmf_artifacts a cross join lateral (select a.position as n) x
    where a.model_id = ${modelId} and not (${SITE} and not ${MONTHLY} and n % 4 = 0)`);
  await db.execute(sql`update tmf_models set state = 'published' where id = ${modelId}`);
  await db.execute(sql`update projects set tmf_model_id = ${modelId} where id = ${p.projectId}`);
  // One folder per artifact, mapped to it (as the model's folder tree would be).
  const folders = await db.execute<{ id: number }>(sql`
    insert into folders (project_id, name, ich_code, sort_order, artifact_id)
    select ${p.projectId}, a.number || ' ' || a.name_en, a.number, 100 + a.position, a.id
    from tmf_artifacts a where a.model_id = ${modelId} returning id`);
  return { modelId, folderIds: folders.rows.map((f) => f.id) };
}

/** 20 countries, the sites spread over them, and the milestones the rules hang on (actual dates in the past). */
export async function seedPlaces(db: Db, p: Project, userId: number) {
  await db.execute(sql`insert into countries (project_id, code, name)
    select ${p.projectId}, chr(65 + c / 26) || chr(65 + c % 26), 'Country ' || c from generate_series(0, ${COUNTRIES - 1}) c`);
  await db.execute(sql`insert into sites (project_id, name, code, country_id)
    select ${p.projectId}, 'Site ' || s, 'S' || s,
      (select id from countries where project_id = ${p.projectId} order by id offset s % ${COUNTRIES} limit 1)
    from generate_series(1, ${SITES}) s`);
  const type = (code: string) => sql`(select id from milestone_types where company_id is null and code = ${code})`;
  await db.execute(sql`insert into milestones (project_id, type_id, actual, updated_by)
    values (${p.projectId}, ${type('protocol_approved')}, current_date - 600, ${userId})`);
  await db.execute(sql`insert into milestones (project_id, type_id, country_id, actual, updated_by)
    select ${p.projectId}, ${type('regulatory_approval')}, c.id, current_date - 500 + (c.id % 20) * 5, ${userId}
    from countries c where c.project_id = ${p.projectId}`);
  await db.execute(sql`insert into milestones (project_id, type_id, site_id, actual, updated_by)
    select ${p.projectId}, t.id, s.id, current_date - 180 - (s.id * 37 % 240) - t.before, ${userId}
    from sites s cross join (values (${type('site_activated')}, 0), (${type('irb_iec_approval')}, 30)) t(id, before)
    where s.project_id = ${p.projectId}`);
  const sites = await db.execute<{ id: number }>(
    sql`select id from sites where project_id = ${p.projectId} order by id`,
  );
  return sites.rows.map((s) => s.id);
}

/**
 * After the generation: the items dated from the project's start, the documents (each at the place of the item g
 * mod n, created over the last year, its document date 0 … 59 days before; 2% deleted), 60% of the items filed by
 * their first live document (filed_at its creation), 2% of the others not applicable; a QC route on every 10th
 * document (1 in 7 rejected), a quality issue on every 40th.
 */
export async function seedDocuments(db: Db, owner: Db, p: Project, userId: number) {
  await db.execute(
    sql`update expected_items set created_at = now() - interval '400 days' where project_id = ${p.projectId}`,
  );
  await db.execute(sql`create temp table bench_items as
    select row_number() over (order by id) - 1 as k, id, artifact_id, level, country_id, site_id
    from expected_items where project_id = ${p.projectId}`);
  const [{ n, first }] = (
    await db.execute<{ n: number; first: number }>(sql`select count(*)::int as n,
      (select coalesce(max(id), 0) + 1 from documents)::int as first from bench_items`)
  ).rows;
  await db.execute(sql`
    insert into documents (project_id, folder_id, name, file_code, artifact_id, central, site_id, country_id,
      document_date, created_by, created_at, updated_at, deleted_at)
    select ${p.projectId}, f.id, 'Doc ' || g, 'H-' || lpad(g::text, 7, '0'), i.artifact_id, i.site_id is null,
      i.site_id, i.country_id, (x.created - make_interval(days => (g * 31 % 60)::int))::date, ${userId},
      x.created, x.created, case when g % 50 = 0 then now() end
    from generate_series(0::bigint, ${DOCUMENTS - 1}) g
    join bench_items i on i.k = g % ${n}
    join folders f on f.project_id = ${p.projectId} and f.artifact_id = i.artifact_id
    cross join lateral (select now() - make_interval(days => (g * 7919 % 365)::int, secs => g % 86400) as created) x
    order by g`);
  // Document g is id first + g (one INSERT in the order of g): its item is k = g mod n.
  await db.execute(sql`with firsts as (
      select i.id as item_id, min(d.id) as document_id from bench_items i
      join documents d on d.id >= ${first} and (d.id - ${first}) % ${n} = i.k and d.deleted_at is null
      where i.k % 10 < 6 group by i.id)
    insert into expected_item_documents (item_id, document_id, linked_by)
    select item_id, document_id, null from firsts`);
  await db.execute(sql`update expected_items ei set state = 'filed', filed_at = d.created_at
    from expected_item_documents l join documents d on d.id = l.document_id
    where l.item_id = ei.id and ei.project_id = ${p.projectId}`);
  await db.execute(sql`update expected_items set state = 'not_applicable', reason = 'Not held at this place',
      decided_by = ${userId}, decided_at = now()
    where project_id = ${p.projectId} and state = 'expected' and id % 50 = 0`);
  await db.execute(sql`insert into document_versions (document_id, version_no, sha256, size, file_name, extension, mime_type, created_by)
    select d.id, 'V1.0', md5(d.id::text), 1000, d.name || '.pdf', 'pdf', 'application/pdf', d.created_by
    from documents d where d.id >= ${first} and d.project_id = ${p.projectId} and d.id % 10 = 0 and d.deleted_at is null`);
  await db.execute(sql`insert into document_routes (project_id, document_id, version_id, sender_id, state, created_at, closed_at)
    select ${p.projectId}, v.document_id, v.id, ${userId}, 1, d.created_at, d.created_at + interval '2 days'
    from document_versions v join documents d on d.id = v.document_id where d.id >= ${first} and d.project_id = ${p.projectId}`);
  await db.execute(sql`insert into route_stages (route_id, stage, state, opened_at, closed_at)
    select r.id, 4, case when r.document_id % 7 = 0 then 2 else 1 end, r.created_at, least(r.closed_at, now())
    from document_routes r where r.project_id = ${p.projectId}`);
  await db.execute(sql`insert into quality_issues (project_id, document_id, category, comment, state, raised_by, assignee_id)
    select ${p.projectId}, d.id,
      (array['missing_signature','wrong_artifact','wrong_date','illegible','missing_pages','personal_data','other'])[1 + d.id % 7],
      'Bench', (array['open','resolved','verified'])[1 + d.id / 40 % 3], ${userId}, ${userId}
    from documents d where d.id >= ${first} and d.project_id = ${p.projectId} and d.id % 40 = 0`);
  await db.execute(sql`drop table bench_items`);
  await settle(owner, [
    'documents',
    'document_versions',
    'document_routes',
    'route_stages',
    'quality_issues',
    'expected_items',
    'expected_item_documents',
  ]);
}

/** A role that may view every artifact folder, for a member limited to one site. */
export async function readerRole(db: Db, p: Project, folderIds: number[]) {
  const [reader] = await db
    .insert(roles)
    .values({ projectId: p.projectId, code: 'TMF_READER', name: 'Reader', docKeys: ['viewDoc'] })
    .returning();
  await db
    .insert(folderGrants)
    .values(
      folderIds.map((folderId) => ({
        folderId,
        subjectType: 'role' as const,
        subjectId: reader.id,
        docKeys: ['viewDoc'],
      })),
    );
  return reader.id;
}
