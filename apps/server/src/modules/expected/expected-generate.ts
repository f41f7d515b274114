import { TrailType } from '@edoc/contract/enums';
import type { ExpectedGenerated } from '@edoc/contract/expected';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { recordTrail, type TrailActor } from '../../trail/trail.service.ts';
import { refileDocuments } from './expected-filing.ts';

/*
 * Generation of a project's expected documents (issue 27 part 4), one set-based statement: the benchmark is 200,000
 * items (250 artifacts × 500 sites) in seconds, so nothing here loops over items in JavaScript.
 *
 * `wanted` is every item the model's rules produce: each artifact × each of its levels × each place of that level
 * (the trial; each country; each site) × each occurrence. Then, in the same statement (data-modifying CTEs share one
 * snapshot, and the rows they touch are disjoint: the insert meets only wanted keys, the delete only unwanted ones):
 * - insert the missing ones; an existing generated row nobody decided gets the new due date (ON CONFLICT);
 * - delete generated rows nobody decided, still expected and unlinked, that the rules no longer produce.
 * A row a person decided (decided_by or removed_at set, or manual) is never changed, nor a filed one's state.
 */

/**
 * The items the rules produce for a project: (artifact_id, level, country_id, site_id, occurrence, due_date). A site
 * item keeps country_id null (its country is its site's, which may change without renaming the item).
 */
export function wantedItems(projectId: number) {
  return sql`
    p as (select id, company_id, tmf_model_id from projects where id = ${projectId} and tmf_model_id is not null),
    art as (
      select a.id as artifact_id, lvl as level
      from p join tmf_artifacts a on a.model_id = p.tmf_model_id cross join unnest(a.levels) as lvl
    ),
    place as (
      select art.*, null::int as country_id, null::int as site_id, null::int as site_country_id
        from art where level = 'trial'
      union all
      select art.*, c.id, null::int, null::int from art join countries c on c.project_id = ${projectId}
        where level = 'country'
      union all
      select art.*, null::int, s.id, s.country_id from art join sites s on s.project_id = ${projectId}
        where level = 'site'
    ),
    ruled as (
      select pl.*, r.offset_days, mt.id as type_id, mt.level as type_level,
        -- months per period of a recurring rule; null: once
        case r.recurrence when 'monthly' then 1 when 'quarterly' then 3 when 'annually' then 12 end as months
      from place pl
      left join tmf_expected_rules r on r.artifact_id = pl.artifact_id and r.level = pl.level
      left join milestone_types mt on mt.code = r.milestone_code
        and (mt.company_id is null or mt.company_id = (select company_id from p))
    ),
    -- The project's milestone dates (actual, else planned) by type and place, and the places' closes.
    dated as (
      select type_id, coalesce(country_id, 0) as c, coalesce(site_id, 0) as s, coalesce(actual, planned) as d
      from milestones where project_id = ${projectId} and coalesce(actual, planned) is not null
    ),
    site_close as (
      select dt.s as site_id, dt.d from dated dt
      join milestone_types ct on ct.id = dt.type_id and ct.company_id is null and ct.code = 'site_closed'
    ),
    trial_close as (
      select dt.d from dated dt
      join milestone_types ct on ct.id = dt.type_id and ct.company_id is null and ct.code = 'trial_closed'
      where dt.c = 0 and dt.s = 0
    ),
    -- The anchor: the type's milestone at the item's place (a site type at the site; a country type at the country,
    -- or at a site's country; a trial type at the trial). A type below the item's level anchors nothing. Joined by
    -- equal keys, so PostgreSQL hashes them rather than looking up each of 200,000 places.
    anchored as (
      select ru.*, dt.d + coalesce(ru.offset_days, 0) as first_due,
        case when ru.level = 'site' then sc.d else (select d from trial_close) end as closes
      from ruled ru
      left join dated dt on dt.type_id = ru.type_id
        and dt.c = case when ru.type_level = 'country' then coalesce(ru.country_id, ru.site_country_id, -1) else 0 end
        and dt.s = case when ru.type_level = 'site' then case when ru.level = 'site' then ru.site_id else -1 end
          else 0 end
        and not (ru.type_level = 'country' and ru.level = 'trial')
      left join site_close sc on sc.site_id = ru.site_id
    ),
    -- Recurring: occurrences every period from the first due date up to the place's close, else today + a period.
    bounded as (
      select an.*, coalesce(an.closes, (current_date + make_interval(months => coalesce(an.months, 0)))::date) as until
      from anchored an
    ),
    wanted as (
      select b.artifact_id, b.level, b.country_id, b.site_id, k + 1 as occurrence,
        (b.first_due + make_interval(months => k * coalesce(b.months, 0)))::date as due_date
      from bounded b
      cross join lateral generate_series(0,
        case when b.months is null or b.first_due is null or b.until < b.first_due then 0
          else ((extract(year from age(b.until, b.first_due)) * 12 + extract(month from age(b.until, b.first_due)))::int
            / b.months)
        end) as k
    )`;
}

/** Generates or refreshes the project's items (the caller checked it has a model); one trail row with the counts. */
export async function generateItems(
  tx: Tx,
  actor: TrailActor,
  projectId: number,
  opts: { trailWhenNothing: boolean } = { trailWhenNothing: true },
): Promise<ExpectedGenerated> {
  // One regeneration of a project at a time: two at once would both insert the same keys.
  await tx.execute(sql`select pg_advisory_xact_lock(72620027, ${projectId})`);
  const result = await tx.execute<{ created: number; updated: number; removed: number; before: number }>(sql`
    with ${wantedItems(projectId)},
    ins as (
      insert into expected_items (project_id, artifact_id, level, country_id, site_id, occurrence, due_date)
      select ${projectId}, artifact_id, level, country_id, site_id, occurrence, due_date from wanted
      on conflict (project_id, artifact_id, level, coalesce(country_id, 0), coalesce(site_id, 0), occurrence)
      do update set due_date = excluded.due_date
        where expected_items.origin = 'generated' and expected_items.decided_by is null
          and expected_items.removed_at is null and expected_items.due_date is distinct from excluded.due_date
      returning (xmax = 0) as inserted
    ),
    del as (
      delete from expected_items ei
      where ei.project_id = ${projectId} and ei.origin = 'generated' and ei.decided_by is null
        and ei.removed_at is null and ei.state = 'expected'
        and not exists (select 1 from expected_item_documents l where l.item_id = ei.id)
        and not exists (
          select 1 from wanted w where w.artifact_id = ei.artifact_id and w.level = ei.level
            and coalesce(w.country_id, 0) = coalesce(ei.country_id, 0)
            and coalesce(w.site_id, 0) = coalesce(ei.site_id, 0) and w.occurrence = ei.occurrence)
      returning 1
    )
    select (select count(*) from ins where inserted)::int as created,
      (select count(*) from ins where not inserted)::int as updated,
      (select count(*) from del)::int as removed,
      (select count(*) from expected_items where project_id = ${projectId} and removed_at is null)::int as before`);
  const r = result.rows[0]!;
  const counts = { created: r.created, updated: r.updated, removed: r.removed, kept: r.before - r.updated - r.removed };
  // Documents filed before their items existed (a project that chose its model with its TMF already under way)
  // fulfil the new items as a document filed now would: each its one fitting item, with the same trail rows.
  if (counts.created > 0) {
    const unlinked = await tx.execute<{ id: number }>(sql`
      select d.id from documents d
      where d.project_id = ${projectId} and d.deleted_at is null and d.artifact_id is not null
        and not exists (select 1 from expected_item_documents l where l.document_id = d.id)`);
    await refileDocuments(
      tx,
      actor,
      unlinked.rows.map((d) => d.id),
    );
  }
  if (opts.trailWhenNothing || counts.created + counts.updated + counts.removed > 0)
    await recordTrail(tx, actor, {
      type: TrailType.SettingsChange,
      objectType: 'expected_items',
      objectId: projectId,
      newValue: counts,
    });
  return counts;
}

/**
 * What moves the items (a milestone saved, a country or site added or deleted, a model chosen): regenerate in the
 * caller's transaction, but only for a project that has a model and has generated before (one that never did
 * stays empty until its administrator asks). Cheap when nothing changes: one statement, no trail row.
 */
export async function regenerateIfStarted(
  tx: Tx,
  actor: TrailActor,
  projectId: number,
  milestoneCode?: string,
): Promise<void> {
  // A milestone no rule of the model names, and that closes nothing, moves no due date: nothing to do.
  const moves = milestoneCode
    ? sql`and (${milestoneCode} in ('site_closed', 'trial_closed') or exists (
        select 1 from projects p join tmf_expected_rules r on r.model_id = p.tmf_model_id
        where p.id = ${projectId} and r.milestone_code = ${milestoneCode}))`
    : sql``;
  const started = await tx.execute<{ ok: boolean }>(sql`
    select exists (select 1 from expected_items where project_id = ${projectId})
      and exists (select 1 from projects where id = ${projectId} and tmf_model_id is not null) ${moves} as ok`);
  if (started.rows[0]?.ok) await generateItems(tx, actor, projectId, { trailWhenNothing: false });
}
