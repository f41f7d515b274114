import { z } from 'zod';
import { idField } from './fields.ts';
import { TMF_LEVELS } from './tmf-model.ts';

/**
 * Issue 27 part 2: a project uses a TMF model. The project administrator chooses one (a published model of the
 * project's company, or one edoc ships); the project's document tree (its Work folders) then holds a folder per zone,
 * section and artifact, reusing folders that already stand for them (the ICH template's "8.2.1 …" folders), and each
 * artifact folder is mapped to its artifact (folders.artifact_id). A document filed in a mapped folder carries that
 * artifact; its level is its own (a site document is site level, any other trial level: docs/tmf-health.md).
 */

/** The chosen model as the setup page shows it. company: the company's own (false: shipped with edoc). */
export const tmfProjectModel = z.object({
  id: z.number(),
  name: z.string(),
  version: z.number(),
  source: z.string().nullable(),
  company: z.boolean(),
});
export type TmfProjectModel = z.infer<typeof tmfProjectModel>;

/** One artifact of the chosen model, flat, in the model's order; zone and section by their numbers. */
export const tmfProjectArtifact = z.object({
  id: z.number(),
  number: z.string(),
  nameEn: z.string(),
  nameZh: z.string().nullable(),
  zoneNumber: z.string(),
  sectionNumber: z.string(),
  levels: z.array(z.enum(TMF_LEVELS)),
});
export type TmfProjectArtifact = z.infer<typeof tmfProjectArtifact>;

/**
 * One folder of the project's document tree (Work type), parents before children, siblings in their order. path: the
 * names from the root down, joined by " / " (names in the caller's language, as the tree shows them). documentCount:
 * live documents directly in the folder (not in its subfolders).
 */
export const tmfProjectFolder = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  path: z.string(),
  artifactId: z.number().nullable(),
  documentCount: z.number(),
});
export type TmfProjectFolder = z.infer<typeof tmfProjectFolder>;

/** GET /manage/tmf/setup: the model (null while none is chosen; artifacts then empty) and the tree's mapping. */
export const tmfProjectSetup = z.object({
  model: tmfProjectModel.nullable(),
  artifacts: z.array(tmfProjectArtifact),
  folders: z.array(tmfProjectFolder),
});
export type TmfProjectSetup = z.infer<typeof tmfProjectSetup>;

/**
 * POST /manage/tmf/use: the model the project uses. Choosing the model it already uses again fills in what is
 * missing and creates nothing twice. A different model is refused (tmf_model_change_filed) once a document of the
 * project carries an artifact: its figures would change meaning.
 */
export const tmfUseBody = z.object({ modelId: idField });
export type TmfUseBody = z.infer<typeof tmfUseBody>;

/** created: folders added to the tree; mapped: artifact folders whose mapping was set (new or reused). */
export const tmfUseResult = z.object({ created: z.number(), mapped: z.number() });
export type TmfUseResult = z.infer<typeof tmfUseResult>;

/**
 * POST /manage/tmf/map/:id (a folder of the project's document tree): the artifact of the project's model it stands
 * for, or null to unmap it. Documents directly in the folder that had no artifact (or the folder's previous one) take
 * the new one.
 */
export const tmfMapBody = z.object({ artifactId: idField.nullable() });
export type TmfMapBody = z.infer<typeof tmfMapBody>;

/**
 * A document's date (issue 27: what dates it, e.g. the approval date; timeliness counts from it): yyyy-mm-dd, from
 * 1900 (calendarDate's rule) and not after today. "Today" is the latest calendar day anywhere (UTC+14), so a person
 * east of UTC entering their own today is never refused; the server holds the same rule.
 */
export const latestToday = (now = new Date()) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
export const isPastOrToday = (day: string, now = new Date()) => day <= latestToday(now);

/** The name of an artifact's, section's or zone's folder: "<number> <name>", as the ICH template names its folders. */
export const tmfFolderName = (row: { number: string; nameEn: string; nameZh: string | null }, lang: string) =>
  `${row.number} ${lang === 'en-US' ? row.nameEn : row.nameZh || row.nameEn}`;
