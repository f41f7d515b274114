/*
 * recompute.sql of the recomputable package (issue 27 part 8): the rules of docs/tmf-health.md written by hand as
 * plain PostgreSQL over the package's CSV files, NOT derived from the server's queries (tmf-health-figures.ts,
 * tmf-health-trend.ts), so that it is an independent statement of each rule an inspector can read and run:
 *   psql -v ON_ERROR_STOP=1 -v dir=<unzipped folder> -f recompute.sql <an empty database>
 * It prints one CSV table (group_key, figure, value) to compare with figures.csv. The test
 * (tmf-health-recompute.test.ts) runs it with psql and compares.
 */
export const RECOMPUTE_SQL = String.raw`-- TMF health: recompute every figure of the dashboard from this package's CSV files.
-- Run on an EMPTY PostgreSQL database (13 or later) from any folder:
--   psql -v ON_ERROR_STOP=1 -v dir=/path/to/unzipped/package -f recompute.sql <database>
-- The last output is a CSV table: group_key, figure, value. Compare it with figures.csv.
-- "Today" is the package's as-of date (parameters.csv), never the day you run this.
\set QUIET on
\set ON_ERROR_STOP on
\pset pager off
\cd :dir

-- 1. The rows, as exported.
create table parameters (name text primary key, value text);
create table artifacts (id int primary key, number text, section_id int, section_number text,
  zone_id int, zone_number text, name text);
create table sites (id int primary key, code text, name text, country_id int, country_code text);
create table expected_items (id int primary key, artifact_id int, artifact_number text, level text,
  country_id int, country_code text, site_id int, site_code text, occurrence int, due_date date, state text,
  not_applicable_reason text, removed boolean, created_at timestamptz, filed_at timestamptz);
create table filings (item_id int, document_id int, filed_at timestamptz);
create table documents (id int primary key, artifact_id int, artifact_number text, level text, country_id int,
  country_code text, site_id int, site_code text, document_date date, created_at timestamptz, created_by int,
  created_by_name text, deleted boolean);
create table qc_stages (document_id int, stage_id int, closed_at timestamptz, result text);
create table quality_issues (id int primary key, document_id int, category text, state text, created_at timestamptz);

\copy parameters from 'parameters.csv' with (format csv, header true)
\copy artifacts from 'artifacts.csv' with (format csv, header true)
\copy sites from 'sites.csv' with (format csv, header true)
\copy expected_items from 'expected_items.csv' with (format csv, header true)
\copy filings from 'filings.csv' with (format csv, header true)
\copy documents from 'documents.csv' with (format csv, header true)
\copy qc_stages from 'qc_stages.csv' with (format csv, header true)
\copy quality_issues from 'quality_issues.csv' with (format csv, header true)

-- 2. The parameters: today (the as-of date, UTC), the timeliness target and the grouping.
create view p as select
  (select value::date from parameters where name = 'as_of_date') as today,
  (select value::int from parameters where name = 'target_days') as target_days,
  (select value from parameters where name = 'target_unit') as target_unit,
  (select value from parameters where name = 'group_by') as group_by;

-- 3. What counts. Items: not removed. Documents: not deleted (the package holds only documents filed under an
-- artifact). A document's filing day is its creation day in UTC; days = filing day - document date.
create view items as
  select i.*, coalesce(i.country_id, s.country_id) as place_country, a.section_id, a.zone_id
  from expected_items i join artifacts a on a.id = i.artifact_id left join sites s on s.id = i.site_id
  where not i.removed;
create view docs as
  select d.*, coalesce(d.country_id, s.country_id) as place_country, a.section_id, a.zone_id,
    (d.created_at at time zone 'UTC')::date as filed_day
  from documents d join artifacts a on a.id = d.artifact_id left join sites s on s.id = d.site_id
  where not d.deleted;

-- Working days: the Mondays to Fridays after the document date up to and including the filing day (negative
-- when the document is dated after its filing). No holiday calendar.
create function working_days(from_day date, to_day date) returns int language sql immutable as $$
  select case when to_day >= from_day
    then (select count(*)::int from generate_series(from_day + 1, to_day, interval '1 day') g
          where extract(isodow from g) <= 5)
    else -(select count(*)::int from generate_series(to_day + 1, from_day, interval '1 day') g
          where extract(isodow from g) <= 5) end $$;

create view timed as
  select d.*, d.filed_day - d.document_date as calendar_days,
    case when (select target_unit from p) = 'working' then working_days(d.document_date, d.filed_day)
      else d.filed_day - d.document_date end <= (select target_days from p) as within_target
  from docs d where d.document_date is not null;

-- 4. The group of each row for the package's grouping ('all' is everything). An item grouped by person belongs to
-- each creator of a (not deleted) document that files it; a document's level is its own: site, else country,
-- else trial; a missing country or site is 'none'.
create view item_groups as
  select 'all' as key, i.* from items i
  union all
  select case p.group_by
      when 'level' then i.level
      when 'country' then coalesce(i.place_country::text, 'none')
      when 'site' then coalesce(i.site_id::text, 'none')
      when 'zone' then i.zone_id::text
      when 'section' then i.section_id::text
      when 'artifact' then i.artifact_id::text end, i.*
  from items i, p where p.group_by <> 'person'
  union all
  select distinct on (d.created_by, i.id) d.created_by::text, i.*
  from items i join filings f on f.item_id = i.id join docs d on d.id = f.document_id, p
  where p.group_by = 'person';

create function doc_key(d docs, group_by text) returns text language sql immutable as $$
  select case group_by
    when 'level' then case when d.site_id is not null then 'site' when d.country_id is not null then 'country'
      else 'trial' end
    when 'country' then coalesce(d.place_country::text, 'none')
    when 'site' then coalesce(d.site_id::text, 'none')
    when 'zone' then d.zone_id::text
    when 'section' then d.section_id::text
    when 'artifact' then d.artifact_id::text
    when 'person' then d.created_by::text end $$;
create view doc_groups as
  select 'all' as key, d.* from docs d
  union all
  select doc_key(d, p.group_by), d.* from docs d, p;

-- 5. The figures per group.
create view item_figures as select key,
  count(*) filter (where state <> 'not_applicable') as expected,
  count(*) filter (where state = 'filed') as filed,
  count(*) filter (where state = 'not_applicable') as not_applicable,
  count(*) filter (where state = 'expected' and due_date < (select today from p)) as overdue,
  count(*) filter (where state <> 'not_applicable' and due_date <= (select today from p)) as due_by_today,
  count(*) filter (where state = 'filed' and due_date <= (select today from p)) as filed_due_by_today
  from item_groups group by key;

create view timeliness_figures as select g.key, count(*) as documents,
  count(*) filter (where t.within_target) as within_target,
  percentile_cont(0.5) within group (order by t.calendar_days) as median_days
  from doc_groups g join timed t on t.id = g.id group by g.key;

-- QC: closed QC stages of counted documents; a document's first closed stage is its earliest (closed_at, then id).
create view qc as select q.*, row_number() over (partition by q.document_id order by q.closed_at, q.stage_id) = 1
  as first from qc_stages q join docs d on d.id = q.document_id;
create view qc_figures as select g.key, count(*) as decided,
  count(*) filter (where qc.result = 'rejected') as rejected,
  count(distinct qc.document_id) as documents,
  count(*) filter (where qc.first and qc.result = 'passed') as first_passed
  from doc_groups g join qc on qc.document_id = g.id group by g.key;

-- Quality issues: open or resolved ones of counted documents, by category; open issues apart.
create view categories(category, position) as values ('missing_signature', 1), ('wrong_artifact', 2),
  ('wrong_date', 3), ('illegible', 4), ('missing_pages', 5), ('personal_data', 6), ('other', 7);
create view issue_rows as select g.key, q.category, q.state
  from doc_groups g join quality_issues q on q.document_id = g.id where q.state in ('open', 'resolved');

create view group_keys as select 'all' as key union select key from item_figures union select key from
  timeliness_figures union select key from qc_figures union select key from issue_rows;

create function ratio(part numeric, whole numeric) returns numeric language sql immutable as
  $$ select case when whole = 0 then null else part / whole end $$;

create view figures(group_key, position, figure, value) as
  select k.key, f.position, f.figure, f.value from group_keys k
  left join item_figures i on i.key = k.key left join timeliness_figures t on t.key = k.key
  left join qc_figures q on q.key = k.key
  cross join lateral (values
    (1, 'expected', coalesce(i.expected, 0)::numeric),
    (2, 'filed', coalesce(i.filed, 0)),
    (3, 'notApplicable', coalesce(i.not_applicable, 0)),
    (4, 'open', coalesce(i.expected, 0) - coalesce(i.filed, 0)),
    (5, 'overdue', coalesce(i.overdue, 0)),
    (6, 'dueByToday', coalesce(i.due_by_today, 0)),
    (7, 'filedDueByToday', coalesce(i.filed_due_by_today, 0)),
    (8, 'completeness', ratio(coalesce(i.filed, 0), coalesce(i.expected, 0))),
    (9, 'completenessDue', ratio(coalesce(i.filed_due_by_today, 0), coalesce(i.due_by_today, 0))),
    (10, 'timelinessDocuments', coalesce(t.documents, 0)),
    (11, 'withinTarget', coalesce(t.within_target, 0)),
    (12, 'timelinessPct', ratio(coalesce(t.within_target, 0), coalesce(t.documents, 0))),
    (13, 'medianDays', t.median_days::numeric),
    (14, 'qcDecided', coalesce(q.decided, 0)),
    (15, 'qcRejected', coalesce(q.rejected, 0)),
    (16, 'rejectionRate', ratio(coalesce(q.rejected, 0), coalesce(q.decided, 0))),
    (17, 'firstTimeRight', ratio(coalesce(q.first_passed, 0), coalesce(q.documents, 0))),
    (18, 'openIssues', (select count(*) from issue_rows r where r.key = k.key and r.state = 'open'))
  ) f(position, figure, value)
  union all
  select k.key, 18 + c.position, 'issues_' || c.category,
    (select count(*) from issue_rows r where r.key = k.key and r.category = c.category)
  from group_keys k cross join categories c;

-- 6. The weekly trend: 12 weeks ending on Sundays, the last the Sunday on or after today. For a week ending E:
-- completeness = items (not N/A) created by E and filed by E / items created by E; completenessDue = the same over
-- the items also due by E; timelinessPct = documents filed in E-6 .. E within target / those documents;
-- rejectionRate = QC stages closed rejected in E-6 .. E / QC stages closed in E-6 .. E. Days are UTC days.
create view weeks as select (p.today + (7 - extract(dow from p.today)::int) % 7 - 7 * n) as week_end
  from p, generate_series(0, 11) n;
create view trend(group_key, position, figure, value) as
  select 'trend:' || to_char(w.week_end, 'YYYY-MM-DD'), f.position, f.figure, f.value from weeks w
  cross join lateral (select
      count(*) filter (where created) as created,
      count(*) filter (where created and filed) as filed,
      count(*) filter (where created and due) as due,
      count(*) filter (where created and due and filed) as due_filed
    from (select (i.created_at at time zone 'UTC')::date <= w.week_end as created,
        (i.filed_at at time zone 'UTC')::date <= w.week_end as filed, i.due_date <= w.week_end as due
      from items i where i.state <> 'not_applicable') x) c
  cross join lateral (select count(*) as n, count(*) filter (where t.within_target) as within
    from timed t where t.filed_day between w.week_end - 6 and w.week_end) d
  cross join lateral (select count(*) as n, count(*) filter (where q.result = 'rejected') as rejected
    from qc q where (q.closed_at at time zone 'UTC')::date between w.week_end - 6 and w.week_end) s
  cross join lateral (values
    (1, 'completeness', ratio(c.filed, c.created)),
    (2, 'completenessDue', ratio(c.due_filed, c.due)),
    (3, 'timelinessPct', ratio(d.within, d.n)),
    (4, 'rejectionRate', ratio(s.rejected, s.n))
  ) f(position, figure, value);

-- 7. The answer, as CSV.
\pset format csv
\pset footer off
select group_key, figure, value from (
  select group_key, position, figure, value, 0 as part from figures
  union all select group_key, position, figure, value, 1 from trend) x
order by part, group_key = 'all' desc, group_key, position;
`;
