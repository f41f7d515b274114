import type { QualityIssuePage, qualityIssueListQuery } from '@edoc/contract/quality-issue';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { qualityIssues } from '../../db/schema/quality.ts';
import { users } from '../../db/schema/users.ts';
import { documentAccess, type DocumentAccess } from '../../access/document-access.ts';
import { seesSite, siteFilter } from '../../access/sites.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { abilitiesOf, mayRaise, mayRead } from './quality-issue.policy.ts';

const raisers = alias(users, 'raisers');
const assignees = alias(users, 'assignees');
const waivers = alias(users, 'waivers');

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /quality-issue/list: the issues of the documents the caller may read (their folders' viewDoc, their sites),
 * newest first, with the caller's abilities on each; with documentId, whether they may raise one on it.
 */
export async function listIssues(
  deps: Deps,
  ctx: ProjectContext,
  q: z.output<typeof qualityIssueListQuery>,
): Promise<QualityIssuePage> {
  const access = await documentAccess(deps.db, ctx);
  const readable = [...access.rights].filter(([, r]) => mayRead(r)).map(([folderId]) => folderId);
  const me = ctx.auth.user.id;
  const where: (SQL | undefined)[] = [
    eq(qualityIssues.projectId, ctx.projectId),
    isNull(documents.deletedAt),
    inArray(documents.folderId, readable.length > 0 ? readable : [0]),
    siteFilter(access.sites),
    q.documentId ? eq(qualityIssues.documentId, q.documentId) : undefined,
    q.state ? eq(qualityIssues.state, q.state) : undefined,
    q.assignedToMe ? eq(qualityIssues.assigneeId, me) : undefined,
    q.raisedByMe ? eq(qualityIssues.raisedBy, me) : undefined,
  ];
  const rows = await deps.db
    .select({
      i: qualityIssues,
      documentName: documents.name,
      versionLabel: documentVersions.versionNo,
      raiserName: raisers.name,
      assigneeName: assignees.name,
      waiverName: waivers.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(qualityIssues)
    .innerJoin(documents, eq(documents.id, qualityIssues.documentId))
    .innerJoin(raisers, eq(raisers.id, qualityIssues.raisedBy))
    .innerJoin(assignees, eq(assignees.id, qualityIssues.assigneeId))
    .leftJoin(waivers, eq(waivers.id, qualityIssues.waivedBy))
    // version_no holds the version's row (quality-issue.service.ts); the answer gives its label.
    .leftJoin(documentVersions, eq(documentVersions.id, qualityIssues.versionNo))
    .where(and(...where))
    .orderBy(desc(qualityIssues.createdAt), desc(qualityIssues.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    total: Number(rows[0]?.total ?? 0),
    canRaise: q.documentId ? await mayRaiseOn(deps, ctx, q.documentId, access) : false,
    items: rows.map(({ i, documentName, versionLabel, raiserName, assigneeName, waiverName }) => ({
      id: i.id,
      documentId: i.documentId,
      documentName,
      versionNo: versionLabel ?? null,
      page: i.page,
      category: i.category,
      comment: i.comment,
      state: i.state,
      raisedBy: { id: i.raisedBy, name: raiserName },
      assignee: { id: i.assigneeId, name: assigneeName },
      resolution: i.resolution,
      resolvedAt: iso(i.resolvedAt),
      verifiedAt: iso(i.verifiedAt),
      waivedBy: i.waivedBy === null ? null : { id: i.waivedBy, name: waiverName ?? '' },
      waiveReason: i.waiveReason,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
      abilities: abilitiesOf(i, ctx),
    })),
  };
}

/** Whether the caller may raise an issue on the document: they read it and hold QC rights on its folder. */
async function mayRaiseOn(
  deps: Deps,
  ctx: ProjectContext,
  documentId: number,
  access: DocumentAccess,
): Promise<boolean> {
  if (ctx.readOnly) return false;
  const [doc] = await deps.db
    .select({ folderId: documents.folderId, central: documents.central, siteId: documents.siteId })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.projectId, ctx.projectId), isNull(documents.deletedAt)));
  if (!doc || doc.folderId === null) return false;
  return seesSite(access.sites, doc) && mayRaise(access.rights.get(doc.folderId));
}
