import type { QualityIssueCreateBody } from '@edoc/contract/quality-issue';
import { qualityIssueRoutes } from '@edoc/contract/quality-issue-routes';
import { taskRoutes } from '@edoc/contract/task-routes';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { documentVersions } from '../db/schema/documents.ts';
import { folderGrants, roles, sites } from '../db/schema/projects.ts';
import { trail } from '../db/schema/trail.ts';
import { joinProject, type ProjectPerson } from './factories.ts';
import { createLibraryWorld, type LibraryWorld } from './library-world.ts';

/**
 * What the quality issue tests share (issue 27 part 5): the library world (documents processed by its administrator,
 * ready to archive) with, on its folder 8.2.2, a checker (viewDoc and qcDoc), two authors (viewDoc, editDoc) and a
 * checker limited to a second site; two sites.
 */
export interface IssueWorld extends LibraryWorld {
  checker: ProjectPerson;
  author: ProjectPerson;
  author2: ProjectPerson;
  siteChecker: ProjectPerson;
  siteIds: [number, number];
  /** The authors' and the checkers' roles, for one more of them. */
  writerRole: number;
  qcRole: number;
  /** The label of a document's current version (V1.0 …). */
  versionOf: (documentId: number) => Promise<string>;
  raise: (who: ProjectPerson, body: Partial<QualityIssueCreateBody> & { documentId: number }) => Promise<number>;
  /** The caller's pending tasks of a kind on a document. */
  pendingTasks: (who: ProjectPerson, documentId: number, kind: 'qualityIssue' | 'qualityVerify') => Promise<number>;
  /** The steps of an issue in its document's trail, oldest first. */
  stepsOf: (documentId: number, issueId: number) => Promise<Array<Record<string, unknown>>>;
}

export async function createIssueWorld(code: string): Promise<IssueWorld> {
  const L = await createLibraryWorld(code);
  const { ctx, world, folder } = L;
  const roleWith = async (roleCode: string, docKeys: string[]) => {
    const [role] = await ctx.db
      .insert(roles)
      .values({ projectId: world.projectId, code: roleCode, name: roleCode, docKeys })
      .returning();
    await ctx.db.insert(folderGrants).values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys });
    return role.id;
  };
  const qc = await roleWith('QC', ['viewDoc', 'qcDoc']);
  const writer = await roleWith('AUTHOR', ['viewDoc', 'editDoc']);
  const siteRows = await ctx.db
    .insert(sites)
    .values([
      { projectId: world.projectId, name: 'Site one', code: 'S1' },
      { projectId: world.projectId, name: 'Site two', code: 'S2' },
    ])
    .returning();
  const siteIds: [number, number] = [siteRows[0].id, siteRows[1].id];
  const checker = await joinProject(ctx, world, qc);
  const author = await joinProject(ctx, world, writer);
  const author2 = await joinProject(ctx, world, writer);
  const siteChecker = await joinProject(ctx, world, qc, [siteIds[1]]);

  const versionOf = async (documentId: number) =>
    (
      await ctx.db
        .select({ no: documentVersions.versionNo })
        .from(documentVersions)
        .where(eq(documentVersions.documentId, documentId))
        .orderBy(asc(documentVersions.id))
    )[0].no;
  const raise: IssueWorld['raise'] = async (who, body) => {
    const res = await L.as(who).call(qualityIssueRoutes.create, {
      body: { category: 'missing_signature', comment: 'Page 2 is not signed', assigneeId: author.id, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.data.id;
  };
  const pendingTasks: IssueWorld['pendingTasks'] = async (who, documentId, kind) => {
    const list = await L.as(who).call(taskRoutes.list, { query: { state: 'pending', kind, pageSize: 100 } });
    return list.data.data.filter((t) => t.fileId === documentId).length;
  };
  const stepsOf: IssueWorld['stepsOf'] = async (documentId, issueId) =>
    (
      await ctx.db
        .select({ v: trail.newValue })
        .from(trail)
        .where(and(eq(trail.objectType, 'document'), eq(trail.objectId, String(documentId))))
        .orderBy(asc(trail.id))
    )
      .map((r) => r.v as Record<string, unknown> | null)
      .filter((v): v is Record<string, unknown> => v?.qualityIssue === issueId);
  return {
    ...L,
    checker,
    author,
    author2,
    siteChecker,
    siteIds,
    writerRole: writer,
    qcRole: qc,
    versionOf,
    raise,
    pendingTasks,
    stepsOf,
  };
}
