import { projectEntryRoutes, projectRoutes } from '@edoc/contract/project-routes';
import { manageMemberRoutes } from '@edoc/contract/member-routes';
import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS } from '@edoc/contract/enums';
import type { ProjectRights } from '@edoc/contract/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema/projects.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, enterAsInspector, joinProject, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

// Issue 24: the project entry answer carries the caller's rights as the server enforces them, so the web decides
// its guard and menus from these and never from a role code (a custom role may be called anything).

let ctx: TestContext;
let world: ProjectWorld;

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createProjectWorld(ctx, 'RIGHTS-1');
});
afterAll(() => ctx.close());

async function enter(token: string): Promise<ProjectRights> {
  const res = await client(ctx.app, token).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
  expect(res.statusCode).toBe(200);
  return res.data.rights as ProjectRights;
}

/** Whether the server lets the caller through a project-administrator route, to hold the answer to it. */
const administers = async (token: string) =>
  (await client(ctx.app, token).call(manageMemberRoutes.list)).statusCode === 200;

const everything = { docKeys: [...DOC_PERMISSION_KEYS], libraryKeys: [...LIBRARY_PERMISSION_KEYS] };

describe('the project entry answer carries the rights the server enforces (issue 24)', () => {
  it('names the built-in project administrator (STU_PM) the administrator, with every key', async () => {
    const rights = await enter(world.pm.token);
    expect(rights).toEqual({ fullAccess: true, readOnly: false, inspector: null, ...everything });
    expect(await administers(world.pm.token)).toBe(true);
  });

  it('gives a member of a custom role (CRA) their role keys and no administration, as the server refuses it', async () => {
    const [cra] = await ctx.db
      .insert(roles)
      .values({
        projectId: world.projectId,
        code: 'CRA',
        name: 'Clinical research associate',
        docKeys: ['viewDoc', 'createDoc', 'manageFolder'],
        libraryKeys: ['viewDoc'],
      })
      .returning();
    const member = await joinProject(ctx, world, cra.id);
    const rights = await enter(member.token);
    expect(rights).toEqual({
      fullAccess: false,
      readOnly: false,
      inspector: null,
      docKeys: ['createDoc', 'viewDoc', 'manageFolder'],
      libraryKeys: ['viewDoc'],
    });
    expect(await administers(member.token)).toBe(false);
  });

  it('names the company administrator who is not a member the administrator', async () => {
    const rights = await enter(world.admin.token);
    expect(rights).toEqual({ fullAccess: true, readOnly: false, inspector: null, ...everything });
    expect(await administers(world.admin.token)).toBe(true);
  });

  it("gives an inspector the library's reading keys, downloading as the invitation says, and no administration", async () => {
    const inspector = await enterAsInspector(ctx, world, { canDownload: true });
    const rights = await enter(inspector.token);
    expect(rights).toEqual({
      fullAccess: false,
      readOnly: false,
      inspector: { canDownload: true },
      docKeys: [],
      libraryKeys: ['viewDoc', 'viewTrailDoc', 'downDoc'],
    });
    expect(await administers(inspector.token)).toBe(false);
  });

  it('says a closed project is read-only and leaves only the keys that read', async () => {
    const closed = await client(ctx.app, world.admin.token).call(projectRoutes.close, {
      params: { id: world.projectId },
    });
    expect(closed.statusCode).toBe(200);
    const rights = await enter(world.pm.token);
    expect(rights).toEqual({
      fullAccess: true,
      readOnly: true,
      inspector: null,
      docKeys: ['viewDoc', 'downDoc', 'viewTrailDoc', 'viewVersionDoc'],
      libraryKeys: ['viewDoc', 'downDoc', 'viewTrailDoc'],
    });
  });
});
