import type { ExpectedRule } from '@edoc/contract/expected';
import { TMF_LEVELS, type TmfModelBody } from '@edoc/contract/tmf-model';
import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tmfExpectedRules } from '../../db/schema/expected.ts';
import { milestoneTypes } from '../../db/schema/milestones.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import { fail } from '../../lib/app-error.ts';

/*
 * A company model's expected-document rules (issue 27 part 4): one per level the artifact applies at, naming a
 * milestone type by code (a shipped one or the company's). Kept in tmf_expected_rules, written with a draft's
 * content, answered with the detail, copied to a new version. Not part of the content's fingerprint (treeSha256):
 * the shipped model's start-up check compares content the rules are added to afterwards.
 */

const artifactsOf = (zones: TmfModelBody['zones']) => zones.flatMap((z) => z.sections.flatMap((s) => s.artifacts));

/** 400 naming rules: a level twice, a level the artifact does not apply at, a milestone code the company lacks. */
export async function checkRules(tx: Tx, companyId: number, zones: TmfModelBody['zones']): Promise<void> {
  const codes = new Set(
    (
      await tx
        .select({ code: milestoneTypes.code })
        .from(milestoneTypes)
        .where(or(isNull(milestoneTypes.companyId), eq(milestoneTypes.companyId, companyId)))
    ).map((t) => t.code),
  );
  for (const a of artifactsOf(zones)) {
    const rules = a.rules ?? [];
    const levels = rules.map((r) => r.level);
    if (
      new Set(levels).size !== levels.length ||
      levels.some((l) => !a.levels.includes(l)) ||
      rules.some((r) => r.milestoneCode !== null && !codes.has(r.milestoneCode))
    )
      fail('expected_rules_invalid', { field: 'rules' });
  }
}

/** Writes the rules of a model's content just written (artifacts found by number). */
export async function writeRules(tx: Tx, modelId: number, zones: TmfModelBody['zones']): Promise<void> {
  const ruled = artifactsOf(zones).filter((a) => a.rules?.length);
  if (!ruled.length) return;
  const ids = new Map(
    (
      await tx
        .select({ id: tmfArtifacts.id, number: tmfArtifacts.number })
        .from(tmfArtifacts)
        .where(eq(tmfArtifacts.modelId, modelId))
    ).map((a) => [a.number, a.id]),
  );
  await tx
    .insert(tmfExpectedRules)
    .values(ruled.flatMap((a) => a.rules!.map((r) => ({ modelId, artifactId: ids.get(a.number)!, ...r }))));
}

/** A model's rules by artifact id, each artifact's in level order (trial, country, site) whatever order they were
 * written in, so two models with the same rules answer the same. */
export async function readRules(tx: Tx, modelId: number): Promise<Map<number, ExpectedRule[]>> {
  const rows = await tx.select().from(tmfExpectedRules).where(eq(tmfExpectedRules.modelId, modelId));
  const out = new Map<number, ExpectedRule[]>();
  for (const r of rows) {
    const list = out.get(r.artifactId) ?? [];
    list.push({ level: r.level, milestoneCode: r.milestoneCode, offsetDays: r.offsetDays, recurrence: r.recurrence });
    out.set(r.artifactId, list);
  }
  for (const list of out.values()) list.sort((a, b) => TMF_LEVELS.indexOf(a.level) - TMF_LEVELS.indexOf(b.level));
  return out;
}

/** A new version takes its origin's rules (artifacts matched by number). */
export async function copyRules(tx: Tx, fromModelId: number, toModelId: number): Promise<void> {
  await tx.execute(sql`
    insert into tmf_expected_rules (model_id, artifact_id, level, milestone_code, offset_days, recurrence)
    select ${toModelId}, b.id, r.level, r.milestone_code, r.offset_days, r.recurrence
    from tmf_expected_rules r
    join tmf_artifacts a on a.id = r.artifact_id
    join tmf_artifacts b on b.model_id = ${toModelId} and b.number = a.number
    where r.model_id = ${fromModelId}`);
}
