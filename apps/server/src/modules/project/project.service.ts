import { DocStatus, RoleCode, TrailType } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import { BUILTIN_ROLE_KEYS } from '@edoc/contract/permissions';
import type { ProjectBody, ProjectItem, ProjectSettingsBody } from '@edoc/contract/project';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { documents } from '../../db/schema/documents.ts';
import { members, projects, roles } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import { likePattern } from '../../lib/sql.ts';
import type { Deps } from '../../lib/deps.ts';
import { applyProjectTemplates, loadGroupTemplate } from '../template/template-apply.ts';
import { loadDirectoryTemplate } from '../template/template.service.ts';
import type { ActorContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

type ProjectRow = typeof projects.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${members} where ${members.projectId} = ${projects.id})`;

function toItem(p: ProjectRow, companyName: string, memberTotal: number): ProjectItem {
  return {
    studyId: p.id,
    code: p.code,
    name: p.name,
    phase: p.phase,
    description: p.description,
    companyId: p.companyId,
    companyName,
    idleMinutes: p.idleMinutes,
    pageSize: p.pageSize,
    reviewOpen: p.reviewOpen,
    qcOpen: p.qcOpen,
    approveOpen: p.approveOpen,
    libraryFolder: p.libraryFolder,
    allowedFileTypes: p.allowedFileTypes,
    versionConvention: p.versionConvention,
    endDate: p.endDate,
    timeZone: p.timeZone,
    expiryNoticeDays: p.expiryNoticeDays,
    closed: p.closed,
    memberCount: memberTotal,
  };
}

export async function listProjects(
  deps: Deps,
  companyId: number,
  q: { pageNum: number; pageSize: number; searchValue?: string },
): Promise<Page<ProjectItem>> {
  const search = q.searchValue ? likePattern(q.searchValue) : null;
  const where = and(
    eq(projects.companyId, companyId),
    search ? or(ilike(projects.name, search), ilike(projects.code, search)) : undefined,
  );
  const rows = await deps.db
    .select({ p: projects, companyName: companies.name, memberTotal: memberCount })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(where)
    .orderBy(desc(projects.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(projects).where(where);
  return { total, data: rows.map((r) => toItem(r.p, r.companyName, r.memberTotal)) };
}

/** A project of the given company, or 404: ids of another company's projects look like missing ones. */
export async function loadProject(tx: Tx, companyId: number, projectId: number): Promise<ProjectRow> {
  const [p] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  if (!p) fail('not_found');
  return p;
}

export async function getProject(deps: Deps, companyId: number, projectId: number): Promise<ProjectItem> {
  const [row] = await deps.db
    .select({ p: projects, companyName: companies.name, memberTotal: memberCount })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  if (!row) fail('not_found');
  return toItem(row.p, row.companyName, row.memberTotal);
}

async function assertCodeFree(tx: Tx, companyId: number, code: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.companyId, companyId),
        sql`lower(${projects.code}) = lower(${code})`,
        exceptId ? ne(projects.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('project_code_exists');
}

/** The settings a project administrator may also change (/manage/study), as stored. */
export const projectSettingsOf = (input: ProjectSettingsBody) => ({
  name: input.name,
  phase: input.phase ?? null,
  description: input.description ?? null,
  idleMinutes: input.idleMinutes,
  pageSize: input.pageSize,
  reviewOpen: input.reviewOpen,
  qcOpen: input.qcOpen,
  approveOpen: input.approveOpen,
  allowedFileTypes: [...new Set(input.allowedFileTypes)],
  versionConvention: input.versionConvention || 'V{major}.{minor}',
  // Left out, they keep what is stored (forms written before these settings existed do not send them).
  ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
  ...(input.expiryNoticeDays !== undefined && { expiryNoticeDays: input.expiryNoticeDays }),
});

/** All of a project's settings: the company administrator also sets the code, the library tree and the end. */
const settingsOf = (input: ProjectBody) => ({
  code: input.code,
  ...projectSettingsOf(input),
  libraryFolder: input.libraryFolder,
  endDate: input.endDate ?? null,
});

/** Creates the project with its built-in roles, and applies a directory template when one is chosen. */
export async function createProject(
  deps: Deps,
  ctx: ActorContext,
  { companyId, input }: { companyId: number; input: ProjectBody },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await assertCodeFree(tx, companyId, input.code);
    const template = input.directoryTemplateId
      ? await loadDirectoryTemplate(tx, companyId, input.directoryTemplateId)
      : null;
    const groupTemplate = input.groupTemplateId ? await loadGroupTemplate(tx, companyId, input.groupTemplateId) : null;
    const [project] = await tx
      .insert(projects)
      .values({ companyId, ...settingsOf(input) })
      .returning();
    for (const code of [RoleCode.ProjectAdmin, RoleCode.ProjectStaff]) {
      await tx.insert(roles).values({
        projectId: project.id,
        code,
        name: code === RoleCode.ProjectAdmin ? 'Project administrator' : 'Ordinary user',
        builtin: true,
        docKeys: [...BUILTIN_ROLE_KEYS[code].docKeys],
        libraryKeys: [...BUILTIN_ROLE_KEYS[code].libraryKeys],
      });
    }
    const applied = await applyProjectTemplates(tx, project.id, { directory: template, groupTemplate });
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId: project.id },
      {
        type: TrailType.SettingsChange,
        objectType: 'project',
        objectId: project.id,
        newValue: {
          ...settingsOf(input),
          template: template?.name ?? null,
          groupTemplate: groupTemplate?.name ?? null,
          foldersCreated: applied.folders,
          groupsCreated: applied.groups,
          grantsCreated: applied.grants,
        },
      },
    );
    return project.id;
  });
}

export async function updateProject(
  deps: Deps,
  ctx: ActorContext,
  { companyId, projectId, input }: { companyId: number; projectId: number; input: ProjectBody },
) {
  await deps.db.transaction(async (tx) => {
    const before = await loadProject(tx, companyId, projectId);
    await assertCodeFree(tx, companyId, input.code, projectId);
    const [after] = await tx
      .update(projects)
      .set({ ...settingsOf(input), updatedAt: new Date() })
      .where(eq(projects.id, projectId))
      .returning();
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId },
      {
        type: TrailType.SettingsChange,
        objectType: 'project',
        objectId: projectId,
        oldValue: before,
        newValue: after,
      },
    );
  });
}

/** Statuses of a document someone still has to act on: waiting to be received, in review, QC or approval, deletion. */
const IN_WORKFLOW = [
  DocStatus.WaitingReceive,
  DocStatus.InReview,
  DocStatus.InQc,
  DocStatus.InApproval,
  DocStatus.DeletionInApproval,
];

export async function setProjectClosed(
  deps: Deps,
  ctx: ActorContext,
  { companyId, projectId, closed }: { companyId: number; projectId: number; closed: boolean },
) {
  await deps.db.transaction(async (tx) => {
    const before = await loadProject(tx, companyId, projectId);
    if (before.closed === closed) fail('stale_state');
    if (closed) {
      // Issue 11: a TMF is closed only when nothing is in a workflow; the refusal lists what still is.
      const inFlight = await tx
        .select({ fileId: documents.id, fileName: documents.name, status: documents.status })
        .from(documents)
        .where(
          and(eq(documents.projectId, projectId), isNull(documents.deletedAt), inArray(documents.status, IN_WORKFLOW)),
        )
        .orderBy(asc(documents.id))
        .limit(200);
      if (inFlight.length > 0) fail('project_has_workflow', { count: inFlight.length }, inFlight);
    }
    await tx.update(projects).set({ closed, updatedAt: new Date() }).where(eq(projects.id, projectId));
    await recordTrail(
      tx,
      { ...ctx.actor, companyId, projectId },
      {
        type: TrailType.SettingsChange,
        objectType: 'project',
        objectId: projectId,
        oldValue: { closed: before.closed },
        newValue: { closed },
      },
    );
  });
}
