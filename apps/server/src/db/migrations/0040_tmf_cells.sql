CREATE TABLE "tmf_cells" (
	"project_id" integer NOT NULL,
	"artifact_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"family" text NOT NULL,
	"k" integer NOT NULL,
	"k2" integer NOT NULL,
	"tag" text NOT NULL,
	"n" integer NOT NULL,
	"m" integer NOT NULL,
	CONSTRAINT "tmf_cells_project_id_family_artifact_id_site_id_country_id_k_k2_tag_pk" PRIMARY KEY("project_id","family","artifact_id","site_id","country_id","k","k2","tag")
);
--> statement-breakpoint
ALTER TABLE "tmf_cells" ADD CONSTRAINT "tmf_cells_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 27's benchmark: the TMF health figures of documents, QC stages and quality issues pre-summed in tmf_cells
-- (db/schema/tmf-health.ts), kept here by statement-level triggers in the transaction of each change, so filing shows
-- at once. A document counts while it is not deleted and is filed under an artifact (as the live figures count it).
-- Each change adds its rows' contributions with a sign, once on each axis: the artifact's (artifact_id, 0, 0) and the
-- place's (0, site_id or 0, country_id or 0). The families, per document:
--   days        k: calendar days from the document date to the filing day, k2: 1 within the project's target; n: 1
--   filed_week  k: the week (tmf_week) it was filed, k2: within the target; n: 1 (the trend's timeliness)
--   qc          per closed QC stage (stage 4, passed 1 or rejected 2): n 1, m 1 when rejected
--   qc_week     the same per week the stage closed (k), when it has a closing time (the trend's rejection rate)
--   qc_first    per document with a closed QC stage: n 1, m 1 when its first (by closing time, then id) passed
--   issues      per open or resolved quality issue: tag its category, n 1, m 1 when open
-- and per expected item (not removed; its own artifact, site and country):
--   items       k: the week it is due (tmf_week; -1 without a due date), tag: its state; n 1
--   item_c, item_f, item_d, item_df   (not N/A) the trend's weeks: created (c); filed (f), due (d) and both (df),
--               each no earlier than created, as tmf-health-trend.ts defines them; k the week, n 1
-- The rules of days and weeks are these functions; the live queries (modules/tmf-health) call the same ones.
-- A moment's calendar day in UTC (a document's filing day is its creation's).
CREATE FUNCTION tmf_utc_day(moment timestamptz) RETURNS date IMMUTABLE PARALLEL SAFE LANGUAGE sql
  AS $$ select (moment at time zone 'UTC')::date $$;
--> statement-breakpoint
-- Weekdays (Monday to Friday) from 1900-01-01, a Monday, up to the day before `day`. No holiday calendar.
CREATE FUNCTION tmf_weekdays_before(day date) RETURNS integer IMMUTABLE PARALLEL SAFE LANGUAGE sql
  AS $$ select (day - date '1900-01-01') / 7 * 5 + least((day - date '1900-01-01') % 7, 5) $$;
--> statement-breakpoint
-- The days a target counts from the document date to the filing day: calendar days (negative when dated after it
-- was filed), or with unit 'working' the working days after the document date up to and including the filing day.
CREATE FUNCTION tmf_target_days(created timestamptz, dated date, unit text) RETURNS integer IMMUTABLE PARALLEL SAFE
  LANGUAGE sql AS $$
  select case when unit = 'working'
    then tmf_weekdays_before(tmf_utc_day(created) + 1) - tmf_weekdays_before(dated + 1)
    else tmf_utc_day(created) - dated end $$;
--> statement-breakpoint
-- A day's week, Monday to Sunday, counted from 1900-01-01 (a Monday).
CREATE FUNCTION tmf_week(day date) RETURNS integer IMMUTABLE PARALLEL SAFE LANGUAGE sql
  AS $$ select (day - date '1900-01-01') / 7 $$;
--> statement-breakpoint
CREATE TYPE tmf_doc_key AS (id integer, project_id integer, artifact_id integer, site_id integer, country_id integer,
  document_date date, created_at timestamptz);
--> statement-breakpoint
CREATE TYPE tmf_cell_delta AS (project_id integer, artifact_id integer, site_id integer, country_id integer,
  family text, k integer, k2 integer, tag text, n integer, m integer);
--> statement-breakpoint
-- Adds contributions (a document's own artifact, site and country) on both axes, summed per cell first and in the
-- key's order, so that concurrent writers lock the cells they share in the same order.
CREATE FUNCTION tmf_cells_put(deltas tmf_cell_delta[]) RETURNS void LANGUAGE sql AS $$
  insert into tmf_cells (project_id, artifact_id, site_id, country_id, family, k, k2, tag, n, m)
  select x.project_id, ax.a, ax.s, ax.c, x.family, x.k, x.k2, x.tag, sum(x.n), sum(x.m)
  from unnest(deltas) x
  cross join lateral (values (x.artifact_id, 0, 0), (0, coalesce(x.site_id, 0), coalesce(x.country_id, 0))) ax(a, s, c)
  group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(x.n) <> 0 or sum(x.m) <> 0
  order by 1, 5, 2, 3, 4, 6, 7, 8
  on conflict (project_id, family, artifact_id, site_id, country_id, k, k2, tag)
  do update set n = tmf_cells.n + excluded.n, m = tmf_cells.m + excluded.m $$;
--> statement-breakpoint
-- What counted documents contribute by their dates (days, filed_week: they depend on the project's target), times
-- `sign`.
CREATE FUNCTION tmf_cells_dated(docs tmf_doc_key[], sign integer) RETURNS void LANGUAGE sql
  SET enable_seqscan = off AS $$
  select tmf_cells_put(array(
    select row(d.project_id, d.artifact_id, d.site_id, d.country_id, f.family, f.k, f.k2, '', sign * count(*), 0)::tmf_cell_delta
      from unnest(docs) d join projects p on p.id = d.project_id
      cross join lateral (select (tmf_target_days(d.created_at, d.document_date, p.tmf_target_unit)
        <= p.tmf_target_days)::int as within) w
      cross join lateral (values
        ('days', tmf_utc_day(d.created_at) - d.document_date, w.within),
        ('filed_week', tmf_week(tmf_utc_day(d.created_at)), w.within)) f(family, k, k2)
      where d.document_date is not null
      group by d.project_id, d.artifact_id, d.site_id, d.country_id, f.family, f.k, f.k2)) $$;
--> statement-breakpoint
-- Everything counted documents contribute: their dates, and their QC stages and issues as they are now; times `sign`.
-- Each document's stages and issues are reached by LATERAL lookups through their indexes, its key carried along, and
-- these functions run with sequential scans off: a plan left to estimates (an array's rows are unknown to it, and
-- a table's statistics may be of when it was empty, as after a bulk insert) scanned every QC stage, or every route,
-- for each of 100,000 documents.
CREATE FUNCTION tmf_cells_documents(docs tmf_doc_key[], sign integer) RETURNS void LANGUAGE sql
  SET enable_seqscan = off AS $$
  select tmf_cells_dated(docs, sign);
  with closed as (select d.id, d.project_id, d.artifact_id, d.site_id, d.country_id, rs.id as stage_id, rs.state,
      rs.closed_at
    from unnest(docs) d
    cross join lateral (select rs.* from document_routes dr join route_stages rs on rs.route_id = dr.id
      where dr.document_id = d.id and rs.stage = 4 and rs.state in (1, 2)) rs)
  select tmf_cells_put(array(
    select row(c.project_id, c.artifact_id, c.site_id, c.country_id, s.family, s.k, 0, '', sign,
        sign * (c.state = 2)::int)::tmf_cell_delta
      from closed c
      cross join lateral (values ('qc', 0), ('qc_week', tmf_week(tmf_utc_day(c.closed_at)))) s(family, k)
      where s.k is not null
    union all
    select row(f.project_id, f.artifact_id, f.site_id, f.country_id, 'qc_first', 0, 0, '', sign,
        sign * (f.state = 1)::int)::tmf_cell_delta
      from (select distinct on (id) * from closed order by id, closed_at, stage_id) f
    union all
    select row(d.project_id, d.artifact_id, d.site_id, d.country_id, 'issues', 0, 0, q.category, sign,
        sign * (q.state = 'open')::int)::tmf_cell_delta
      from unnest(docs) d
      cross join lateral (select q.category, q.state from quality_issues q
        where q.document_id = d.id and q.state in ('open', 'resolved')) q
  )) $$;
--> statement-breakpoint
CREATE FUNCTION tmf_cells_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has (PL/pgSQL plans a statement when it first runs it).
  -- An update takes every old row out and puts every new one in: what did not change cancels in tmf_cells_put
  -- (joining the old rows to the new would need a plan that stays linear for a million rows).
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tmf_cells_documents(array(select row(id, project_id, artifact_id, site_id, country_id, document_date,
      created_at)::tmf_doc_key from old_rows where deleted_at is null and artifact_id is not null), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tmf_cells_documents(array(select row(id, project_id, artifact_id, site_id, country_id, document_date,
      created_at)::tmf_doc_key from new_rows where deleted_at is null and artifact_id is not null), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- QC stages changed: each closed stage added or removed counts in qc and qc_week; a document's first closed stage is
-- taken before (the stages now, less the statement's new rows, with its old ones) and after, and the difference
-- added. As above, every lookup is a LATERAL one through an index, and the rest set operations.
CREATE FUNCTION tmf_cells_stages(old_rows route_stages[], new_rows route_stages[]) RETURNS void LANGUAGE sql
  SET enable_seqscan = off AS $$
  with changed as (
    select -1 as sign, o.id, o.route_id, o.state, o.closed_at from unnest(old_rows) o
    where o.stage = 4 and o.state in (1, 2)
    union all
    select 1, n.id, n.route_id, n.state, n.closed_at from unnest(new_rows) n where n.stage = 4 and n.state in (1, 2)),
  keyed as (select c.*, d.* from changed c
    cross join lateral (select d.id as doc, d.project_id, d.artifact_id, d.site_id, d.country_id
      from document_routes dr join documents d on d.id = dr.document_id
      where dr.id = c.route_id and d.deleted_at is null and d.artifact_id is not null) d),
  docs as (select distinct doc, project_id, artifact_id, site_id, country_id from keyed),
  -- A document's first closed stage may be on any of its routes, not only the changed ones.
  after as (select docs.*, rs.id as stage_id, rs.state, rs.closed_at from docs
    cross join lateral (select rs.* from document_routes dr join route_stages rs on rs.route_id = dr.id
      where dr.document_id = docs.doc and rs.stage = 4 and rs.state in (1, 2)) rs),
  before as (
    (select * from after
      except all
      select doc, project_id, artifact_id, site_id, country_id, id, state, closed_at from keyed where sign = 1)
    union all
    select doc, project_id, artifact_id, site_id, country_id, id, state, closed_at from keyed where sign = -1),
  firsts as (
    select 1 as sign, f.* from (select distinct on (doc) * from after order by doc, closed_at, stage_id) f
    union all
    select -1, f.* from (select distinct on (doc) * from before order by doc, closed_at, stage_id) f)
  select tmf_cells_put(array(
    select row(c.project_id, c.artifact_id, c.site_id, c.country_id, s.family, s.k, 0, '', c.sign,
        c.sign * (c.state = 2)::int)::tmf_cell_delta
      from keyed c
      cross join lateral (values ('qc', 0), ('qc_week', tmf_week(tmf_utc_day(c.closed_at)))) s(family, k)
      where s.k is not null
    union all
    select row(f.project_id, f.artifact_id, f.site_id, f.country_id, 'qc_first', 0, 0, '', f.sign,
        f.sign * (f.state = 1)::int)::tmf_cell_delta
      from firsts f
  )) $$;
--> statement-breakpoint
CREATE FUNCTION tmf_cells_stages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tmf_cells_stages('{}'::route_stages[], array(select row(n.*)::route_stages from new_rows n where n.stage = 4));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM tmf_cells_stages(array(select row(o.*)::route_stages from old_rows o where o.stage = 4), '{}'::route_stages[]);
  ELSE
    PERFORM tmf_cells_stages(array(select row(o.*)::route_stages from old_rows o where o.stage = 4),
      array(select row(n.*)::route_stages from new_rows n where n.stage = 4));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Quality issues changed: each open or resolved issue of a counted document added or removed, by its category.
CREATE FUNCTION tmf_cells_issues(old_rows quality_issues[], new_rows quality_issues[]) RETURNS void LANGUAGE sql
  SET enable_seqscan = off AS $$
  select tmf_cells_put(array(
    select row(d.project_id, d.artifact_id, d.site_id, d.country_id, 'issues', 0, 0, q.category, q.sign,
        q.sign * (q.state = 'open')::int)::tmf_cell_delta
    from (select -1 as sign, o.document_id, o.category, o.state from unnest(old_rows) o
      union all select 1, n.document_id, n.category, n.state from unnest(new_rows) n) q
    cross join lateral (select d.* from documents d
      where d.id = q.document_id and d.deleted_at is null and d.artifact_id is not null) d
    where q.state in ('open', 'resolved'))) $$;
--> statement-breakpoint
CREATE FUNCTION tmf_cells_issues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM tmf_cells_issues('{}'::quality_issues[], array(select row(n.*)::quality_issues from new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM tmf_cells_issues(array(select row(o.*)::quality_issues from old_rows o), '{}'::quality_issues[]);
  ELSE
    PERFORM tmf_cells_issues(array(select row(o.*)::quality_issues from old_rows o),
      array(select row(n.*)::quality_issues from new_rows n));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TYPE tmf_item_key AS (project_id integer, artifact_id integer, site_id integer, country_id integer, state text,
  due_date date, created_at timestamptz, filed_at timestamptz);
--> statement-breakpoint
-- Everything counted items contribute, times `sign`. PostgreSQL's greatest() skips nulls, so each week is guarded.
CREATE FUNCTION tmf_cells_items(items tmf_item_key[], sign integer) RETURNS void LANGUAGE sql AS $$
  -- Summed per cell before the array is made: a generation of 200,000 items makes some thousands of cells, not a
  -- million deltas.
  select tmf_cells_put(array(
    select row(i.project_id, i.artifact_id, i.site_id, i.country_id, f.family, f.k, 0, f.tag, sign * count(*), 0)::tmf_cell_delta
    from unnest(items) i
    cross join lateral (select tmf_week(tmf_utc_day(i.created_at)) as c, tmf_week(tmf_utc_day(i.filed_at)) as fk,
      tmf_week(i.due_date) as dk, i.state <> 'not_applicable' as counts) w
    cross join lateral (values
      ('items', coalesce(w.dk, -1), i.state),
      ('item_c', case when w.counts then w.c end, ''),
      ('item_f', case when w.counts and w.fk is not null then greatest(w.c, w.fk) end, ''),
      ('item_d', case when w.counts and w.dk is not null then greatest(w.c, w.dk) end, ''),
      ('item_df', case when w.counts and w.fk is not null and w.dk is not null then greatest(w.c, w.fk, w.dk) end, ''))
      f(family, k, tag)
    where f.k is not null
    group by i.project_id, i.artifact_id, i.site_id, i.country_id, f.family, f.k, f.tag)) $$;
--> statement-breakpoint
CREATE FUNCTION tmf_cells_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM tmf_cells_items(array(select row(project_id, artifact_id, site_id, country_id, state, due_date, created_at,
      filed_at)::tmf_item_key from old_rows where removed_at is null), -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM tmf_cells_items(array(select row(project_id, artifact_id, site_id, country_id, state, due_date, created_at,
      filed_at)::tmf_item_key from new_rows where removed_at is null), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A project's cells counted afresh from its items and documents (the backfill below; a test compares them with the
-- cells the triggers keep), one artifact at a time so that no statement holds a whole project.
CREATE FUNCTION tmf_cells_rebuild(project integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE artifact integer;
BEGIN
  DELETE FROM tmf_cells WHERE project_id = project;
  PERFORM tmf_cells_items(array(select row(project_id, artifact_id, site_id, country_id, state, due_date, created_at,
    filed_at)::tmf_item_key from expected_items where project_id = project and removed_at is null), 1);
  FOR artifact IN SELECT DISTINCT artifact_id FROM documents
      WHERE project_id = project AND deleted_at IS NULL AND artifact_id IS NOT NULL LOOP
    PERFORM tmf_cells_documents(array(select row(id, project_id, artifact_id, site_id, country_id, document_date,
      created_at)::tmf_doc_key from documents
      where project_id = project and artifact_id = artifact and deleted_at is null), 1);
  END LOOP;
END $$;
--> statement-breakpoint
-- A new timeliness target changes which documents are within it: their days and weeks are counted afresh (only
-- those: the rest does not depend on it), one artifact at a time.
CREATE FUNCTION tmf_cells_target_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE artifact integer;
BEGIN
  DELETE FROM tmf_cells WHERE project_id = NEW.id AND family IN ('days', 'filed_week');
  FOR artifact IN SELECT DISTINCT artifact_id FROM documents
      WHERE project_id = NEW.id AND deleted_at IS NULL AND artifact_id IS NOT NULL LOOP
    PERFORM tmf_cells_dated(array(select row(id, project_id, artifact_id, site_id, country_id, document_date,
      created_at)::tmf_doc_key from documents
      where project_id = NEW.id and artifact_id = artifact and deleted_at is null), 1);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tmf_cells_documents_inserted AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_documents_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_documents_updated AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_documents_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_documents_deleted AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_documents_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_stages_inserted AFTER INSERT ON route_stages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_stages_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_stages_updated AFTER UPDATE ON route_stages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_stages_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_stages_deleted AFTER DELETE ON route_stages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_stages_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_issues_inserted AFTER INSERT ON quality_issues REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_issues_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_issues_updated AFTER UPDATE ON quality_issues REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_issues_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_issues_deleted AFTER DELETE ON quality_issues REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_issues_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_items_inserted AFTER INSERT ON expected_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_items_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_items_updated AFTER UPDATE ON expected_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_items_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_items_deleted AFTER DELETE ON expected_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tmf_cells_items_changed();
--> statement-breakpoint
CREATE TRIGGER tmf_cells_target_changed AFTER UPDATE OF tmf_target_days, tmf_target_unit ON projects FOR EACH ROW
  WHEN ((OLD.tmf_target_days, OLD.tmf_target_unit) IS DISTINCT FROM (NEW.tmf_target_days, NEW.tmf_target_unit))
  EXECUTE FUNCTION tmf_cells_target_changed();
--> statement-breakpoint
SELECT tmf_cells_rebuild(id) FROM projects;
