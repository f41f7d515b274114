import { folderGrants, roles, sites } from '../db/schema/projects.ts';
import type { TestContext } from './context.ts';
import { createProjectWorld, joinProject, type ProjectPerson, type ProjectWorld } from './factories.ts';

/** A caller of a list, with the folders and sites the rule leaves them (null: every one). */
export interface Caller {
  label: string;
  person: ProjectPerson;
  folders: number[] | null;
  sites: number[] | null;
}

/**
 * A project and the three kinds of caller whose lists are compared with the rule computed in JavaScript (issue 30's
 * statements built once per shape, their folders and sites as parameters): the project administrator, a member
 * limited to site 1 and by a role's grants to the first two folders, and one with the same grants and no site limit.
 */
export async function threeCallers(ctx: TestContext, code: string) {
  const world: ProjectWorld = await createProjectWorld(ctx, code);
  const [a, b, c] = [...world.folderByIch.values()] as [number, number, number];
  const [s1, s2] = await ctx.db
    .insert(sites)
    .values([
      { projectId: world.projectId, name: 'Site 1', code: 'S1' },
      { projectId: world.projectId, name: 'Site 2', code: 'S2' },
    ])
    .returning();
  const [role] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'CRA', name: 'CRA', docKeys: ['viewDoc'] })
    .returning();
  for (const folderId of [a, b])
    await ctx.db
      .insert(folderGrants)
      .values({ folderId, subjectType: 'role', subjectId: role!.id, docKeys: ['viewDoc'] });
  const siteCra = await joinProject(ctx, world, role!.id, [s1!.id]);
  const cra = await joinProject(ctx, world, role!.id);
  const people: Caller[] = [
    { label: 'project administrator', person: world.pm, folders: null, sites: null },
    { label: 'member of site 1 with two folders', person: siteCra, folders: [a, b], sites: [s1!.id] },
    { label: 'member of every site with two folders', person: cra, folders: [a, b], sites: null },
  ];
  return { world, people, folders: [a, b, c] as const, sites: [s1!.id, s2!.id] as const };
}
