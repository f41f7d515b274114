import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { contentPages } from '../../db/schema/search.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';

/** One artifact of the project's TMF model, what the engine scores a file against. */
export interface SuggestArtifact {
  artifactId: number;
  number: string;
  nameZh: string;
  nameEn: string;
  subArtifacts: string[];
  levels: ('trial' | 'country' | 'site')[];
}

/**
 * A site of the project. The schema keeps no investigator names (sites hold name, short name and code; members are
 * users with roles, not named investigators), so `investigators` is filled by callers that know them (the labelled
 * set) and is empty from the database.
 */
export interface SuggestSite {
  siteId: number;
  code: string;
  name: string;
  countryCode: string | null;
  investigators: string[];
  shortName?: string | null;
}

export interface SuggestCorpus {
  /** The project's protocol number(s): its code (the schema has no separate protocol number). */
  protocolNumbers: string[];
  artifacts: SuggestArtifact[];
  sites: SuggestSite[];
  /**
   * Learned from documents already filed in this company, per artifactId: their names and some of their extracted
   * text joined, capped (LEARNED_CHARS per artifact) so loading and indexing stay fast for a large company.
   */
  learned: Record<number, string>;
}

/** Per artifact: at most this many characters of filed documents' names and text, and this many documents read. */
export const LEARNED_CHARS = 20_000;
const LEARNED_DOCS = 40;
/** Per filed document: the first this many characters of its text (the head says what kind of document it is). */
const TEXT_PER_DOC = 1_500;

/**
 * What suggest() needs for one project, read once per bulk import. The company's history counts by artifact number
 * (the same model artifact across the company's projects that follow that model), newest documents first.
 */
export async function loadSuggestCorpus(db: Db, projectId: number): Promise<SuggestCorpus> {
  const [project] = await db
    .select({ code: projects.code, companyId: projects.companyId, modelId: projects.tmfModelId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return { protocolNumbers: [], artifacts: [], sites: [], learned: {} };
  const siteRows = await db
    .select({ id: sites.id, code: sites.code, name: sites.name, shortName: sites.shortName, country: countries.code })
    .from(sites)
    .leftJoin(countries, eq(countries.id, sites.countryId))
    .where(eq(sites.projectId, projectId));
  const artifactRows =
    project.modelId === null
      ? []
      : await db
          .select()
          .from(tmfArtifacts)
          .where(eq(tmfArtifacts.modelId, project.modelId))
          .orderBy(tmfArtifacts.position);
  const artifacts: SuggestArtifact[] = artifactRows.map((a) => ({
    artifactId: a.id,
    number: a.number,
    nameZh: a.nameZh ?? '',
    nameEn: a.nameEn,
    subArtifacts: a.subArtifacts,
    levels: a.levels,
  }));
  const learned: Record<number, string> = {};
  if (project.modelId !== null && artifacts.length > 0) {
    const byNumber = new Map(artifacts.map((a) => [a.number, a.artifactId]));
    // Filed documents of the company under an artifact of the same model, newest first, LEARNED_DOCS per artifact.
    const rows = await db.execute<{ number: string; name: string; sha256: string | null }>(sql`
      select t.number, t.name, t.sha256 from (
        select a.number, d.name, v.sha256,
               row_number() over (partition by a.number order by d.id desc) as n
        from ${documents} d
        join ${projects} p on p.id = d.project_id
        join ${tmfArtifacts} a on a.id = d.artifact_id
        left join ${documentVersions} v on v.id = d.current_version_id
        where p.company_id = ${project.companyId} and a.model_id = ${project.modelId} and d.deleted_at is null
      ) t where t.n <= ${LEARNED_DOCS}`);
    const shas = [...new Set(rows.rows.map((r) => r.sha256).filter((s): s is string => !!s))];
    const texts = new Map<string, string>();
    if (shas.length > 0) {
      const pages = await db
        .select({ sha256: contentPages.sha256, body: sql<string>`left(${contentPages.body}, ${TEXT_PER_DOC})` })
        .from(contentPages)
        // inArray: a JS array in sql`any(${…})` is spread as a parenthesised list, which any() refuses.
        .where(and(eq(contentPages.page, 1), inArray(contentPages.sha256, shas)));
      for (const p of pages) texts.set(p.sha256, p.body);
    }
    for (const r of rows.rows) {
      const id = byNumber.get(r.number);
      if (id === undefined) continue;
      const prev = learned[id] ?? '';
      if (prev.length >= LEARNED_CHARS) continue;
      const add = `${r.name}\n${(r.sha256 && texts.get(r.sha256)) || ''}\n`;
      learned[id] = (prev + add).slice(0, LEARNED_CHARS);
    }
  }
  return {
    protocolNumbers: [project.code],
    artifacts,
    sites: siteRows.map((s) => ({
      siteId: s.id,
      code: s.code,
      name: s.name,
      shortName: s.shortName,
      countryCode: s.country ?? null,
      investigators: [],
    })),
    learned,
  };
}
