import type { TmfTarget } from '@edoc/contract/tmf-health';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folders, projects } from '../../db/schema/projects.ts';
import { viewableFolderIds } from '../../access/folder-rights.ts';
import { visibleSites } from '../../access/sites.ts';
import { fail } from '../../lib/app-error.ts';
import type { ProjectContext } from '../../plugins/context.ts';

/*
 * Who sees which TMF health figures, declared once (issue 27 part 6). Any member of the entered project reads the
 * dashboard (the projectMember gate admits them); what counts follows their rights: items and documents of the
 * artifacts mapped to folders they may view (a project administrator: every artifact), and for a member limited to
 * sites only the site-level items and the site documents of their sites. The company view counts everything.
 */

/** What a figure counts: the project, its model and target, and the caller's limits (null: none). */
export interface HealthScope {
  projectId: number;
  modelId: number;
  target: TmfTarget;
  /** The artifacts whose items and documents count; null: all of them. */
  artifactIds: number[] | null;
  /** The sites of a member limited to sites; null: no such limit. */
  siteIds: number[] | null;
  /**
   * The folders the caller may open (absent: all). Figures count by artifact, but a list never names a document
   * outside these: a member may see an artifact through one of its folders and not through another.
   */
  folderIds?: number[];
  /** The caller's narrowing to one country (its country items, its sites' items) or one site. */
  countryId?: number;
  siteId?: number;
}

/** The project's model and target; 409 tmf_model_none while it has no model. */
export async function projectHealth(tx: Tx, projectId: number) {
  const [row] = await tx
    .select({ modelId: projects.tmfModelId, days: projects.tmfTargetDays, unit: projects.tmfTargetUnit })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) fail('not_found');
  return row;
}

/** Everything of a project (the company view, and a project administrator's own figures). */
export async function wholeProjectScope(tx: Tx, projectId: number): Promise<HealthScope | null> {
  const p = await projectHealth(tx, projectId);
  if (p.modelId === null) return null;
  return { projectId, modelId: p.modelId, target: { days: p.days, unit: p.unit }, artifactIds: null, siteIds: null };
}

/** The caller's scope in the entered project, narrowed as the query asks. */
export async function healthScope(
  tx: Tx,
  ctx: ProjectContext,
  narrow: { countryId?: number; siteId?: number } = {},
): Promise<HealthScope> {
  const whole = await wholeProjectScope(tx, ctx.projectId);
  if (!whole) fail('tmf_model_none');
  const siteIds = await visibleSites(tx, ctx);
  const scope = { ...whole, siteIds, countryId: narrow.countryId, siteId: narrow.siteId };
  if (ctx.fullAccess) return scope;
  const viewable = await viewableFolderIds(tx, ctx);
  const mapped = viewable.length
    ? await tx
        .selectDistinct({ id: folders.artifactId })
        .from(folders)
        .where(and(inArray(folders.id, viewable), isNotNull(folders.artifactId)))
    : [];
  return { ...scope, artifactIds: mapped.map((r) => r.id!), folderIds: viewable };
}
