import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { editingRoutes } from '@edoc/contract/editing-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editSessions } from '../../db/schema/editing.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { docx, editingWorld, type EditingWorld } from '../../test/editing-fixture.ts';
import { signIn, type ProjectPerson } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';

// Issue 25, item 4: WebDAV took any name as the document, ignored If conditions and wrong ETags, answered 404 to the
// methods it does not offer, and its symbol outlived the user's sign-out.
let ctx: TestContext;
let editor: ProjectPerson;
let projectId: number;
let newDocx: EditingWorld['newDocx'];

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await editingWorld(ctx, 'DAV-1');
  ({ editor, newDocx } = made);
  projectId = made.world.projectId;
});
afterAll(() => ctx.close());

/** A WebDAV session of the editor's on a new document: its folder's address and the document's name. */
async function davSession(token = editor.token) {
  const fileId = await newDocx();
  const res = await client(ctx.app, token).call(editingRoutes.start, { body: { fileId, mode: 'webdav' } });
  const url = new URL(res.data.webdavUrl!);
  const folder = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
  const name = decodeURIComponent(url.pathname.slice(folder.length));
  const symbol = res.data.uniqueSymbol;
  const dav = (method: string, file: string, headers: Record<string, string> = {}, payload?: Buffer) =>
    ctx.app.inject({ method: method as 'GET', url: `${folder}${encodeURIComponent(file)}`, headers, payload });
  return { fileId, name, symbol, folder, dav };
}

describe('WebDAV for desktop clients', () => {
  it('serves its document only; the owner and lock files editors write are kept apart, never the document', async () => {
    const { name, dav } = await davSession();
    const document = await dav('GET', name);
    expect(document.statusCode).toBe(200);
    expect(document.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    for (const side of [`~$${name}`, `.~lock.${name}#`]) {
      expect((await dav('GET', side)).statusCode).toBe(404);
      expect((await dav('PUT', side, {}, Buffer.from('owner: Ed'))).statusCode).toBe(201);
      expect((await dav('GET', side)).body).toBe('owner: Ed');
      expect((await dav('DELETE', side)).statusCode).toBe(204);
      expect((await dav('GET', side)).statusCode).toBe(404);
    }
    // Another name is nothing: neither read nor written, and the document is untouched.
    expect((await dav('GET', 'other.docx')).statusCode).toBe(404);
    expect((await dav('PUT', 'other.docx', {}, docx('not me'))).statusCode).toBe(404);
    expect((await dav('GET', name)).headers.etag).toBe(document.headers.etag);
  });

  it('honours If and If-Match: a stale ETag or a failing Not is a 412; the right ones save and give the new ETag', async () => {
    const { name, dav } = await davSession();
    const etag = (await dav('GET', name)).headers.etag as string;
    const lock = await dav(
      'LOCK',
      name,
      { 'content-type': 'application/xml' },
      Buffer.from('<lockinfo xmlns="DAV:"/>'),
    );
    const token = String(lock.headers['lock-token']).replace(/[<>]/g, '');
    expect((await dav('PUT', name, { 'if-match': '"stale"' }, docx('x'))).statusCode).toBe(412);
    expect((await dav('PUT', name, { if: `(Not <${token}>)` }, docx('x'))).statusCode).toBe(412);
    expect((await dav('PUT', name, { if: `(<${token}> ["stale"])` }, docx('x'))).statusCode).toBe(412);
    expect((await dav('PUT', name, { if: '(<DAV:no-lock>)' }, docx('x'))).statusCode).toBe(412);
    const saved = await dav('PUT', name, { if: `(<${token}> [${etag}])` }, docx('saved'));
    expect(saved.statusCode).toBe(204);
    expect(saved.headers.etag).not.toBe(etag);
    expect((await dav('GET', name)).headers.etag).toBe(saved.headers.etag);
  });

  it('answers 405 with Allow to the methods a session’s one file does not offer', async () => {
    const { name, dav } = await davSession();
    for (const method of ['DELETE', 'MOVE', 'COPY', 'PROPPATCH', 'MKCOL']) {
      const res = await dav(method, name);
      expect(res.statusCode, method).toBe(405);
      expect(res.headers.allow).toContain('PROPFIND');
    }
  });

  it('ends with the sign-in it came from, and 12 hours after it started however often it is used', async () => {
    const own = await signIn(ctx, editor.email);
    await client(ctx.app, own).call(projectEntryRoutes.enter, { body: { studyId: projectId } });
    const signedOut = await davSession(editor.token);
    expect((await signedOut.dav('GET', signedOut.name)).statusCode).toBe(200);
    await client(ctx.app, editor.token).call(authRoutes.logout);
    expect((await signedOut.dav('GET', signedOut.name)).statusCode).toBe(410);
    expect((await signedOut.dav('PUT', signedOut.name, {}, docx('after'))).statusCode).toBe(410);
    const down = await ctx.app.inject({
      method: 'GET',
      url: `/edoc/minio/file/revise/down?uniqueSymbol=${signedOut.symbol}`,
    });
    expect(down.statusCode).toBe(410);

    editor.token = own;
    const old = await davSession(own);
    await ctx.db
      .update(editSessions)
      .set({ startedAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(editSessions.symbol, old.symbol));
    expect((await old.dav('GET', old.name)).statusCode).toBe(410);
  });
});
