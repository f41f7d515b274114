import { documentRoutes } from '@edoc/contract/document-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { projectRoutes } from '@edoc/contract/project-routes';
import { workflowRoutes } from '@edoc/contract/workflow-routes';
import { DocStatus } from '@edoc/contract/enums';
import { FolderType } from '@edoc/contract/permissions';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { documents } from '../db/schema/documents.ts';
import { projects } from '../db/schema/projects.ts';
import { createTestContext, type TestContext } from './context.ts';
import { createProjectWorld, joinProject, SAMPLE, type ProjectPerson, type ProjectWorld } from './factories.ts';
import { client } from './requests.ts';

/**
 * What the library tests share: a project with no stage enabled (a document sent goes straight to 8, processed) and
 * the ICH tree applied to its library, a second project administrator (a deletion approver), another project.
 */
export interface LibraryWorld {
  ctx: TestContext;
  world: ProjectWorld;
  other: ProjectWorld;
  /** The workspace folder 8.2.2 of `world`. */
  folder: number;
  pm2: ProjectPerson;
  as: (p: { token: string }) => ReturnType<typeof client>;
  /** A new document of `world` sent with no stage enabled: processed (8). */
  processedDocument: (fields?: Record<string, string>, content?: Buffer<ArrayBuffer>) => Promise<number>;
  statusOf: (id: number) => Promise<number>;
}

/** A day relative to today (UTC), as YYYY-MM-DD. */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function createLibraryWorld(code: string, withLibraryTree = true): Promise<LibraryWorld> {
  const ctx = await createTestContext();
  const world = await createProjectWorld(ctx, code);
  const other = await createProjectWorld(ctx, `${code}-X`);
  const folder = world.folderByIch.get('8.2.2')!;
  await ctx.db
    .update(projects)
    .set({ reviewOpen: false, qcOpen: false, approveOpen: false })
    .where(eq(projects.id, world.projectId));
  const pm2 = await joinProject(ctx, world, world.roleIds.STU_PM);
  const as = (p: { token: string }) => client(ctx.app, p.token);
  if (withLibraryTree) {
    // The ICH template applied to the library tree gives every workspace folder its library twin.
    const templates = (await as(world.admin).call(projectRoutes.directoryTemplates)).data;
    const applied = await as(world.pm).call(folderRoutes.applyTemplate, {
      body: { templateId: templates.find((t) => t.shipped)!.id, type: FolderType.Library },
    });
    expect(applied.statusCode).toBe(200);
  }
  let n = 0;
  const processedDocument = async (fields: Record<string, string> = {}, content = SAMPLE.pdf()) => {
    n += 1;
    const res = await as(world.pm).callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: `Plan ${code} ${n}`, ...fields },
      file: { name: 'plan.pdf', content },
    });
    const fileId = res.data.fileId;
    const sent = await as(world.pm).call(workflowRoutes.send, { body: { fileId, stages: [] } });
    expect(sent.data).toMatchObject({ status: DocStatus.Processed });
    return fileId;
  };
  const statusOf = async (id: number) =>
    (await ctx.db.select({ s: documents.status }).from(documents).where(eq(documents.id, id)))[0].s;
  return { ctx, world, other, folder, pm2, as, processedDocument, statusOf };
}
