import type { LoginData } from '@edoc/contract/auth';
import { API_BASE } from '@edoc/contract/limits';
import type { Lang } from '@edoc/contract/enums';
import type { ServerMetadata } from 'openid-client';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ssoIdentities, ssoProviders, ssoRequests } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, fail } from '../../lib/app-error.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { Deps } from '../../lib/deps.ts';
import type { ClientInfo } from '../../plugins/context.ts';
import { openSession, refuse } from '../auth/login.service.ts';
import { accountFor, applyGroupRules, createJitAccount, identityOf } from './sso-account.ts';
import { authorizationUrl, configOf, exchangeCode, newAuthRequest } from './oidc.ts';

/*
 * The sign-in and re-authentication flow (docs/identity.md "Part 1 and 2"). An sso_requests row holds one
 * authorization request (state hashed, 10 minutes, used once). After the callback the same row carries a one-use
 * proof (proof_hash): for 'login' the ticket /sso/complete exchanges for a session, for 'sign' the proof the
 * e-signature check takes. Neither the session token nor the proof is ever in a URL the provider sees.
 */

const REQUEST_MINUTES = 10;
export const PROOF_MINUTES = 5;
type Provider = typeof ssoProviders.$inferSelect;

const redirectUri = (deps: Deps) => `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${API_BASE}/sso/callback`;
const webUrl = (deps: Deps, path: string) => `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${path}`;

export async function enabledProvider(deps: Deps, id: number): Promise<Provider> {
  const [p] = await deps.db
    .select()
    .from(ssoProviders)
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.enabled, true)));
  if (!p?.discovery) return fail('sso_provider_unavailable');
  return p;
}

const configFor = (p: Provider) => configOf(p, p.discovery as ServerMetadata);

/** Starts an authorization request: 'login' from the login page, 'sign' for a signed-in user's fresh authentication. */
export async function startRequest(
  deps: Deps,
  p: Provider,
  o: { purpose: 'login' | 'sign'; lang: Lang; userId?: number; returnTo?: string },
): Promise<string> {
  const req = newAuthRequest();
  await deps.db.insert(ssoRequests).values({
    stateHash: sha256(req.state),
    providerId: p.id,
    purpose: o.purpose,
    nonce: req.nonce,
    codeVerifier: req.codeVerifier,
    userId: o.userId,
    returnTo: o.returnTo,
    lang: o.lang,
    expiresAt: new Date(Date.now() + REQUEST_MINUTES * 60_000),
  });
  return authorizationUrl(configFor(p), req, redirectUri(deps), o.purpose === 'sign');
}

/** Takes the request for this state once: a replayed or expired state finds nothing. */
async function takeRequest(deps: Deps, state: string) {
  const [row] = await deps.db
    .update(ssoRequests)
    .set({ usedAt: new Date() })
    .where(
      and(eq(ssoRequests.stateHash, sha256(state)), isNull(ssoRequests.usedAt), gt(ssoRequests.expiresAt, new Date())),
    )
    .returning();
  return row;
}

/**
 * GET /sso/callback: checks the answer and the ID token, finds the account, and hands the browser a one-use ticket
 * (login) or proof (sign). Returns where to send the browser; every failure is a redirect with its error code.
 */
export async function callback(
  deps: Deps,
  q: { state?: string; code?: string; error?: string },
  callbackUrl: URL,
  client: ClientInfo,
): Promise<string> {
  const req = q.state ? await takeRequest(deps, q.state) : undefined;
  if (!req) return webUrl(deps, '/login?sso_error=sso_state_invalid');
  const back = (code: string) =>
    req.purpose === 'sign'
      ? webUrl(deps, `${req.returnTo ?? '/'}#sso_error=${code}`)
      : webUrl(deps, `/login?sso_error=${code}&lang=${req.lang}`);
  try {
    const p = await enabledProvider(deps, req.providerId);
    const claims = await exchangeCode(configFor(p), callbackUrl, {
      state: q.state!,
      nonce: req.nonce,
      codeVerifier: req.codeVerifier,
    });
    const id = identityOf(p, claims);
    const found = await accountFor(deps, p, id);
    if (req.purpose === 'sign') return signProof(deps, req, claims, found?.id, back);
    const { email } = id;
    if (!id.emailVerified) return await refuse(deps, client, 'sso_email_unverified', found, email);
    const user = found ?? (await createJitAccount(deps, p, id, { lang: req.lang as Lang, client }));
    if (!user) return await refuse(deps, client, 'sso_no_account', undefined, email);
    if (!user.enabled) return await refuse(deps, client, 'user_disabled', user, email);
    await applyGroupRules(deps, user, id.groups, client);
    const ticket = randomToken();
    await deps.db
      .update(ssoRequests)
      .set({ userId: user.id, proofHash: sha256(ticket) })
      .where(eq(ssoRequests.id, req.id));
    await deps.db
      .update(ssoIdentities)
      .set({ lastSignInAt: new Date() })
      .where(and(eq(ssoIdentities.providerId, p.id), eq(ssoIdentities.subject, claims.sub)));
    // The ticket goes in the fragment: never sent to a server, never in a log.
    return webUrl(deps, `/sso/complete#ticket=${ticket}`);
  } catch (err) {
    if (err instanceof AppError) return back(err.code);
    throw err;
  }
}

async function signProof(
  deps: Deps,
  req: typeof ssoRequests.$inferSelect,
  claims: { auth_time?: number; sub: string },
  userId: number | undefined,
  back: (code: string) => string,
): Promise<string> {
  if (userId === undefined || userId !== req.userId) return back('sso_proof_invalid');
  const authTime = claims.auth_time ? new Date(claims.auth_time * 1000) : undefined;
  // auth_time has one-second resolution: a login in the request's second counts as after it.
  const fresh =
    authTime &&
    authTime.getTime() >= Math.floor(req.createdAt.getTime() / 1000) * 1000 &&
    Date.now() - authTime.getTime() <= PROOF_MINUTES * 60_000;
  if (!fresh) return back('sso_reauth_stale');
  const proof = randomToken();
  await deps.db
    .update(ssoRequests)
    .set({ authTime, proofHash: sha256(proof) })
    .where(eq(ssoRequests.id, req.id));
  return webUrl(deps, `${req.returnTo ?? '/'}#sso_proof=${proof}`);
}

/** POST /sso/complete: the ticket, once and within the request's life, for a session opened by SSO. */
export async function complete(deps: Deps, ticket: string, client: ClientInfo): Promise<LoginData> {
  const [row] = await deps.db
    .update(ssoRequests)
    .set({ proofUsedAt: new Date() })
    .where(
      and(
        eq(ssoRequests.proofHash, sha256(ticket)),
        eq(ssoRequests.purpose, 'login'),
        isNull(ssoRequests.proofUsedAt),
        gt(ssoRequests.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!row?.userId) return fail('sso_ticket_invalid');
  const [user] = await deps.db.select().from(users).where(eq(users.id, row.userId));
  if (!user?.enabled) return fail('sso_ticket_invalid');
  return openSession(deps, user, row.lang as Lang, client, 'sso');
}

/**
 * The e-signature check for an SSO account: the proof, once, by the user it was made for, within 5 minutes of the
 * fresh authentication. Throws sso_proof_invalid otherwise.
 */
export async function consumeSignProof(deps: Deps, userId: number, proof: string): Promise<void> {
  const [row] = await deps.db
    .update(ssoRequests)
    .set({ proofUsedAt: new Date() })
    .where(
      and(
        eq(ssoRequests.proofHash, sha256(proof)),
        eq(ssoRequests.purpose, 'sign'),
        eq(ssoRequests.userId, userId),
        isNull(ssoRequests.proofUsedAt),
        gt(ssoRequests.authTime, new Date(Date.now() - PROOF_MINUTES * 60_000)),
      ),
    )
    .returning({ id: ssoRequests.id });
  if (!row) fail('sso_proof_invalid');
}
