-- Issue 27's generation: the items' contributions summed per cell of each axis in one pass. tmf_cells_items summed
-- them per (artifact, site, country, family, week, state) first, which for a generation is nearly one group per item
-- (each item is one artifact at one place): 211,000 items made 633,000 groups (spilled to disk), worked out the weeks
-- again for each family's row, then split them onto the two axes and summed again: the function alone took 10 s on
-- 211,000 items (2.2–2.5 s now, at load 9–12), and the trigger was half of the bare generation in the benchmark's plan.
-- tmf_cells_add takes rows already on an axis; tmf_cells_put (rows of one artifact at one place) splits its rows
-- onto both axes and hands them to the same statement.
--
-- Adds rows already on an axis, summed per cell first and in the key's order, so that concurrent writers lock the
-- cells they share in the same order.
CREATE FUNCTION tmf_cells_add(deltas tmf_cell_delta[]) RETURNS void LANGUAGE sql AS $$
  insert into tmf_cells (project_id, artifact_id, site_id, country_id, family, k, k2, tag, n, m)
  select x.project_id, x.artifact_id, x.site_id, x.country_id, x.family, x.k, x.k2, x.tag, sum(x.n), sum(x.m)
  from unnest(deltas) x
  group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(x.n) <> 0 or sum(x.m) <> 0
  order by 1, 5, 2, 3, 4, 6, 7, 8
  on conflict (project_id, family, artifact_id, site_id, country_id, k, k2, tag)
  do update set n = tmf_cells.n + excluded.n, m = tmf_cells.m + excluded.m $$;
--> statement-breakpoint
-- Adds contributions (a document's own artifact, site and country) on both axes: the artifact's (artifact_id, 0, 0)
-- and the place's (0, site_id or 0, country_id or 0).
CREATE OR REPLACE FUNCTION tmf_cells_put(deltas tmf_cell_delta[]) RETURNS void LANGUAGE sql AS $$
  select tmf_cells_add(array(
    select row(x.project_id, ax.a, ax.s, ax.c, x.family, x.k, x.k2, x.tag, x.n, x.m)::tmf_cell_delta
    from unnest(deltas) x
    cross join lateral (values (x.artifact_id, 0, 0), (0, coalesce(x.site_id, 0), coalesce(x.country_id, 0))) ax(a, s, c))) $$;
--> statement-breakpoint
-- Everything counted items contribute, times `sign`, on both axes: each item's weeks worked out once, its rows of
-- each family, then summed per cell of the artifacts' axis and of the places'. PostgreSQL's greatest() skips nulls,
-- so each week is guarded.
CREATE OR REPLACE FUNCTION tmf_cells_items(items tmf_item_key[], sign integer) RETURNS void LANGUAGE sql AS $$
  with i as materialized (
    select project_id, artifact_id, coalesce(site_id, 0) as s, coalesce(country_id, 0) as c, state,
      tmf_week(tmf_utc_day(created_at)) as cw, tmf_week(tmf_utc_day(filed_at)) as fw, tmf_week(due_date) as dw,
      state <> 'not_applicable' as counts
    from unnest(items)),
  f as (
    select project_id, artifact_id, s, c, 'items' as family, coalesce(dw, -1) as k, state as tag from i
    union all select project_id, artifact_id, s, c, 'item_c', cw, '' from i where counts
    union all select project_id, artifact_id, s, c, 'item_f', greatest(cw, fw), '' from i where counts and fw is not null
    union all select project_id, artifact_id, s, c, 'item_d', greatest(cw, dw), '' from i where counts and dw is not null
    union all select project_id, artifact_id, s, c, 'item_df', greatest(cw, fw, dw), '' from i
      where counts and fw is not null and dw is not null)
  select tmf_cells_add(array(
    select row(project_id, artifact_id, 0, 0, family, k, 0, tag, sign * count(*), 0)::tmf_cell_delta
      from f group by project_id, artifact_id, family, k, tag
    union all
    select row(project_id, 0, s, c, family, k, 0, tag, sign * count(*), 0)::tmf_cell_delta
      from f group by project_id, s, c, family, k, tag)) $$;
