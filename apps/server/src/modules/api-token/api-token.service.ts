import { API_TOKEN_PREFIX, TOKEN_MAX_DAYS, type ApiTokenCreateBody, type ApiTokenRow } from '@edoc/contract/api-token';
import { TrailType, UserType } from '@edoc/contract/enums';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/identity.ts';
import { members } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { CallerContext } from '../../plugins/context.ts';
import { recordTrail } from '../../trail/trail.service.ts';
import { inCompany } from '../company/account.service.ts';

type Token = typeof apiTokens.$inferSelect;

const shape = (t: Pick<Token, 'userId' | 'name' | 'prefix' | 'scopes' | 'projectIds' | 'expiresAt' | 'revokedAt'>) => ({
  userId: t.userId,
  name: t.name,
  prefix: t.prefix,
  scopes: t.scopes,
  projectIds: t.projectIds,
  expiresAt: t.expiresAt.toISOString(),
  revoked: t.revokedAt !== null,
});

const isCompanyAdmin = (ctx: CallerContext) =>
  ctx.auth.user.userType === UserType.Company && ctx.auth.user.isCompanyManager && ctx.auth.user.companyId !== null;

/**
 * The owner a caller may make or list tokens for: themself, or a service account of their company when they are its
 * administrator (the system administrator: any service account).
 */
async function ownerFor(tx: Tx, ctx: CallerContext, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === ctx.auth.user.id) return ctx.auth.user.id;
  const [account] = await tx
    .select({ companyId: users.companyId, isServiceAccount: users.isServiceAccount })
    .from(users)
    .where(eq(users.id, userId));
  const mine =
    ctx.auth.user.userType === UserType.System ||
    (isCompanyAdmin(ctx) && account?.companyId === ctx.auth.user.companyId);
  if (!account?.isServiceAccount || !mine) fail('service_account_not_found');
  return userId;
}

/** POST /api-token: answers the secret once; only its sha256 and a short prefix are kept. */
export async function createToken(deps: Deps, ctx: CallerContext, body: ApiTokenCreateBody) {
  const expiresAt = new Date(body.expiresAt);
  const now = Date.now();
  if (expiresAt.getTime() <= now) fail('invalid_value', { field: 'expiresAt' });
  if (expiresAt.getTime() > now + TOKEN_MAX_DAYS * 86_400_000) fail('token_expiry_too_far', { field: 'expiresAt' });
  const token = API_TOKEN_PREFIX + randomToken();
  const prefix = token.slice(0, API_TOKEN_PREFIX.length + 6);
  return deps.db.transaction(async (tx) => {
    const userId = await ownerFor(tx, ctx, body.userId);
    const projectIds = body.projectIds ? [...new Set(body.projectIds)].sort((a, b) => a - b) : null;
    if (projectIds?.length) {
      // Only projects the owner is in: a token is never a way into another project.
      const rows = await tx
        .select({ projectId: members.projectId })
        .from(members)
        .where(and(eq(members.userId, userId), inArray(members.projectId, projectIds)));
      if (rows.length !== projectIds.length) fail('invalid_value', { field: 'projectIds' });
    }
    const values = {
      userId,
      createdBy: ctx.auth.user.id,
      name: body.name,
      tokenHash: sha256(token),
      prefix,
      scopes: [...new Set(body.scopes)],
      projectIds: projectIds?.length ? projectIds : null,
      expiresAt,
    };
    const [row] = await tx.insert(apiTokens).values(values).returning({ id: apiTokens.id });
    await recordTrail(tx, ctx.actor, {
      type: TrailType.SettingsChange,
      objectType: 'api_token',
      objectId: row!.id,
      oldValue: null,
      newValue: shape({ ...values, revokedAt: null }),
    });
    return { id: row!.id, token, prefix };
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** GET /api-token/list: the caller's own tokens, or a service account's of their company. */
export async function listTokens(deps: Deps, ctx: CallerContext, userId: number | undefined): Promise<ApiTokenRow[]> {
  return deps.db.transaction(async (tx) => {
    const owner = await ownerFor(tx, ctx, userId);
    const rows = await tx.select().from(apiTokens).where(eq(apiTokens.userId, owner)).orderBy(desc(apiTokens.id));
    return rows.map((t) => ({
      id: t.id,
      userId: t.userId,
      name: t.name,
      prefix: t.prefix,
      scopes: t.scopes,
      projectIds: t.projectIds,
      expiresAt: t.expiresAt.toISOString(),
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: iso(t.lastUsedAt),
      lastUsedIp: t.lastUsedIp,
      revokedAt: iso(t.revokedAt),
    }));
  });
}

/** POST /api-token/{id}/revoke: one's own, any of the company's for its administrator, any for the system's. */
export async function revokeToken(deps: Deps, ctx: CallerContext, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ t: apiTokens, companyId: users.companyId })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.id, id))
      .for('update');
    const allowed =
      row &&
      (row.t.userId === ctx.auth.user.id ||
        ctx.auth.user.userType === UserType.System ||
        (isCompanyAdmin(ctx) && row.companyId === ctx.auth.user.companyId));
    if (!row || !allowed) fail('token_not_found');
    if (row.t.revokedAt) return;
    const revokedAt = new Date();
    await tx.update(apiTokens).set({ revokedAt, revokedBy: ctx.auth.user.id }).where(eq(apiTokens.id, id));
    const actor = row.companyId !== null ? inCompany(ctx.actor, row.companyId) : ctx.actor;
    await recordTrail(tx, actor, {
      type: TrailType.SettingsChange,
      objectType: 'api_token',
      objectId: id,
      oldValue: shape(row.t),
      newValue: shape({ ...row.t, revokedAt }),
    });
  });
}
