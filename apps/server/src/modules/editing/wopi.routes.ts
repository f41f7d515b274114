import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { currentContent } from './editing.service.ts';
import { discoveryOf } from './wopi-discovery.ts';
import {
  fileInfo,
  lockFile,
  putFile,
  WOPI_LOCK_MAX,
  WopiRefusal,
  withWopiFile,
  type LockOperation,
} from './wopi-host.service.ts';
import { proofAccepted } from './wopi-proof.ts';
import { verifyWopiToken, type WopiClaims } from './wopi-token.ts';

const LOCK_OPERATIONS: readonly string[] = ['LOCK', 'GET_LOCK', 'REFRESH_LOCK', 'UNLOCK'] satisfies LockOperation[];

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The file id of the path: a session id; anything else names no file. */
function fileIdOf(request: FastifyRequest): number {
  const id = (request.params as { id: string }).id;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw new WopiRefusal(404);
  return Number(id);
}

/**
 * WOPI (issue 15): the calls a browser editor — Collabora Online, ONLYOFFICE Docs, Office Online Server — makes to
 * open and save a session's file: CheckFileInfo, GetFile, PutFile, Lock, GetLock, RefreshLock, Unlock. Answers are
 * WOPI's (bare status codes, X-WOPI-* headers), not the /edoc envelope. Each call carries the access token (query
 * access_token, or a Bearer header) and, when the editor has proof keys, its proof of the request.
 */
export async function wopiRoutes(wopi: FastifyInstance, deps: Deps) {
  // PutFile's body is the file, streamed into the blob store by the handler; other calls have no body.
  wopi.removeAllContentTypeParsers();
  wopi.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // A protocol surface, not the JSON API: left out of /edoc/docs (and of the matrix that walks it); wopi.test.ts
  // drives it as an editor would. Described in wopi.openapi.ts: change both.
  wopi.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // Read the discovery at start, so the first viewer page already lets the editor's pages in (its CSP is built from
  // what is known); an editor that is down delays nothing: the first launch tries again.
  wopi.addHook('onReady', async () => {
    const url = deps.config.WOPI_DISCOVERY_URL;
    if (url) void discoveryOf(url).catch(() => undefined);
  });
  wopi.setErrorHandler((error, _request, reply) => {
    if (error instanceof WopiRefusal) return reply.code(error.status).headers(error.headers).send();
    if (error instanceof AppError) {
      // The session ended while a save streamed in: the token no longer opens anything.
      const status = error.code === 'edit_session_ended' ? 401 : error.statusCode;
      return reply.code(status).header('X-WOPI-ServerError', error.code).send();
    }
    throw error;
  });

  /** The token's claims, once its signature, expiry and (when sent) the editor's proof hold; else 401. */
  async function claimsOf(request: FastifyRequest): Promise<WopiClaims> {
    const query = request.query as { access_token?: unknown };
    const bearer = header(request, 'authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const token = typeof query.access_token === 'string' ? query.access_token : bearer;
    const claims = token ? verifyWopiToken(token) : null;
    if (!token || !claims) throw new WopiRefusal(401);
    const proved = await proofAccepted(deps.config.WOPI_DISCOVERY_URL, {
      accessToken: token,
      // The URL the editor called: WOPISrc is built on WOPI_HOST_URL, so a proxy in front changes nothing.
      url: `${deps.config.WOPI_HOST_URL}${request.url}`,
      headers: {
        proof: header(request, 'x-wopi-proof'),
        proofOld: header(request, 'x-wopi-proofold'),
        timestamp: header(request, 'x-wopi-timestamp'),
      },
    });
    if (!proved) throw new WopiRefusal(401);
    return claims;
  }

  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  // CheckFileInfo
  wopi.get('/files/:id', async (request, reply) => {
    const fileId = fileIdOf(request);
    const claims = await claimsOf(request);
    const info = await withWopiFile(deps, claims, fileId, async (_tx, f) => fileInfo(deps, f));
    return noStore(reply).send(info);
  });

  // GetFile: the last save, else the version the session started from.
  wopi.get('/files/:id/contents', async (request, reply) => {
    const fileId = fileIdOf(request);
    const claims = await claimsOf(request);
    const content = await withWopiFile(deps, claims, fileId, async (_tx, f) => currentContent(f.session, f.base));
    noStore(reply).header('X-WOPI-ItemVersion', content.sha256);
    return sendBlob(request, reply, deps.blobs, { ...content, disposition: 'attachment' });
  });

  // PutFile
  wopi.post('/files/:id/contents', async (request, reply) => {
    const fileId = fileIdOf(request);
    const claims = await claimsOf(request);
    const override = header(request, 'x-wopi-override');
    if (override !== undefined && override.toUpperCase() !== 'PUT') throw new WopiRefusal(400);
    const lock = header(request, 'x-wopi-lock');
    const { version } = await putFile(deps, claims, { fileId, lock, body: request.raw });
    return noStore(reply).header('X-WOPI-ItemVersion', version).send({ LastModifiedTime: new Date().toISOString() });
  });

  // Lock, GetLock, RefreshLock, Unlock (and UnlockAndRelock); PutRelativeFile, RenameFile and the rest are refused.
  wopi.post('/files/:id', async (request, reply) => {
    const fileId = fileIdOf(request);
    const claims = await claimsOf(request);
    const op = header(request, 'x-wopi-override')?.toUpperCase() ?? '';
    if (!LOCK_OPERATIONS.includes(op)) throw new WopiRefusal(op === '' ? 400 : 501);
    const lock = header(request, 'x-wopi-lock');
    const oldLock = header(request, 'x-wopi-oldlock');
    if ((lock?.length ?? 0) > WOPI_LOCK_MAX || (oldLock?.length ?? 0) > WOPI_LOCK_MAX) throw new WopiRefusal(400);
    const headers = await lockFile(deps, claims, { fileId, op: op as LockOperation, lock, oldLock });
    return noStore(reply).headers(headers).send();
  });
}
