import type { TmfLevel, TmfModelBody } from '@edoc/contract/tmf-model';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tmfModels } from '../../db/schema/tmf-models.ts';
import { ICH_E6_FOLDERS } from '../template/ich-e6.ts';
import { canonicalTree, readTree, writeTree } from './tmf-model-tree.ts';

/**
 * The model edoc ships (issue 27): ICH E6(R2) §8, the same clauses as the shipped ICH directory template
 * (template/ich-e6.ts), one zone "8", sections 8.2 / 8.3 / 8.4 and each clause an artifact. Every row traces to the
 * guideline: its "located in files of" columns give the levels (the sponsor's files: trial; the investigator's /
 * institution's: site; both where it says both, "where required" counting as filed there); it has no country level;
 * it calls every document essential (core) and names no review, QC or approval. No TMF Reference Model list ships:
 * its numbers cannot be checked here against the published file, and companies import that file instead.
 */
export const ICH_TMF_MODEL_NAME = 'ICH E6(R2) essential documents';

const ICH_SOURCE =
  'ICH E6(R2) Good Clinical Practice, section 8: Essential documents for the conduct of a clinical trial';

/** Clauses the guideline files at the sponsor only. */
const SPONSOR_ONLY = new Set(['8.2.13', '8.2.16', '8.2.18', '8.2.19', '8.3.9', '8.3.10', '8.4.4', '8.4.5', '8.4.6']);
/** Clauses it files at the investigator / institution only. */
const INVESTIGATOR_ONLY = new Set(['8.3.12', '8.3.13', '8.3.21', '8.3.22', '8.4.3', '8.4.7']);

const levelsOf = (clause: string): TmfLevel[] =>
  SPONSOR_ONLY.has(clause) ? ['trial'] : INVESTIGATOR_ONLY.has(clause) ? ['site'] : ['trial', 'site'];

export const ICH_TMF_MODEL: TmfModelBody = {
  name: ICH_TMF_MODEL_NAME,
  source: ICH_SOURCE,
  zones: [
    {
      number: '8',
      nameEn: 'Essential documents',
      nameZh: '必备文件',
      sections: ICH_E6_FOLDERS.map((section) => ({
        number: section.ichCode!,
        nameEn: section.nameEn!,
        nameZh: section.name,
        artifacts: (section.children ?? []).map((clause) => ({
          number: clause.ichCode!,
          nameEn: clause.nameEn!,
          nameZh: clause.name,
          subArtifacts: [],
          levels: levelsOf(clause.ichCode!),
          core: true,
          ichRef: clause.ichCode!,
          review: false,
          qc: false,
          approval: false,
        })),
      })),
    },
  ],
};

/**
 * Run at every start, as the shipped templates are: the shipped model exists, published, with the code's content. A
 * published version never changes, so when the code's content differs from the latest shipped version (a corrected
 * name), it ships as the next version beside it; the projects on the older one keep it.
 */
export async function ensureShippedTmfModels(db: Db): Promise<void> {
  const model = ICH_TMF_MODEL;
  await db.transaction(async (tx) => {
    const [latest] = await tx
      .select()
      .from(tmfModels)
      .where(and(isNull(tmfModels.companyId), eq(tmfModels.name, model.name)))
      .orderBy(desc(tmfModels.version))
      .limit(1);
    if (latest) {
      const same =
        latest.source === (model.source ?? null) &&
        JSON.stringify(canonicalTree(await readTree(tx, latest.id))) === JSON.stringify(canonicalTree(model.zones));
      if (same) return ensureShippedRules(tx, model.name);
    }
    const [row] = await tx
      .insert(tmfModels)
      .values({
        companyId: null,
        name: model.name,
        version: (latest?.version ?? 0) + 1,
        source: model.source,
        basedOnId: latest?.id ?? null,
      })
      .returning();
    // Written as a draft, then published: the triggers take no rows into a published model.
    await writeTree(tx, row.id, model.zones);
    await tx.update(tmfModels).set({ state: 'published' }).where(eq(tmfModels.id, row.id));
    await ensureShippedRules(tx, model.name);
  });
}

/**
 * The shipped model's expected-document rules (issue 27 part 4), by section, as ICH E6(R2) 8.1 groups the essential
 * documents by the stage of the trial in which they are normally generated: 8.2 "before the clinical phase of the
 * trial commences" is due by the site's activation (site level) or the first subject in (trial level); 8.3 "during
 * the clinical conduct of the trial" hangs on no milestone; 8.4 "after completion or termination of the trial" is
 * due by the site's close or the trial's. Offset 0, once. Added to every shipped version that lacks them (migration
 * 0033's trigger lets edoc insert them into a published shipped model, nothing more), so it is idempotent.
 */
const SHIPPED_RULES: Array<{ section: string; level: 'trial' | 'site'; milestone: string }> = [
  { section: '8.2', level: 'site', milestone: 'site_activated' },
  { section: '8.2', level: 'trial', milestone: 'first_subject_in' },
  { section: '8.4', level: 'site', milestone: 'site_closed' },
  { section: '8.4', level: 'trial', milestone: 'trial_closed' },
];

async function ensureShippedRules(tx: Tx, name: string): Promise<void> {
  for (const rule of SHIPPED_RULES)
    await tx.execute(sql`
      insert into tmf_expected_rules (model_id, artifact_id, level, milestone_code, offset_days, recurrence)
      select m.id, a.id, ${rule.level}, ${rule.milestone}, 0, 'once'
      from tmf_models m join tmf_artifacts a on a.model_id = m.id
      where m.company_id is null and m.name = ${name} and a.number like ${`${rule.section}.%`}
        and ${rule.level} = any(a.levels)
        and not exists (select 1 from tmf_expected_rules r where r.artifact_id = a.id and r.level = ${rule.level})`);
}
