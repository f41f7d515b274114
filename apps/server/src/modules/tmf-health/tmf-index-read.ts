import { StageState } from '@edoc/contract/states';
import type { TmfLevel } from '@edoc/contract/tmf-model';
import { Stage } from '@edoc/contract/workflow';
import type { TmfIndexTotals } from '@edoc/contract/tmf-index';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { HealthScope } from './tmf-health.policy.ts';
import { documentJoins, documentsWhere, ids, itemsFrom, openable, today } from './tmf-health-sql.ts';

/*
 * The read of the TMF index (issue 27 part 7): four set-based queries over the caller's scope (the same SQL as the
 * dashboard's figures, tmf-health-sql.ts), never one per artifact — a model holds ~250 artifacts and a project tens
 * of thousands of items. The caller runs them in one repeatable-read read-only transaction.
 */

export interface IndexArtifact {
  id: number;
  number: string;
  nameEn: string;
  nameZh: string | null;
  levels: TmfLevel[];
  core: boolean;
  zone: { number: string; nameEn: string; nameZh: string | null };
  section: { number: string; nameEn: string; nameZh: string | null };
}

export type IndexItem = {
  artifactId: number;
  level: TmfLevel;
  countryCode: string | null;
  siteName: string | null;
  occurrence: number;
  dueDate: string | null;
  state: 'expected' | 'filed' | 'not_applicable';
  reason: string | null;
  overdue: boolean;
  filedOn: string | null;
};

export interface IndexSignature {
  meaning: string;
  signer: string;
  signedAt: string;
}

export interface IndexDocument {
  artifactId: number;
  name: string;
  status: number;
  versionNo: string | null;
  countryCode: string | null;
  siteName: string | null;
  documentDate: string | null;
  filedOn: string;
  approvedOn: string | null;
  signatures: IndexSignature[];
}

export interface IndexData {
  model: { name: string; version: number };
  artifacts: IndexArtifact[];
  items: IndexItem[];
  documents: IndexDocument[];
}

const utc = (v: string | Date) => new Date(v).toISOString().replace('T', ' ').slice(0, 19);

export async function readIndex(tx: Tx, scope: HealthScope): Promise<IndexData> {
  const model = await tx.execute<{ name: string; version: number }>(
    sql`select name, version from tmf_models where id = ${scope.modelId}`,
  );
  // Every artifact the caller may see, in model order: an artifact with nothing expected and nothing filed is listed.
  const artifacts = await tx.execute<{
    id: number;
    number: string;
    name_en: string;
    name_zh: string | null;
    levels: TmfLevel[];
    core: boolean;
    z_number: string;
    z_en: string;
    z_zh: string | null;
    s_number: string;
    s_en: string;
    s_zh: string | null;
  }>(sql`select a.id, a.number, a.name_en, a.name_zh, a.levels, a.core, z.number as z_number, z.name_en as z_en,
      z.name_zh as z_zh, sec.number as s_number, sec.name_en as s_en, sec.name_zh as s_zh
    from tmf_artifacts a join tmf_sections sec on sec.id = a.section_id join tmf_zones z on z.id = sec.zone_id
    where a.model_id = ${scope.modelId} ${scope.artifactIds ? sql`and a.id = any(${ids(scope.artifactIds)})` : sql``}
    order by z.position, z.number, sec.position, sec.number, a.position, a.number`);
  const items = await tx.execute<IndexItem>(sql`select i.artifact_id as "artifactId", i.level,
      (select c.code from countries c where c.id = coalesce(i.country_id, s.country_id)) as "countryCode",
      s.name as "siteName", i.occurrence, i.due_date::text as "dueDate", i.state, i.reason,
      coalesce(i.state = 'expected' and i.due_date < ${today}, false) as overdue,
      (i.filed_at at time zone 'UTC')::date::text as "filedOn"
    ${itemsFrom(scope)}
    order by i.artifact_id, case i.level when 'trial' then 0 when 'country' then 1 else 2 end,
      3 nulls first, s.code nulls first, i.occurrence, i.id`);
  // A document's approval: the latest approval stage (5) passed; its signatures: those on its current version.
  const documents = await tx.execute<
    Omit<IndexDocument, 'approvedOn'> & { approvedAt: string | null }
  >(sql`select d.artifact_id as "artifactId", d.name, d.status, v.version_no as "versionNo",
      (select c.code from countries c where c.id = coalesce(d.country_id, s.country_id)) as "countryCode",
      s.name as "siteName", d.document_date::text as "documentDate",
      (d.created_at at time zone 'UTC')::date::text as "filedOn",
      (select max(rs.closed_at) from route_stages rs join document_routes r on r.id = rs.route_id
        where r.document_id = d.id and rs.stage = ${Stage.Approval} and rs.state = ${StageState.Passed}) as "approvedAt",
      (select coalesce(json_agg(json_build_object('meaning', sg.meaning, 'signer', sg.printed_name,
          'signedAt', sg.signed_at) order by sg.signed_at, sg.id), '[]')
        from signatures sg where sg.version_id = d.current_version_id) as signatures
    from documents d ${documentJoins} left join document_versions v on v.id = d.current_version_id
    where ${documentsWhere(scope)} ${openable(scope, 'd')}
    order by d.artifact_id, d.document_date nulls last, d.name, d.id`);
  return {
    model: model.rows[0]!,
    artifacts: artifacts.rows.map((r) => ({
      id: r.id,
      number: r.number,
      nameEn: r.name_en,
      nameZh: r.name_zh,
      levels: r.levels,
      core: r.core,
      zone: { number: r.z_number, nameEn: r.z_en, nameZh: r.z_zh },
      section: { number: r.s_number, nameEn: r.s_en, nameZh: r.s_zh },
    })),
    items: items.rows,
    documents: documents.rows.map(({ approvedAt, signatures, ...d }) => ({
      ...d,
      approvedOn: approvedAt ? new Date(approvedAt).toISOString().slice(0, 10) : null,
      signatures: signatures.map((s) => ({ ...s, signedAt: utc(s.signedAt) })),
    })),
  };
}

/**
 * The totals of an index, counted as the dashboard counts them: expected is every item but the not applicable ones,
 * missing the items still expected (overdue among them), and the documents listed.
 */
export function indexTotals(data: IndexData): TmfIndexTotals {
  const by = (state: IndexItem['state']) => data.items.filter((i) => i.state === state).length;
  return {
    artifacts: data.artifacts.length,
    expected: data.items.length - by('not_applicable'),
    filed: by('filed'),
    missing: by('expected'),
    overdue: data.items.filter((i) => i.overdue).length,
    notApplicable: by('not_applicable'),
    documents: data.documents.length,
  };
}
