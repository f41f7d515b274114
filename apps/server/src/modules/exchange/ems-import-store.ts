import { and, eq } from 'drizzle-orm';
import iso from 'iso-3166-1';
import type { Tx } from '../../db/client.ts';
import type { exchangeImports } from '../../db/schema/exchange.ts';
import { countries, sites } from '../../db/schema/projects.ts';
import type { StoredBlob } from '../../storage/blob-store.ts';
import { alpha2Of } from './ems-countries.ts';
import type { StoredTarget } from './ems-import-map.ts';
import { sha256Of, type JobDeps } from './ems-import-package.ts';
import { packageFailed, type OpenedPackage } from './ems-package.ts';
import type { ParsedAudit, ParsedSignature } from './ems-parse.ts';

/* The parts of filing one row that come before its transaction (its files copied into the blob store) or that it
 * calls (its country and site, made on request), and the shape of a row's stored source (ems-import-preview.ts). */

type ImportRecord = typeof exchangeImports.$inferSelect;
export interface SourceVersion {
  uniqueId: string;
  version: string;
  files: Array<{ fileName: string; contentUrl: string; integrity: string }>;
  sigs: ParsedSignature[];
  audits: ParsedAudit[];
}
export interface Source {
  level: string;
  countryId: string | null;
  siteId: string | null;
  siteSystemId: string | null;
  siteName: string | null;
  versions: SourceVersion[];
}

export class RowRefused extends Error {}

/** A row's refusals as it keeps them: its document gone, no folder to file it in, no importDoc on that folder. */
export const REFUSED = {
  notFound: JSON.stringify({ code: 'not_found' }),
  noFolder: JSON.stringify({ code: 'exchange_problem_no_folder', params: { number: '' } }),
  forbidden: JSON.stringify({ code: 'forbidden' }),
};

/** A row's failure as the row keeps it: a refusal's own error, anything else as the package failing there. */
export const rowError = (err: unknown) =>
  err instanceof RowRefused ? err.message : JSON.stringify(packageFailed(err));

export const instant = (text: string | null) => {
  const d = text ? new Date(text) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** Copies each version's file from the package into the blob store, its hash checked again on the way. */
export async function storeFiles(deps: JobDeps, pkg: OpenedPackage, src: Source): Promise<Map<string, StoredBlob>> {
  const out = new Map<string, StoredBlob>();
  for (const v of src.versions) {
    const file = v.files[0];
    if (!file) continue;
    const entry = pkg.entries.get(file.contentUrl);
    if (!entry)
      throw new RowRefused(
        JSON.stringify({ code: 'exchange_problem_missing_file', params: { path: file.contentUrl } }),
      );
    const blob = await entry.store(deps.blobs);
    const expected = sha256Of(file.integrity);
    if (expected !== null && expected !== blob.sha256)
      throw new RowRefused(
        JSON.stringify({ code: 'exchange_problem_checksum_mismatch', params: { path: file.contentUrl } }),
      );
    out.set(v.uniqueId, blob);
  }
  return out;
}

/** The target's country and site, made when the import's options say so and the project lacks them. */
export async function placeOf(tx: Tx, imp: ImportRecord, src: Source, t: StoredTarget) {
  const options = imp.options as { createCountries?: boolean; createSites?: boolean };
  let countryId = t.countryId;
  let siteId = t.siteId;
  if (t.level !== 'trial' && countryId === null && options.createCountries) {
    const alpha2 = alpha2Of(src.countryId ?? '');
    if (alpha2) {
      const [found] = await tx
        .select()
        .from(countries)
        .where(and(eq(countries.projectId, imp.projectId), eq(countries.code, alpha2)));
      countryId =
        found?.id ??
        (
          await tx
            .insert(countries)
            .values({ projectId: imp.projectId, code: alpha2, name: iso.whereAlpha2(alpha2)?.country ?? alpha2 })
            .returning()
        )[0].id;
    }
  }
  if (t.level === 'site' && siteId === null && options.createSites) {
    const code = src.siteId ?? src.siteSystemId ?? '';
    const [found] = await tx
      .select()
      .from(sites)
      .where(and(eq(sites.projectId, imp.projectId), eq(sites.code, code)));
    siteId =
      found?.id ??
      (
        await tx
          .insert(sites)
          .values({ projectId: imp.projectId, code, name: src.siteName ?? code, countryId })
          .returning()
      )[0].id;
  }
  return { countryId: t.level === 'trial' ? null : countryId, siteId: t.level === 'site' ? siteId : null };
}
