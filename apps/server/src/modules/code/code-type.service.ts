import type { CodeTypeBody, CodeTypeItem } from '@edoc/contract/code';
import { TrailType } from '@edoc/contract/enums';
import type { Page } from '@edoc/contract/envelope';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { codes, codeTypes } from '../../db/schema/catalog.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { likePattern } from '../../lib/sql.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { isReadOnly, ownIn, visibleIn, type CodeScope } from './code.policy.ts';

type CodeTypeRow = typeof codeTypes.$inferSelect;

const duplicate = (err: unknown) => (isUniqueViolation(err) ? fail('code_exists') : Promise.reject(err));

function toItem(t: CodeTypeRow, scope: CodeScope, codeCount: number): CodeTypeItem {
  return {
    id: t.id,
    code: t.code,
    name: t.name,
    nameEn: t.nameEn,
    description: t.description,
    enabled: t.enabled,
    readOnly: isReadOnly(t, scope),
    codeCount,
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function listCodeTypes(
  deps: Deps,
  scope: CodeScope,
  q: { pageNum: number; pageSize: number; searchValue?: string },
): Promise<Page<CodeTypeItem>> {
  const search = q.searchValue ? likePattern(q.searchValue) : null;
  const where = and(
    visibleIn(codeTypes, scope),
    search
      ? or(ilike(codeTypes.code, search), ilike(codeTypes.name, search), ilike(codeTypes.nameEn, search))
      : undefined,
  );
  // The outer row named in full: in a one-table select drizzle writes `${codeTypes.id}` as a bare "id", which inside
  // the subquery meant the code's own id (issue 12: the company list's counts had the same fault).
  const codeCount = sql<number>`(select count(*)::int from ${codes} where ${codes.typeId} = "code_types"."id" and ${visibleIn(codes, scope)})`;
  const rows = await deps.db
    .select({ t: codeTypes, n: codeCount })
    .from(codeTypes)
    .where(where)
    // The company's entries first, then the project's; within each by code.
    .orderBy(sql`${codeTypes.projectId} nulls first`, sql`lower(${codeTypes.code})`)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(codeTypes).where(where);
  return { total, data: rows.map((r) => toItem(r.t, scope, r.n)) };
}

/** Every type the scope sees, for pickers and exports. */
export async function allCodeTypes(tx: Tx, scope: CodeScope): Promise<CodeTypeRow[]> {
  return tx
    .select()
    .from(codeTypes)
    .where(visibleIn(codeTypes, scope))
    .orderBy(sql`${codeTypes.projectId} nulls first`, sql`lower(${codeTypes.code})`);
}

/**
 * A code is unique ignoring case among the types a scope sees: a project's type may not repeat a company type's
 * code, so a project's list never shows two entries of one code.
 */
export async function assertTypeCodeFree(
  tx: Tx,
  scope: CodeScope,
  { code, exceptId }: { code: string; exceptId?: number },
) {
  const [clash] = await tx
    .select({ id: codeTypes.id })
    .from(codeTypes)
    .where(
      and(
        visibleIn(codeTypes, scope),
        sql`lower(${codeTypes.code}) = lower(${code})`,
        exceptId ? ne(codeTypes.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('code_exists');
}

/** A type the scope owns; a company type seen from a project is refused as read-only, anything else is missing. */
async function loadOwnType(tx: Tx, scope: CodeScope, id: number): Promise<CodeTypeRow> {
  const [t] = await tx
    .select()
    .from(codeTypes)
    .where(and(eq(codeTypes.id, id), visibleIn(codeTypes, scope)));
  if (!t) fail('not_found');
  if (isReadOnly(t, scope)) fail('cannot_modify');
  return t;
}

const valuesOf = (body: CodeTypeBody) => ({
  code: body.code,
  name: body.name,
  nameEn: body.nameEn ?? null,
  description: body.description ?? null,
  enabled: body.enabled,
});

export async function insertCodeType(tx: Tx, scope: CodeScope, body: CodeTypeBody): Promise<CodeTypeRow> {
  await assertTypeCodeFree(tx, scope, { code: body.code });
  const [row] = await tx
    .insert(codeTypes)
    .values({ companyId: scope.companyId, projectId: scope.projectId, ...valuesOf(body) })
    .returning()
    .catch(duplicate);
  await recordTrail(tx, scope.actor, {
    type: TrailType.Create,
    objectType: 'codeType',
    objectId: row.id,
    newValue: row,
  });
  return row;
}

export async function createCodeType(deps: Deps, scope: CodeScope, body: CodeTypeBody): Promise<number> {
  return deps.db.transaction(async (tx) => (await insertCodeType(tx, scope, body)).id);
}

export async function updateCodeType(
  deps: Deps,
  scope: CodeScope,
  { id, body }: { id: number; body: CodeTypeBody },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnType(tx, scope, id);
    await assertTypeCodeFree(tx, scope, { code: body.code, exceptId: id });
    const [after] = await tx
      .update(codeTypes)
      .set({ ...valuesOf(body), updatedAt: new Date() })
      .where(and(eq(codeTypes.id, id), ownIn(codeTypes, scope)))
      .returning()
      .catch(duplicate);
    await recordTrail(tx, scope.actor, {
      type: TrailType.Update,
      objectType: 'codeType',
      objectId: id,
      oldValue: before,
      newValue: after,
    });
  });
}

/** A type that still has codes (of any project) cannot be deleted: code_type_in_use. */
export async function deleteCodeType(deps: Deps, scope: CodeScope, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnType(tx, scope, id);
    // Lock the type so a code added meanwhile cannot slip in between the count and the delete.
    await tx.execute(sql`SELECT 1 FROM ${codeTypes} WHERE ${codeTypes.id} = ${id} FOR UPDATE`);
    const [{ n }] = await tx.select({ n: count() }).from(codes).where(eq(codes.typeId, id));
    if (n > 0) fail('code_type_in_use');
    await tx.delete(codeTypes).where(eq(codeTypes.id, id));
    await recordTrail(tx, scope.actor, {
      type: TrailType.Delete,
      objectType: 'codeType',
      objectId: id,
      oldValue: before,
    });
  });
}
