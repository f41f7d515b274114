import { FolderType, readOnlyRights } from '@edoc/contract/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { folderGrants, folders, groups, projects, roles } from '../db/schema/projects.ts';
import type { ProjectContext } from '../plugins/context.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { createProjectUser, createProjectWorld, joinProject, type ProjectWorld } from '../test/factories.ts';
import { rightsInputs } from '../db/rights-inputs.ts';
import { folderRights, projectFlags, projectFolders, rightsOfUser } from './folder-rights.ts';
import { inspectorFolderRights, inspectorFolderType } from './inspector.policy.ts';
import { visibleSites } from './sites.ts';

/**
 * Issue 30 part 1: folderRights reads the tree, the membership, the groups and the grants in one statement
 * (db/rights-inputs.ts), with the session's look-up where a route asks. It must answer exactly what the separate
 * reads answered (projectFolders, rightsOfUser, visibleSites; for an inspector projectFlags and projectFolders), for
 * every kind of caller and folder type.
 */
let ctx: TestContext;
let world: ProjectWorld;
const people: Array<{ label: string; id: number; fullAccess: boolean }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'RI-1');
  const [a, b, c] = [...world.folderByIch.values()];
  const [custom] = await ctx.db
    .insert(roles)
    .values({ projectId: world.projectId, code: 'CRA', name: 'CRA', docKeys: ['viewDoc', 'createDoc'] })
    .returning();
  const byRole = await joinProject(ctx, world, custom.id, [7, 9]);
  const byGroup = await joinProject(ctx, world, world.roleIds.STU_STAFF);
  const byUser = await joinProject(ctx, world, custom.id);
  const [group] = await ctx.db
    .insert(groups)
    .values({ projectId: world.projectId, name: 'Monitors', memberIds: [byGroup.id] })
    .returning();
  await ctx.db.insert(folderGrants).values([
    { folderId: a, subjectType: 'role', subjectId: custom.id, docKeys: ['viewDoc', 'createDoc'], manageLevel: 2 },
    { folderId: b, subjectType: 'group', subjectId: group.id, docKeys: ['viewDoc'], libraryKeys: ['viewLib'] },
    { folderId: c, subjectType: 'user', subjectId: byUser.id, docKeys: ['viewDoc', 'editDoc'], manageLevel: 3 },
  ]);
  // A library tree of two folders, so an inspector's shelf (the library tree) is not empty.
  const [shelf] = await ctx.db
    .insert(folders)
    .values({ projectId: world.projectId, type: FolderType.Library, name: 'Library' })
    .returning();
  await ctx.db
    .insert(folders)
    .values({ projectId: world.projectId, type: FolderType.Library, name: 'Protocols', parentId: shelf!.id });
  const outsider = await createProjectUser(ctx.db, world.companyId);
  people.push(
    { label: 'project administrator', id: world.pm.id, fullAccess: true },
    { label: 'company administrator (not a member)', id: world.admin.id, fullAccess: true },
    { label: 'staff', id: world.staff.id, fullAccess: false },
    { label: 'custom role limited to two sites', id: byRole.id, fullAccess: false },
    { label: 'group member', id: byGroup.id, fullAccess: false },
    { label: 'user grant', id: byUser.id, fullAccess: false },
    { label: 'not a member', id: outsider.id, fullAccess: false },
  );
}, 120_000);
afterAll(() => ctx.close());

const contextOf = (
  p: { id: number; fullAccess: boolean },
  readOnly: boolean,
  inspector: ProjectContext['inspector'] = null,
) =>
  ({
    projectId: world.projectId,
    auth: { user: { id: p.id } },
    fullAccess: p.fullAccess,
    readOnly,
    inspector,
  }) as unknown as ProjectContext;

/** The separate reads, as folderRights made them before. */
async function separately(c: ProjectContext, type: number | undefined) {
  const rows = await projectFolders(ctx.db, c.projectId, type);
  const rights = await rightsOfUser(ctx.db, c.projectId, { userId: c.auth.user.id, rows, fullAccess: c.fullAccess });
  if (rights && c.readOnly) for (const [id, r] of rights) rights.set(id, readOnlyRights(r));
  return { rows, rights, siteIds: await visibleSites(ctx.db, c) };
}

/** The separate reads of an inspector's rights, as folderRights made them before: the shelf's tree, their own rights. */
async function inspectorSeparately(c: ProjectContext, type: number | undefined) {
  const { libraryFolder } = await projectFlags(ctx.db, c.projectId);
  const shelf = inspectorFolderType(libraryFolder);
  const rows = (await projectFolders(ctx.db, c.projectId, type)).filter((f) => f.type === shelf);
  const own = inspectorFolderRights(c.inspector!);
  return { rows, rights: new Map(rows.map((f) => [f.id, own])), siteIds: await visibleSites(ctx.db, c) };
}

describe('the rights read in one statement', () => {
  it('answers exactly what the separate reads did, for every caller, folder type and a closed project', async () => {
    let compared = 0;
    for (const person of people)
      for (const type of [undefined, FolderType.Work, FolderType.Library])
        for (const readOnly of [false, true]) {
          const c = contextOf(person, readOnly);
          const before = await separately(c, type);
          if (!before.rights) {
            await expect(folderRights(ctx.db, c, type), person.label).rejects.toMatchObject({ code: 'forbidden' });
            continue;
          }
          const now = await folderRights(ctx.db, c, type);
          expect(now.rows, person.label).toEqual(before.rows);
          expect(now.siteIds, person.label).toEqual(before.siteIds);
          expect([...now.rights], `${person.label} ${type} ${readOnly}`).toEqual([...before.rights]);
          // Read with the session (a route's preloadRights, plugins/auth.ts): the same answer.
          const preloaded = (await rightsInputs(ctx.db, c.projectId, c.auth.user.id))!;
          const withSession = { ...c, auth: { ...c.auth, rights: preloaded } } as ProjectContext;
          expect(await folderRights(ctx.db, withSession, type), person.label).toEqual(now);
          compared++;
        }
    // Six callers with rights, three folder types, open and closed; the outsider is refused both ways.
    expect(compared).toBe(36);
  });

  it('answers an inspector exactly what the separate reads did, with and without a library tree', async () => {
    let compared = 0;
    try {
      for (const libraryFolder of [true, false]) {
        await ctx.db.update(projects).set({ libraryFolder }).where(eq(projects.id, world.projectId));
        // An inspector who is no member, and one who is also a member limited to two sites.
        for (const person of [people[6]!, people[3]!])
          for (const canDownload of [false, true])
            for (const type of [undefined, FolderType.Work, FolderType.Library]) {
              const c = contextOf(person, true, { canDownload });
              const before = await inspectorSeparately(c, type);
              const now = await folderRights(ctx.db, c, type);
              expect(now, `${person.label} ${libraryFolder} ${type}`).toEqual(before);
              const preloaded = (await rightsInputs(ctx.db, c.projectId, c.auth.user.id))!;
              const withSession = { ...c, auth: { ...c.auth, rights: preloaded } } as ProjectContext;
              expect(await folderRights(ctx.db, withSession, type), person.label).toEqual(before);
              if (before.rows.length > 0) compared++;
            }
      }
    } finally {
      await ctx.db.update(projects).set({ libraryFolder: true }).where(eq(projects.id, world.projectId));
    }
    // Not of empty answers: the shelf's tree has folders whenever the type asked for includes it (two of three).
    expect(compared).toBe(16);
  });

  it('gives a member some folders and not others, so the comparison above is not of empty answers', async () => {
    const staffRights = (await folderRights(ctx.db, contextOf(people[5]!, false), FolderType.Work)).rights;
    const enabled = [...staffRights.values()].filter((r) => r.isEnabled);
    expect(enabled.length).toBeGreaterThan(0);
    expect(enabled.length).toBeLessThan(staffRights.size);
    const limited = await folderRights(ctx.db, contextOf(people[3]!, false));
    expect(limited.siteIds).toEqual([7, 9]);
  });
});
