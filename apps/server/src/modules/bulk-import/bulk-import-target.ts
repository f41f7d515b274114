import type { BulkRow, BulkValueFrom } from '@edoc/contract/bulk-import';
import type { FolderRights } from '@edoc/contract/permissions';
import { eq } from 'drizzle-orm';
import { projectFolders, rightsOfUser } from '../../access/folder-rights.ts';
import type { Tx } from '../../db/client.ts';
import { countries, projects, sites } from '../../db/schema/projects.ts';
import { tmfArtifacts } from '../../db/schema/tmf-models.ts';
import type { BulkStoredProblem, BulkStoredTarget } from './bulk-import-view.ts';
import { SHEET_HEADERS, type SheetLine } from './bulk-import-sheet.ts';
import type { Suggestion } from './suggest.ts';

/*
 * Where a bulk row goes (docs/exchange.md part 3): the spreadsheet's values win, the suggestions fill the rest. A
 * spreadsheet value the project lacks is a problem naming its column (params.key) and leaves the value empty rather
 * than guessing; the problems the target decides (params.key 'target') are recomputed on every correction and at
 * acceptance, so this is the one place that says what blocks a bulk row.
 */

type Level = BulkRow['target']['level'];
export interface BulkContext {
  artifacts: Map<number, { id: number; number: string; nameZh: string; nameEn: string; levels: Level[] }>;
  folderOfArtifact: Map<number, number>;
  folders: Map<number, string>;
  countries: Array<{ id: number; code: string; name: string }>;
  sites: Array<{ id: number; code: string; name: string; shortName: string | null; countryId: number | null }>;
  /** The sites the importer sees (null: all). */
  visibleSites: number[] | null;
  rights: Map<number, FolderRights> | null;
}

/** The people whose rights count: the uploader at preview, the accepter from acceptance on. */
export interface BulkUser {
  userId: number;
  fullAccess: boolean;
  siteIds: number[] | null;
}

export async function bulkContext(tx: Tx, projectId: number, user: BulkUser): Promise<BulkContext> {
  const [project] = await tx.select({ modelId: projects.tmfModelId }).from(projects).where(eq(projects.id, projectId));
  const arts = project?.modelId
    ? await tx.select().from(tmfArtifacts).where(eq(tmfArtifacts.modelId, project.modelId))
    : [];
  const rows = await projectFolders(tx, projectId, 0);
  const folderOfArtifact = new Map<number, number>();
  // Tree order: the first folder mapped to an artifact is the one nearest the top (as the EMS import maps).
  for (const f of rows)
    if (f.artifactId && !folderOfArtifact.has(f.artifactId)) folderOfArtifact.set(f.artifactId, f.id);
  return {
    artifacts: new Map(
      arts.map((a) => [
        a.id,
        { id: a.id, number: a.number, nameZh: a.nameZh ?? '', nameEn: a.nameEn, levels: a.levels },
      ]),
    ),
    folderOfArtifact,
    folders: new Map(rows.map((f) => [f.id, f.name])),
    countries: await tx
      .select({ id: countries.id, code: countries.code, name: countries.name })
      .from(countries)
      .where(eq(countries.projectId, projectId)),
    sites: await tx
      .select({
        id: sites.id,
        code: sites.code,
        name: sites.name,
        shortName: sites.shortName,
        countryId: sites.countryId,
      })
      .from(sites)
      .where(eq(sites.projectId, projectId)),
    visibleSites: user.siteIds,
    rights: await rightsOfUser(tx, projectId, { userId: user.userId, rows, fullAccess: user.fullAccess }),
  };
}

const norm = (s: string) => s.trim().toLowerCase();
const LEVEL_WORDS: Record<string, Level> = {
  trial: 'trial',
  country: 'country',
  site: 'site',
  试验: 'trial',
  国家: 'country',
  中心: 'site',
};

const sheetProblem = (code: string, key: keyof typeof SHEET_HEADERS, value: string): BulkStoredProblem => ({
  code,
  params: { key, columnZh: SHEET_HEADERS[key][0], columnEn: SHEET_HEADERS[key][1], value: value.slice(0, 100) },
  blocking: code !== 'bad_date',
});

export const seesSite = (c: BulkContext, siteId: number) => !c.visibleSites || c.visibleSites.includes(siteId);

function findArtifact(c: BulkContext, text: string) {
  const t = norm(text);
  return [...c.artifacts.values()].find((a) => norm(a.number) === t || norm(a.nameEn) === t || norm(a.nameZh) === t);
}
const findSite = (c: BulkContext, text: string) =>
  c.sites.find(
    (s) => seesSite(c, s.id) && [s.code, s.name, s.shortName ?? ''].some((v) => v && norm(v) === norm(text)),
  );
const findCountry = (c: BulkContext, text: string) =>
  c.countries.find((x) => norm(x.code) === norm(text) || norm(x.name) === norm(text));

/** A date as the spreadsheet may hold it: YYYY-MM-DD, or with / or . between (Excel's dates arrive as ISO). */
function sheetDate(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A row's first target: the spreadsheet's line (if any), then the suggestions, then the file's name. */
export function firstTarget(
  c: BulkContext,
  line: SheetLine | null,
  s: Suggestion,
  fileName: string,
): { target: BulkStoredTarget; problems: BulkStoredProblem[] } {
  const problems: BulkStoredProblem[] = [];
  const from: BulkStoredTarget['from'] = {
    artifact: null,
    level: null,
    country: null,
    site: null,
    documentDate: null,
    name: null,
    version: null,
  };
  const pick = <T>(key: keyof typeof from, sheet: T | null | undefined, suggested: T | null | undefined): T | null => {
    if (sheet !== null && sheet !== undefined) return ((from[key] = 'sheet' as BulkValueFrom), sheet);
    if (suggested !== null && suggested !== undefined) return ((from[key] = 'suggestion'), suggested);
    return null;
  };
  const lookup = <T>(key: keyof typeof SHEET_HEADERS, find: (v: string) => T | undefined) => {
    const v = line?.[key];
    if (!v) return undefined;
    const found = find(v);
    if (found === undefined) problems.push(sheetProblem(`unknown_${key}`, key, v));
    return found ?? null;
  };
  const art = lookup('artifact', (v) => findArtifact(c, v));
  // A spreadsheet value that does not exist leaves the value empty: it does not fall back to a guess.
  const artifactId = art === null ? null : pick('artifact', art?.id, s.artifacts[0]?.value);
  const site = lookup('site', (v) => findSite(c, v));
  const suggestedSite = s.site && seesSite(c, s.site.value) ? s.site.value : null;
  let siteId = site === null ? null : pick('site', site?.id, suggestedSite);
  const country = lookup('country', (v) => findCountry(c, v));
  let countryId = country === null ? null : pick('country', country?.id, null);
  let level: Level | null = null;
  if (line?.level) {
    level = LEVEL_WORDS[norm(line.level)] ?? null;
    if (level) from.level = 'sheet';
    else problems.push(sheetProblem('bad_level', 'level', line.level));
  }
  if (!level) {
    const levels = artifactId ? (c.artifacts.get(artifactId)?.levels ?? []) : [];
    const allows = (l: Level) => levels.length === 0 || levels.includes(l);
    level =
      (siteId !== null || site === null) && allows('site')
        ? 'site'
        : (countryId !== null || country === null) && allows('country')
          ? 'country'
          : allows('trial')
            ? 'trial'
            : levels[0];
    if (artifactId) from.level = from.artifact;
  }
  if (level !== 'site' && from.site === 'suggestion') [siteId, from.site] = [null, null];
  if (siteId !== null && countryId === null) {
    countryId = c.sites.find((x) => x.id === siteId)?.countryId ?? null;
    if (countryId !== null) from.country = from.site;
  }
  let documentDate: string | null = null;
  if (line?.documentDate) {
    documentDate = sheetDate(line.documentDate);
    if (documentDate) from.documentDate = 'sheet';
    else problems.push(sheetProblem('bad_date', 'documentDate', line.documentDate));
  }
  if (!documentDate) documentDate = pick('documentDate', null, s.documentDate?.value);
  const base = fileName.replace(/\.[^.]+$/, '').slice(0, 255) || fileName;
  const name = pick('name', line?.name?.slice(0, 255), s.title?.value?.slice(0, 255)) ?? base;
  const version = pick('version', line?.version?.slice(0, 50), null);
  const target: BulkStoredTarget = {
    artifactId,
    folderId: artifactId ? (c.folderOfArtifact.get(artifactId) ?? null) : null,
    level,
    countryId: level === 'trial' ? null : countryId,
    siteId: level === 'site' ? siteId : null,
    documentDate,
    name,
    version,
    from,
  };
  return { target, problems: [...targetProblems(c, target, problems), ...problems] };
}

/** The problems the target decides, given the spreadsheet's problems still on the row (they are not said twice). */
export function targetProblems(c: BulkContext, t: BulkStoredTarget, kept: BulkStoredProblem[]): BulkStoredProblem[] {
  const has = (key: string) => kept.some((p) => p.params.key === key);
  const out: BulkStoredProblem[] = [];
  const add = (code: string, params: Record<string, string> = {}) =>
    out.push({ code, params: { key: 'target', ...params }, blocking: true });
  const header = (key: keyof typeof SHEET_HEADERS) => ({
    columnZh: SHEET_HEADERS[key][0],
    columnEn: SHEET_HEADERS[key][1],
  });
  if (t.artifactId === null) {
    if (!has('artifact')) add('no_artifact');
  } else if (t.folderId === null) add('no_folder', { value: c.artifacts.get(t.artifactId)?.number ?? '' });
  else {
    const r = c.rights?.get(t.folderId);
    if (!r?.isEnabled || !r.docKeys.includes('importDoc'))
      add('no_rights', { folder: c.folders.get(t.folderId) ?? String(t.folderId) });
  }
  if (t.level === 'site' && t.siteId === null && !has('site')) add('unknown_site', { ...header('site'), value: '—' });
  if (t.level === 'country' && t.countryId === null && !has('country'))
    add('unknown_country', { ...header('country'), value: '—' });
  return out;
}

/** Problems recomputed for the target as it stands now (after a correction, or for the accepter). */
export function recheck(c: BulkContext, t: BulkStoredTarget, problems: BulkStoredProblem[]): BulkStoredProblem[] {
  const kept = problems.filter((p) => p.params.key !== 'target');
  return [...targetProblems(c, t, kept), ...kept];
}

export const blocked = (problems: BulkStoredProblem[]) => problems.some((p) => p.blocking);
