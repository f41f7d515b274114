import { documentRoutes } from '@edoc/contract/document-routes';
import { expect } from 'vitest';
import { folderGrants, roles } from '../db/schema/projects.ts';
import type { TestContext } from './context.ts';
import { createProjectWorld, joinProject, type ProjectPerson, type ProjectWorld } from './factories.ts';
import { client } from './requests.ts';

/** Bytes a .docx upload passes with (the zip signature), carrying a text to tell versions apart. */
export const docx = (text: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(text)]);

export interface EditingWorld {
  world: ProjectWorld;
  folder: number;
  /** A member who may edit the folder (not a project administrator). */
  editor: ProjectPerson;
  /** Files a new Word document (version V1.0, in editing) as the project administrator; answers its id. */
  newDocx: (name?: string) => Promise<number>;
}

/** A project whose protocol folder (8.2.2) an editor may edit, for the editing tests (issue 15). */
export async function editingWorld(ctx: TestContext, code: string): Promise<EditingWorld> {
  const world = await createProjectWorld(ctx, code);
  const folder = world.folderByIch.get('8.2.2')!;
  const keys = ['viewDoc', 'editDoc', 'createDoc'];
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'EDITOR', name: 'Editor', docKeys: keys })
    .returning();
  await ctx.db
    .insert(folderGrants)
    .values({ folderId: folder, subjectType: 'role', subjectId: role.id, docKeys: keys });
  const editor = await joinProject(ctx, world, role.id);
  let n = 0;
  const newDocx = async (name = 'Plan') => {
    n += 1;
    const res = await client(ctx.app, world.pm.token).callUpload(documentRoutes.upload, {
      fields: { folderId: folder, name: `${name} ${n}` },
      file: { name: `${name.toLowerCase()}-${n}.docx`, content: docx('first') },
    });
    expect(res.statusCode).toBe(200);
    return res.data.fileId;
  };
  return { world, folder, editor, newDocx };
}
