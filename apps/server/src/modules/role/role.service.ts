import { DOC_PERMISSION_KEYS, LIBRARY_PERMISSION_KEYS, RoleCode, TrailType } from '@edoc/contract/enums';
import { BUILTIN_ROLE_KEYS } from '@edoc/contract/permissions';
import { isReservedRoleCode, type RoleBody, type RoleItem } from '@edoc/contract/role';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { folderGrants, members, roles } from '../../db/schema/projects.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sessionProject } from '../project/project-settings.service.ts';
import type { ProjectContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';

type RoleRow = typeof roles.$inferSelect;

const snapshot = (r: RoleRow) => ({
  code: r.code,
  name: r.name,
  description: r.description,
  docKeys: r.docKeys,
  libraryKeys: r.libraryKeys,
});

/** GET /role/list: built-in roles first, then custom ones in the order they were made. */
export async function listRoles(deps: Deps, ctx: ProjectContext): Promise<RoleItem[]> {
  const project = await sessionProject(deps.db, ctx);
  // Qualified by hand: drizzle leaves columns of a one-table query unqualified, which the subquery would capture.
  const memberCount = sql<number>`(select count(*)::int from ${members} m where m.role_id = "roles"."id")`;
  const rows = await deps.db
    .select({ r: roles, memberCount })
    .from(roles)
    .where(eq(roles.projectId, project.id))
    .orderBy(sql`${roles.builtin} desc`, asc(roles.id));
  return rows.map(({ r, memberCount: n }) => ({
    roleId: r.id,
    ...snapshot(r),
    builtin: r.builtin,
    memberCount: n,
  }));
}

async function assertCodeFree(tx: Tx, projectId: number, code: string, exceptId?: number) {
  const [clash] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.projectId, projectId),
        sql`lower(${roles.code}) = lower(${code})`,
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('role_code_exists');
  // Not the code of a built-in role either, even one this project lacks (COMPANY_ADMIN): DESIGN §5.
  if (isReservedRoleCode(code)) fail('role_code_reserved');
}

const duplicateCode = (err: unknown) => (isUniqueViolation(err) ? fail('role_code_exists') : Promise.reject(err));

async function loadRole(tx: Tx, projectId: number, roleId: number): Promise<RoleRow> {
  const [r] = await tx
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.projectId, projectId)))
    .for('update');
  if (!r) fail('not_found');
  return r;
}

// Key order follows the enums, so a role saved twice with the same keys stores the same array.
const keysOf = (input: RoleBody) => ({
  docKeys: DOC_PERMISSION_KEYS.filter((k) => input.docKeys.includes(k)),
  libraryKeys: LIBRARY_PERMISSION_KEYS.filter((k) => input.libraryKeys.includes(k)),
});

export async function createRole(deps: Deps, ctx: ProjectContext, input: RoleBody) {
  return deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    await assertCodeFree(tx, project.id, input.code);
    const [row] = await tx
      .insert(roles)
      .values({
        projectId: project.id,
        code: input.code,
        name: input.name,
        description: input.description || null,
        builtin: false,
        ...keysOf(input),
      })
      .returning()
      .catch(duplicateCode);
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      { type: TrailType.PermissionChange, objectType: 'role', objectId: row.id, newValue: snapshot(row) },
    );
    return row.id;
  });
}

/**
 * Updates a role. Built-in roles keep their codes, which the rest of the system reads (STU_PM is the project
 * administrator); STU_PM also keeps every key, so the project can never lose its administrator's rights.
 */
export async function updateRole(
  deps: Deps,
  ctx: ProjectContext,
  { roleId, input }: { roleId: number; input: RoleBody },
) {
  await deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    const before = await loadRole(tx, project.id, roleId);
    let code = input.code;
    let keys: { docKeys: string[]; libraryKeys: string[] } = keysOf(input);
    if (before.builtin) {
      code = before.code;
      if (before.code === RoleCode.ProjectAdmin) {
        const full = BUILTIN_ROLE_KEYS[RoleCode.ProjectAdmin];
        const same = keys.docKeys.length === full.docKeys.length && keys.libraryKeys.length === full.libraryKeys.length;
        if (!same) fail('cannot_modify');
        keys = { docKeys: [...full.docKeys], libraryKeys: [...full.libraryKeys] };
      }
    } else {
      await assertCodeFree(tx, project.id, code, roleId);
    }
    const [after] = await tx
      .update(roles)
      .set({ code, name: input.name, description: input.description || null, ...keys })
      .where(eq(roles.id, roleId))
      .returning()
      .catch(duplicateCode);
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      {
        type: TrailType.PermissionChange,
        objectType: 'role',
        objectId: roleId,
        oldValue: snapshot(before),
        newValue: snapshot(after),
      },
    );
  });
}

/** Deletes a custom role that no member holds and no folder grant names. */
export async function deleteRole(deps: Deps, ctx: ProjectContext, roleId: number) {
  await deps.db.transaction(async (tx) => {
    const project = await sessionProject(tx, ctx);
    const before = await loadRole(tx, project.id, roleId);
    if (before.builtin) fail('role_builtin');
    const [{ holders }] = await tx.select({ holders: count() }).from(members).where(eq(members.roleId, roleId));
    const [{ grants }] = await tx
      .select({ grants: count() })
      .from(folderGrants)
      .where(and(eq(folderGrants.subjectType, 'role'), eq(folderGrants.subjectId, roleId)));
    if (holders > 0 || grants > 0) fail('role_in_use');
    await tx.delete(roles).where(eq(roles.id, roleId));
    await recordTrail(
      tx,
      { ...ctx.actor, companyId: project.companyId, projectId: project.id },
      { type: TrailType.PermissionChange, objectType: 'role', objectId: roleId, oldValue: snapshot(before) },
    );
  });
}
