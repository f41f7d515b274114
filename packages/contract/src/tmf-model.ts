import { z } from 'zod';
import { companyScopeQuery } from './company.ts';
import { expectedRule } from './expected.ts';
import { optionalText, requiredText } from './fields.ts';

/**
 * Issue 27: a TMF model, in the shape of the TMF Reference Model: zones → sections → artifacts. A company keeps its
 * models, versioned: a draft is edited (in the browser or by a spreadsheet import), a published version is frozen and
 * is what projects use; changing a published model means a new draft version of it.
 */

/** Where an artifact's documents are kept: once for the trial, per country, per site. */
export const TMF_LEVELS = ['trial', 'country', 'site'] as const;
export type TmfLevel = (typeof TMF_LEVELS)[number];

export const TMF_MODEL_STATES = ['draft', 'published'] as const;
export type TmfModelState = (typeof TMF_MODEL_STATES)[number];

/**
 * A zone's, section's or artifact's number: the Reference Model writes "01", "01.01", "01.01.01"; the ICH E6 model
 * edoc ships numbers by the guideline's clauses ("8", "8.2", "8.2.1"). A section's number starts with its zone's and
 * a dot, an artifact's with its section's.
 */
export const TMF_NUMBER = /^\d{1,2}(\.\d{1,2}){0,2}$/;

export const TMF_MODEL_ARTIFACTS_MAX = 2000;
export const TMF_SUB_ARTIFACTS_MAX = 50;
const NUMBER_MAX = 16;
const TEXT_MAX = 256;

const number = requiredText(NUMBER_MAX).regex(TMF_NUMBER, 'invalid_value');

/** One artifact: the kind of document a TMF holds (e.g. 05.02.01), with how it is kept and what dates it. */
export const tmfArtifactInput = z.object({
  number,
  nameEn: requiredText(TEXT_MAX),
  nameZh: optionalText(TEXT_MAX),
  /** Named kinds inside the artifact (e.g. "Signed IB Annex"). */
  subArtifacts: z.array(requiredText(TEXT_MAX)).max(TMF_SUB_ARTIFACTS_MAX, 'invalid_value').default([]),
  /** At least one level. */
  levels: z.array(z.enum(TMF_LEVELS, 'invalid_value')).min(1, 'required').max(3, 'invalid_value'),
  /** Core (expected in every trial) or recommended. */
  core: z.boolean().default(false),
  /** The ICH E6 clause it answers (e.g. "8.2.7"). */
  ichRef: optionalText(64),
  /** What dates a document of this artifact (e.g. "Approval date", "Signature date"). */
  dateLabel: optionalText(TEXT_MAX),
  /** Which workflow stages a document of the artifact goes through before it is final. */
  review: z.boolean().default(false),
  qc: z.boolean().default(false),
  approval: z.boolean().default(false),
  /**
   * When a document is due at each level (issue 27 part 4): at most one rule per level, only the artifact's levels,
   * a milestone code the company knows (the server checks those, 400 naming rules). A level without one expects a
   * document once, with no due date. Absent on update: none (the body is the whole model). The detail answers them.
   */
  rules: z.array(expectedRule).max(3, 'invalid_value').optional(),
});
export type TmfArtifactInput = z.infer<typeof tmfArtifactInput>;

export const tmfSectionInput = z.object({
  number,
  nameEn: requiredText(TEXT_MAX),
  nameZh: optionalText(TEXT_MAX),
  artifacts: z.array(tmfArtifactInput).max(TMF_MODEL_ARTIFACTS_MAX, 'invalid_value'),
});
export type TmfSectionInput = z.infer<typeof tmfSectionInput>;

export const tmfZoneInput = z.object({
  number,
  nameEn: requiredText(TEXT_MAX),
  nameZh: optionalText(TEXT_MAX),
  sections: z.array(tmfSectionInput).max(500, 'invalid_value'),
});
export type TmfZoneInput = z.infer<typeof tmfZoneInput>;

/**
 * POST /tmf-model/create and /tmf-model/update/:id (a draft only): the whole model. The server checks what a schema
 * cannot: numbers unique in the model, each section's number under its zone's, each artifact's under its section's,
 * and at most TMF_MODEL_ARTIFACTS_MAX artifacts in all.
 */
export const tmfModelBody = z.object({
  name: requiredText(128),
  /** Where the rows come from (e.g. "TMF Reference Model v3.3.1, imported 2026-11-28"): shown beside the name. */
  source: optionalText(TEXT_MAX),
  zones: z.array(tmfZoneInput).max(100, 'invalid_value'),
});
export type TmfModelBody = z.infer<typeof tmfModelBody>;

export const tmfModelItem = z.object({
  id: z.number(),
  name: z.string(),
  /** 1 for a model's first version; a new version of it counts on. */
  version: z.number(),
  state: z.enum(TMF_MODEL_STATES),
  source: z.string().nullable(),
  /** Shipped with edoc (company null): every company reads and uses it, none changes it. */
  shipped: z.boolean(),
  zoneCount: z.number(),
  sectionCount: z.number(),
  artifactCount: z.number(),
  /** Projects that use this version: a model in use is never deleted. */
  projectCount: z.number(),
  updatedAt: z.string(),
});
export type TmfModelItem = z.infer<typeof tmfModelItem>;
export const tmfModelList = z.array(tmfModelItem);

export const tmfArtifactView = tmfArtifactInput.extend({
  id: z.number(),
  nameZh: z.string().nullable(),
  ichRef: z.string().nullable(),
  dateLabel: z.string().nullable(),
});
export type TmfArtifactView = z.infer<typeof tmfArtifactView>;
export const tmfSectionView = z.object({
  number: z.string(),
  nameEn: z.string(),
  nameZh: z.string().nullable(),
  artifacts: z.array(tmfArtifactView),
});
export const tmfZoneView = z.object({
  number: z.string(),
  nameEn: z.string(),
  nameZh: z.string().nullable(),
  sections: z.array(tmfSectionView),
});
export type TmfZoneView = z.infer<typeof tmfZoneView>;

export const tmfModelDetail = tmfModelItem.extend({ zones: z.array(tmfZoneView) });
export type TmfModelDetail = z.infer<typeof tmfModelDetail>;

export const tmfModelIdData = z.object({ id: z.number() });
export type TmfModelIdData = z.infer<typeof tmfModelIdData>;

/** The company whose models: the one shared company scope (a system administrator names it; a company's own staff
 * are held to theirs). */
export const tmfModelScopeQuery = companyScopeQuery;

/**
 * POST /tmf-model/import: a workbook in the published Reference Model's layout, as a new draft of this name; source
 * says where the rows come from (e.g. "TMF Reference Model v3.3.1"), stored as the model's source.
 */
export const tmfModelImportQuery = tmfModelScopeQuery.extend({
  name: requiredText(128),
  source: optionalText(TEXT_MAX),
});

/** A model's label as people read it in lists and pickers: "TMF RM 3.3 v2". */
export const tmfModelLabel = (model: { name: string; version: number }) => `${model.name} v${model.version}`;

/** The name an artifact shows in a language, English where it has no Chinese one. */
export const tmfName = (row: { nameEn: string; nameZh: string | null | undefined }, lang: string) =>
  lang === 'en-US' ? row.nameEn : row.nameZh || row.nameEn;

/** Whether `number` is `parent`, a dot and one more part: "01.02" is under "01"; "01.02.03" and "010.2" are not. */
export const isTmfChildNumber = (number: string, parent: string) =>
  number.startsWith(`${parent}.`) && !number.slice(parent.length + 1).includes('.');

/**
 * One thing wrong with a model that its schema cannot see, where it is (`zones.0.sections.1.artifacts.2.number`, the
 * path form a custom report's refusals use), the field it names, and the error code with its parameters.
 */
export interface TmfModelProblem {
  path: string;
  field: 'number' | 'zones';
  code: 'tmf_number_taken' | 'tmf_number_not_under' | 'tmf_too_many_artifacts' | 'invalid_value';
  params: Record<string, string | number>;
}

/**
 * What the server checks beyond the schema (the web may check the same before it sends): every number once in the
 * model, a zone's number of one part, each section's number its zone's and one more part, each artifact's its
 * section's and one more part, and at most TMF_MODEL_ARTIFACTS_MAX artifacts.
 */
export function tmfModelProblems(body: Pick<TmfModelBody, 'zones'>): TmfModelProblem[] {
  const out: TmfModelProblem[] = [];
  const seen = new Set<string>();
  let artifacts = 0;
  const check = (path: string, number: string, parent?: string) => {
    const at = `${path}.number`;
    if (seen.has(number)) out.push({ path: at, field: 'number', code: 'tmf_number_taken', params: { number } });
    seen.add(number);
    if (parent === undefined) {
      if (number.includes('.')) out.push({ path: at, field: 'number', code: 'invalid_value', params: { number } });
    } else if (!isTmfChildNumber(number, parent))
      out.push({ path: at, field: 'number', code: 'tmf_number_not_under', params: { number, parent } });
  };
  body.zones.forEach((zone, i) => {
    check(`zones.${i}`, zone.number);
    zone.sections.forEach((section, j) => {
      check(`zones.${i}.sections.${j}`, section.number, zone.number);
      section.artifacts.forEach((artifact, k) => {
        artifacts++;
        check(`zones.${i}.sections.${j}.artifacts.${k}`, artifact.number, section.number);
      });
    });
  });
  if (artifacts > TMF_MODEL_ARTIFACTS_MAX)
    out.unshift({
      path: 'zones',
      field: 'zones',
      code: 'tmf_too_many_artifacts',
      params: { max: TMF_MODEL_ARTIFACTS_MAX },
    });
  return out;
}
