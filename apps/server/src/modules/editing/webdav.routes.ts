import { randomUUID } from 'node:crypto';
import { EDIT_LOCK_MINUTES } from '@edoc/contract/editing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { editSessions } from '../../db/schema/editing.ts';
import { fail } from '../../lib/app-error.ts';
import type { Deps } from '../../lib/deps.ts';
import { sendBlob } from '../../lib/send-blob.ts';
import { saveWorking } from './editing-content.service.ts';
import { openSessionOf } from '../../access/edit-lock.ts';
import { currentContent, lockDeadline, sessionBySymbol } from './editing.service.ts';
import { closeSession } from '../../access/edit-session-close.ts';
import { conditionsHold, etagOf } from './webdav-conditions.ts';

/** The methods a desktop office suite uses on a WebDAV file (RFC 4918), which Fastify must be told of. */
export const WEBDAV_METHODS = [
  { method: 'PROPFIND', hasBody: true },
  { method: 'LOCK', hasBody: true },
  { method: 'UNLOCK', hasBody: false },
  // Not supported on a session's one file, but known, so they answer 405 with Allow rather than 404 (issue 25).
  { method: 'PROPPATCH', hasBody: true },
  { method: 'MKCOL', hasBody: true },
  { method: 'MOVE', hasBody: false },
  { method: 'COPY', hasBody: false },
] as const;

const ALLOW = 'OPTIONS, GET, HEAD, PUT, PROPFIND, LOCK, UNLOCK';
const UNSUPPORTED = ['PROPPATCH', 'MKCOL', 'MOVE', 'COPY', 'DELETE'] as const;
const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

type Session = Awaited<ReturnType<typeof sessionBySymbol>>;
interface Params {
  symbol: string;
  name?: string;
}

/** The body of PROPFIND or LOCK is read and set aside: every property is answered, every lock is exclusive. */
async function drain(request: FastifyRequest) {
  for await (const chunk of request.raw) if ((chunk as Buffer).length > 64 * 1024) break;
}

function lockDiscovery(token: string | null) {
  if (!token) return '<D:lockdiscovery/>';
  return (
    '<D:lockdiscovery><D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:exclusive/></D:lockscope>' +
    `<D:depth>0</D:depth><D:timeout>Second-${EDIT_LOCK_MINUTES * 60}</D:timeout>` +
    `<D:locktoken><D:href>${token}</D:href></D:locktoken></D:activelock></D:lockdiscovery>`
  );
}

function fileResponse({ session, base }: Session, href: string) {
  const c = currentContent(session, base);
  const modified = (session.workingSha256 ? new Date() : base.createdAt).toUTCString();
  return (
    `<D:response><D:href>${xmlEscape(href)}</D:href><D:propstat><D:prop>` +
    `<D:displayname>${xmlEscape(c.fileName)}</D:displayname><D:resourcetype/>` +
    `<D:getcontentlength>${c.size}</D:getcontentlength><D:getcontenttype>${c.contentType}</D:getcontenttype>` +
    `<D:getlastmodified>${modified}</D:getlastmodified><D:getetag>"${c.sha256}"</D:getetag>` +
    '<D:supportedlock><D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype>' +
    `</D:lockentry></D:supportedlock>${lockDiscovery(session.lockToken)}` +
    '</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>'
  );
}

/** A granted LOCK: the lock's DAV:lockdiscovery, its token also in the Lock-Token header. */
const lockAnswer = (reply: FastifyReply, token: string) =>
  reply
    .code(200)
    .header('Lock-Token', `<${token}>`)
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:">${lockDiscovery(token)}</D:prop>`);

const multistatus = (reply: FastifyReply, body: string, status = 207) =>
  reply
    .code(status)
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">${body}</D:multistatus>`);

/** The session's lock token, when the request names it in an If or Lock-Token header. */
const names = (request: FastifyRequest, token: string) =>
  [request.headers.if, request.headers['lock-token']].some((h) => typeof h === 'string' && h.includes(token));

/**
 * Files desktop editors write beside the one they edit: Word's owner file (~$name), LibreOffice's lock file
 * (.~lock.name#) and temporary saves (~WRL0001.tmp, name.tmp). They are kept apart from the document, in this
 * node's memory for a while, never stored as a version and never answered for the document.
 */
const SIDE_FILE = /^(~\$|\.~lock\.|~)|\.tmp$/i;
const SIDE_FILE_MAX_BYTES = 64 * 1024;
const SIDE_FILE_TTL_MS = 30 * 60_000;
const sideFiles = new Map<string, { content: Buffer; until: number }>();

function sideFile(key: string) {
  const file = sideFiles.get(key);
  if (file && file.until < Date.now()) sideFiles.delete(key);
  return file && file.until >= Date.now() ? file : null;
}

async function keepSideFile(key: string, request: FastifyRequest): Promise<boolean> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > SIDE_FILE_MAX_BYTES) return false;
    chunks.push(chunk as Buffer);
  }
  // A bounded number of them: the oldest go first.
  if (sideFiles.size >= 1000) sideFiles.delete(sideFiles.keys().next().value!);
  sideFiles.set(key, { content: Buffer.concat(chunks), until: Date.now() + SIDE_FILE_TTL_MS });
  return true;
}

const nameOf = (request: FastifyRequest) => {
  try {
    return decodeURIComponent((request.params as Params).name ?? '');
  } catch {
    return '';
  }
};

/**
 * WebDAV for the desktop suite (issue 15): /dav/{unique symbol}/{file name}, one file per session, authenticated by
 * the symbol alone (never the user's password). Word, WPS and LibreOffice LOCK, GET, PUT and UNLOCK it; each PUT is
 * a save of the session (no version yet), the UNLOCK of a closed document ends the session and makes its version.
 */
export async function webdavRoutes(dav: FastifyInstance, deps: Deps) {
  // Bodies are streams the handlers read themselves (a PUT is the file; PROPFIND and LOCK XML is set aside).
  dav.removeAllContentTypeParsers();
  // A protocol surface, not the JSON API: left out of /edoc/docs (and so of the matrix, which walks the document);
  // editing.test.ts drives it with a real WebDAV client instead. Described in webdav.openapi.ts: change both.
  dav.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  dav.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const session = (request: FastifyRequest) => sessionBySymbol(deps, (request.params as Params).symbol);

  // The session's folder is asked for with and without its final slash.
  for (const url of ['/:symbol', '/:symbol/*']) {
    dav.options(url, async (_request, reply) =>
      reply.header('DAV', '1, 2').header('Allow', ALLOW).header('MS-Author-Via', 'DAV').send(),
    );
    dav.route({ method: 'PROPFIND', url, handler: (request, reply) => propfind(request, reply) });
  }

  async function propfind(request: FastifyRequest, reply: FastifyReply) {
    await drain(request);
    const s = await session(request);
    const file = `/dav/${s.session.symbol}/${encodeURIComponent(s.base.fileName)}`;
    const wanted = (request.params as { '*'?: string })['*'] ?? '';
    let name = '';
    try {
      name = decodeURIComponent(wanted);
    } catch {
      return reply.code(404).send();
    }
    if (wanted !== '' && name !== s.base.fileName) return reply.code(404).send();
    if (wanted !== '') return multistatus(reply, fileResponse(s, file));
    // The session's folder: itself, and at depth 1 its one file.
    const folder =
      `<D:response><D:href>/dav/${s.session.symbol}/</D:href><D:propstat><D:prop><D:resourcetype><D:collection/>` +
      '</D:resourcetype></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>';
    return multistatus(reply, request.headers.depth === '0' ? folder : folder + fileResponse(s, file));
  }

  /**
   * What a name in the session's folder is: its document, a side file of the editor's, or nothing (404). The
   * session itself is checked first: a symbol that ended learns nothing about names.
   */
  async function target(request: FastifyRequest) {
    const s = await session(request);
    const name = nameOf(request);
    const kind = name === s.base.fileName ? 'document' : SIDE_FILE.test(name) ? 'side' : 'other';
    return { s, kind, key: `${s.session.symbol}/${name}` } as const;
  }

  // Fastify answers HEAD from this route too.
  dav.get('/:symbol/:name', async (request, reply) => {
    const { s, kind, key } = await target(request);
    if (kind === 'side') {
      const file = sideFile(key);
      return file ? reply.type('application/octet-stream').send(file.content) : reply.code(404).send();
    }
    if (kind === 'other') return reply.code(404).send();
    const content = currentContent(s.session, s.base);
    reply.header('etag', etagOf(content.sha256));
    return sendBlob(request, reply, deps.blobs, { ...content, disposition: 'inline' });
  });

  dav.put('/:symbol/:name', async (request, reply) => {
    const { s, kind, key } = await target(request);
    if (kind === 'side') {
      const existed = sideFile(key) !== null;
      if (!(await keepSideFile(key, request))) return reply.code(413).send();
      return reply.code(existed ? 204 : 201).send();
    }
    if (kind === 'other') return reply.code(404).send();
    const etag = etagOf(currentContent(s.session, s.base).sha256);
    if (!conditionsHold(request, { lockToken: s.session.lockToken, etag })) return reply.code(412).send();
    if (s.session.lockToken && !names(request, s.session.lockToken)) return reply.code(423).send();
    const saved = await saveWorking(deps, { symbol: s.session.symbol, input: request.raw });
    return reply
      .code(204)
      .header('etag', saved ? etagOf(saved.sha256) : etag)
      .send();
  });

  // Only a side file may be deleted; the document, the folder and the other methods of a full WebDAV server are not
  // offered on a session's one file.
  for (const method of UNSUPPORTED) {
    for (const url of ['/:symbol', '/:symbol/:name']) {
      dav.route({
        method,
        url,
        handler: async (request, reply) => {
          await drain(request);
          const { kind, key } = await target(request);
          if (method === 'DELETE' && kind === 'side') {
            sideFiles.delete(key);
            return reply.code(204).send();
          }
          if (kind === 'other' && (request.params as Params).name !== undefined) return reply.code(404).send();
          return reply.code(405).header('Allow', ALLOW).send();
        },
      });
    }
  }

  dav.route({
    method: 'LOCK',
    url: '/:symbol/:name',
    handler: async (request, reply) => {
      await drain(request);
      const { s, kind } = await target(request);
      if (kind === 'other') return reply.code(404).send();
      if (kind === 'side') {
        // Editors lock their side files too; nothing else uses them, so the lock is granted and not kept.
        return lockAnswer(reply, `opaquelocktoken:${randomUUID()}`);
      }
      const held = s.session.lockToken;
      const etag = etagOf(currentContent(s.session, s.base).sha256);
      if (!conditionsHold(request, { lockToken: held, etag })) return reply.code(412).send();
      // A refresh names the token it holds; a second LOCK by anyone else is refused while the first is held.
      if (held && !names(request, held)) return reply.code(423).send();
      const token = held ?? `opaquelocktoken:${randomUUID()}`;
      await deps.db
        .update(editSessions)
        .set({ lockToken: token, expiresAt: lockDeadline() })
        .where(eq(editSessions.id, s.session.id));
      return lockAnswer(reply, token);
    },
  });

  dav.route({
    method: 'UNLOCK',
    url: '/:symbol/:name',
    handler: async (request, reply) => {
      const { s, kind } = await target(request);
      if (kind === 'side') return reply.code(204).send();
      if (kind === 'other') return reply.code(404).send();
      if (!s.session.lockToken || !names(request, s.session.lockToken)) return reply.code(409).send();
      await deps.db.transaction(async (tx) => {
        const open = await openSessionOf(tx, s.session.documentId, true);
        if (!open || open.session.id !== s.session.id) fail('edit_session_ended');
        await closeSession(tx, deps.blobs, open, { outcome: 'saved', by: null });
      });
      return reply.code(204).send();
    },
  });
}
