// The soak's world (issue 25): one project with its folders, a role holding every key a document's life needs
// (upload, read, download, review, QC, approval), granted on the soak's folders, and the users, members under that
// role, each signed in and entered through the API node it is given (round-robin over the API nodes).
import { authRoutes } from '@edoc/contract/auth-routes';
import { UserType } from '@edoc/contract/enums';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { Stage } from '@edoc/contract/workflow';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';
import { folderGrants, members, projects, roles } from '../apps/server/src/db/schema/projects.ts';
import { call, type EdocNode } from '../apps/server/src/test/nodes.ts';
import { callsThrough } from './calls.ts';
import { makeProject } from './documents.ts';
import { createUser } from './users.ts';

/** Folders the users file into and read; the project has more, which stay empty. */
const FOLDERS = 10;
const KEYS = ['viewDoc', 'createDoc', 'editDoc', 'downDoc', 'viewVersionDoc', 'reviewDoc', 'qcDoc', 'approveDoc'];

export interface SoakUser {
  id: number;
  email: string;
  token: string;
  /** The API node this user's calls go to. */
  node: EdocNode;
  /** Documents this user uploaded and has not sent yet. */
  editing: number[];
}

export interface SoakWorld {
  projectId: number;
  folderIds: number[];
  users: SoakUser[];
}

export async function makeWorld(db: Db, apis: EdocNode[], count: number): Promise<SoakWorld> {
  // The project is made through the first API node, by fetch: makeProject's calls are generic over the route, and
  // nodes.ts's call, whose input carries the token, cannot be handed one with the token added without a cast.
  const project = await makeProject(
    db,
    callsThrough(({ method, url, headers, payload }) =>
      fetch(`${apis[0].url}${url}`, {
        method,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
        body: payload ? JSON.stringify(payload) : undefined,
      }).then((res) => res.json()),
    ),
  );
  const folderIds = project.folderIds.slice(0, FOLDERS);
  const [role] = await db
    .insert(roles)
    .values({ projectId: project.projectId, code: 'SOAK', name: 'Soak', docKeys: KEYS })
    .returning();
  await db
    .insert(folderGrants)
    .values(
      folderIds.map((folderId) => ({ folderId, subjectType: 'role' as const, subjectId: role.id, docKeys: KEYS })),
    );
  const [{ companyId }] = await db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, project.projectId));
  const users: SoakUser[] = [];
  // A few at a time: each creation hashes a password and each sign-in checks one, CPU the nodes share.
  for (let i = 0; i < count; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
        const node = apis[(i + j) % apis.length];
        const user = await createUser(db, { userType: UserType.Project, companyId, name: `Soak ${i + j + 1}` });
        await db.insert(members).values({ projectId: project.projectId, userId: user.id, roleId: role.id });
        const signedIn = await call(node, authRoutes.login, { body: { email: user.email, password: user.password } });
        const { token } = signedIn.data();
        (await call(node, projectEntryRoutes.enter, { token, body: { studyId: project.projectId } })).data();
        return { id: user.id, email: user.email, token, node, editing: [] };
      }),
    );
    users.push(...batch);
  }
  return { projectId: project.projectId, folderIds, users };
}

/**
 * A route through every stage the project enables (all three by default), each to another user than the sender,
 * due in a week.
 */
export function routeFor(world: SoakWorld, sender: SoakUser) {
  const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const others = () => {
    for (;;) {
      const u = world.users[Math.floor(Math.random() * world.users.length)];
      if (u !== sender) return u.id;
    }
  };
  return [Stage.Review, Stage.Qc, Stage.Approval].map((stage) => ({ stage, userIds: [others()], dueDate }));
}
