import type { CodeBody, CodeItem } from '@edoc/contract/code';
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

type CodeRow = typeof codes.$inferSelect;

const duplicate = (err: unknown) => (isUniqueViolation(err) ? fail('code_exists') : Promise.reject(err));

const columns = { c: codes, typeCode: codeTypes.code, typeName: codeTypes.name };

function toItem(r: { c: CodeRow; typeCode: string; typeName: string }, scope: CodeScope): CodeItem {
  const { c } = r;
  return {
    id: c.id,
    typeId: c.typeId ?? 0,
    typeCode: r.typeCode,
    typeName: r.typeName,
    code: c.code,
    name: c.name,
    nameEn: c.nameEn,
    description: c.description,
    sortOrder: c.sortOrder,
    enabled: c.enabled,
    readOnly: isReadOnly(c, scope),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function listCodes(
  deps: Deps,
  scope: CodeScope,
  q: { pageNum: number; pageSize: number; searchValue?: string; typeId?: number },
): Promise<Page<CodeItem>> {
  const search = q.searchValue ? likePattern(q.searchValue) : null;
  const where = and(
    visibleIn(codes, scope),
    q.typeId ? eq(codes.typeId, q.typeId) : undefined,
    search ? or(ilike(codes.code, search), ilike(codes.name, search), ilike(codes.nameEn, search)) : undefined,
  );
  const rows = await deps.db
    .select(columns)
    .from(codes)
    .innerJoin(codeTypes, eq(codeTypes.id, codes.typeId))
    .where(where)
    .orderBy(
      sql`lower(${codeTypes.code})`,
      sql`${codes.projectId} nulls first`,
      codes.sortOrder,
      sql`lower(${codes.code})`,
    )
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [{ total }] = await deps.db.select({ total: count() }).from(codes).where(where);
  return { total, data: rows.map((r) => toItem(r, scope)) };
}

/** Every code the scope sees, with its type, for exports. */
export async function allCodes(tx: Tx, scope: CodeScope) {
  const rows = await tx
    .select(columns)
    .from(codes)
    .innerJoin(codeTypes, eq(codeTypes.id, codes.typeId))
    .where(visibleIn(codes, scope))
    .orderBy(sql`lower(${codeTypes.code})`, codes.sortOrder, sql`lower(${codes.code})`);
  return rows.map((r) => toItem(r, scope));
}

/** The type must be one the scope sees (the company's, or the project's own). */
async function assertTypeVisible(tx: Tx, scope: CodeScope, typeId: number) {
  const [t] = await tx
    .select({ id: codeTypes.id })
    .from(codeTypes)
    .where(and(eq(codeTypes.id, typeId), visibleIn(codeTypes, scope)));
  if (!t) fail('invalid_value', { field: 'typeId' });
}

/** Unique in its type ignoring case, among the codes the scope sees (a project may not shadow a company code). */
export async function assertCodeFree(
  tx: Tx,
  scope: CodeScope,
  { typeId, code, exceptId }: { typeId: number; code: string; exceptId?: number },
) {
  const [clash] = await tx
    .select({ id: codes.id })
    .from(codes)
    .where(
      and(
        visibleIn(codes, scope),
        eq(codes.typeId, typeId),
        sql`lower(${codes.code}) = lower(${code})`,
        exceptId ? ne(codes.id, exceptId) : undefined,
      ),
    );
  if (clash) fail('code_exists');
}

async function loadOwnCode(tx: Tx, scope: CodeScope, id: number): Promise<CodeRow> {
  const [c] = await tx
    .select()
    .from(codes)
    .where(and(eq(codes.id, id), visibleIn(codes, scope)));
  if (!c) fail('not_found');
  if (isReadOnly(c, scope)) fail('cannot_modify');
  return c;
}

const valuesOf = (body: CodeBody) => ({
  typeId: body.typeId,
  code: body.code,
  name: body.name,
  nameEn: body.nameEn ?? null,
  description: body.description ?? null,
  sortOrder: body.sortOrder,
  enabled: body.enabled,
});

export async function insertCode(
  tx: Tx,
  scope: CodeScope,
  {
    body,
    checked = false,
  }: {
    body: CodeBody;
    /** The caller checked the type and the code already (an import checks all its rows first). */
    checked?: boolean;
  },
): Promise<CodeRow> {
  if (!checked) {
    await assertTypeVisible(tx, scope, body.typeId);
    await assertCodeFree(tx, scope, { typeId: body.typeId, code: body.code });
  }
  const [row] = await tx
    .insert(codes)
    .values({ companyId: scope.companyId, projectId: scope.projectId, ...valuesOf(body) })
    .returning()
    .catch(duplicate);
  await recordTrail(tx, scope.actor, { type: TrailType.Create, objectType: 'code', objectId: row.id, newValue: row });
  return row;
}

export async function createCode(deps: Deps, scope: CodeScope, body: CodeBody): Promise<number> {
  return deps.db.transaction(async (tx) => (await insertCode(tx, scope, { body })).id);
}

export async function updateCode(
  deps: Deps,
  scope: CodeScope,
  { id, body }: { id: number; body: CodeBody },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnCode(tx, scope, id);
    await assertTypeVisible(tx, scope, body.typeId);
    await assertCodeFree(tx, scope, { typeId: body.typeId, code: body.code, exceptId: id });
    const [after] = await tx
      .update(codes)
      .set({ ...valuesOf(body), updatedAt: new Date() })
      .where(and(eq(codes.id, id), ownIn(codes, scope)))
      .returning()
      .catch(duplicate);
    await recordTrail(tx, scope.actor, {
      type: TrailType.Update,
      objectType: 'code',
      objectId: id,
      oldValue: before,
      newValue: after,
    });
  });
}

export async function deleteCode(deps: Deps, scope: CodeScope, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await loadOwnCode(tx, scope, id);
    await tx.delete(codes).where(eq(codes.id, id));
    await recordTrail(tx, scope.actor, { type: TrailType.Delete, objectType: 'code', objectId: id, oldValue: before });
  });
}
