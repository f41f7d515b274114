import {
  reportDefinition,
  type CustomReportBody,
  type CustomReportItem,
  type CustomReportResult,
  type ReportDefinition,
  type ReportRecipient,
} from '@edoc/contract/custom-report';
import { TrailType } from '@edoc/contract/enums';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { members } from '../../db/schema/projects.ts';
import { customReports } from '../../db/schema/reports.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { runDefinition } from './custom-report-query.ts';
import { viewerOf } from './custom-report-rights.ts';
import {
  assertDefinition,
  canDelete,
  canEdit,
  loadDeletableReport,
  loadOwnReport,
  loadVisibleReport,
  type CustomReportRow,
} from './custom-report.policy.ts';

/** What the trail keeps of a report: enough to tell what it read and who saw and received it. */
const snapshot = (r: Pick<CustomReportRow, 'name' | 'shared' | 'mailTo' | 'definition'>) => ({
  name: r.name,
  shared: r.shared,
  mailTo: r.mailTo,
  definition: r.definition,
});

const toItem = (ctx: ProjectContext, r: CustomReportRow, ownerName: string): CustomReportItem => ({
  id: r.id,
  name: r.name,
  shared: r.shared,
  mailTo: r.mailTo,
  definition: reportDefinition.parse(r.definition),
  ownerId: r.ownerId,
  ownerName,
  mine: canEdit(ctx, r),
  canDelete: canDelete(ctx, r),
  lastMailedAt: r.lastMailedAt?.toISOString() ?? null,
  updatedAt: r.updatedAt.toISOString(),
});

/** GET /report/custom/list: mine and those shared with the project, by name (tens per project: no paging). */
export async function listReports(deps: Deps, ctx: ProjectContext): Promise<CustomReportItem[]> {
  const rows = await deps.db
    .select({ r: customReports, ownerName: users.name })
    .from(customReports)
    .innerJoin(users, eq(users.id, customReports.ownerId))
    .where(
      and(
        eq(customReports.projectId, ctx.projectId),
        or(eq(customReports.ownerId, ctx.auth.user.id), eq(customReports.shared, true)),
      ),
    )
    .orderBy(asc(sql`lower(${customReports.name})`), asc(customReports.id));
  return rows.map(({ r, ownerName }) => toItem(ctx, r, ownerName));
}

export async function getReport(deps: Deps, ctx: ProjectContext, id: number): Promise<CustomReportItem> {
  const row = await loadVisibleReport(deps.db, ctx, id);
  const [owner] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, row.ownerId));
  return toItem(ctx, row, owner?.name ?? '');
}

/** Members of the project a report may be mailed to (enabled accounts). */
export async function listRecipients(deps: Deps, ctx: ProjectContext): Promise<ReportRecipient[]> {
  return deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.projectId, ctx.projectId), eq(users.enabled, true)))
    .orderBy(asc(users.name), asc(users.id));
}

async function assertRecipients(tx: Tx, projectId: number, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: members.userId })
    .from(members)
    .where(and(eq(members.projectId, projectId), inArray(members.userId, ids)));
  if (found.length !== new Set(ids).size) fail('not_project_member', { field: 'mailTo' });
}

/**
 * Checks a body before it is written: the definition within the whitelist, recipients who are members, and a name
 * the owner has not used in the project. A transaction-scoped lock per owner and project makes two saves of one
 * name at once run one after the other (the table has no unique index to lean on).
 */
async function checkBody(tx: Tx, ctx: ProjectContext, body: CustomReportBody, exceptId?: number) {
  assertDefinition(body.definition, ctx.lang);
  await assertRecipients(tx, ctx.projectId, body.mailTo);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`custom_report:${ctx.projectId}:${ctx.auth.user.id}`}))`,
  );
  const [clash] = await tx
    .select({ id: customReports.id })
    .from(customReports)
    .where(
      and(
        eq(customReports.projectId, ctx.projectId),
        eq(customReports.ownerId, ctx.auth.user.id),
        sql`lower(${customReports.name}) = lower(${body.name})`,
        exceptId ? ne(customReports.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('custom_report_name_exists');
}

const unique = (ids: number[]) => [...new Set(ids)];

export async function createReport(deps: Deps, ctx: ProjectContext, body: CustomReportBody): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await checkBody(tx, ctx, body);
    const [row] = await tx
      .insert(customReports)
      .values({
        projectId: ctx.projectId,
        ownerId: ctx.auth.user.id,
        name: body.name,
        shared: body.shared,
        mailTo: unique(body.mailTo),
        definition: body.definition,
      })
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Create,
      objectType: 'custom_report',
      objectId: row!.id,
      newValue: snapshot(row!),
    });
    return row!.id;
  });
}

export async function updateReport(
  deps: Deps,
  ctx: ProjectContext,
  { id, body }: { id: number; body: CustomReportBody },
) {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnReport(tx, ctx, id);
    await checkBody(tx, ctx, body, id);
    const [after] = await tx
      .update(customReports)
      .set({
        name: body.name,
        shared: body.shared,
        mailTo: unique(body.mailTo),
        definition: body.definition,
        updatedAt: new Date(),
      })
      .where(eq(customReports.id, id))
      .returning();
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Update,
      objectType: 'custom_report',
      objectId: id,
      oldValue: snapshot(before),
      newValue: snapshot(after!),
    });
  });
}

export async function deleteReport(deps: Deps, ctx: ProjectContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const before = await loadDeletableReport(tx, ctx, id);
    await tx.delete(customReports).where(eq(customReports.id, id));
    await recordTrail(tx, ctx.actor, {
      type: TrailType.Delete,
      objectType: 'custom_report',
      objectId: id,
      oldValue: snapshot(before),
    });
  });
}

/** A definition run with the caller's rights, read in one snapshot (the counts and the rows agree). */
export async function runFor(deps: Deps, ctx: ProjectContext, def: ReportDefinition): Promise<CustomReportResult> {
  assertDefinition(def, ctx.lang);
  return deps.db.transaction(async (tx) => runDefinition(tx, def, await viewerOf(tx, ctx)), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** A saved report, run afresh: its definition, the caller's rights. */
export async function runSaved(deps: Deps, ctx: ProjectContext, id: number) {
  const row = await loadVisibleReport(deps.db, ctx, id);
  const definition = reportDefinition.parse(row.definition);
  return { name: row.name, definition, result: await runFor(deps, ctx, definition) };
}
