import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { editingRoutes } from '@edoc/contract/editing-routes';
import { documentRoutes } from '@edoc/contract/document-routes';
import { authRoutes } from '@edoc/contract/auth-routes';
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../../db/schema/documents.ts';
import { editSessions } from '../../db/schema/editing.ts';
import { users } from '../../db/schema/users.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createProjectWorld, signIn, type ProjectPerson, type ProjectWorld } from '../../test/factories.ts';
import { client } from '../../test/requests.ts';
import { startFakeEditor, EDITOR_ORIGIN } from '../../test/wopi-editor.ts';
import { docx, editingWorld, type EditingWorld } from '../../test/editing-fixture.ts';
import { signWopiToken } from './wopi-token.ts';

// Issue 15: edoc as a WOPI host. No editor server in CI: the test makes the calls Collabora / ONLYOFFICE would.
const HOST = 'https://edoc.example.test';
let ctx: TestContext;
let world: ProjectWorld;
let editor: ProjectPerson;
let fake: Awaited<ReturnType<typeof startFakeEditor>>;
let newDocx: EditingWorld['newDocx'];

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const as = (p: { token: string }) => client(ctx.app, p.token);

interface Launch {
  fileId: number;
  sessionId: number;
  token: string;
  actionUrl: string;
  ttl: number;
}

/** Starts a browser session as the viewer page does, and reads what it hands the editor. */
async function launch(p: ProjectPerson, fileId?: number): Promise<Launch> {
  const id = fileId ?? (await newDocx('Memo'));
  const res = await as(p).call(editingRoutes.start, { body: { fileId: id, mode: 'wopi' } });
  expect(res.statusCode).toBe(200);
  const { actionUrl, accessToken, accessTokenTtl } = res.data.wopi!;
  const wopiSrc = new URL(actionUrl).searchParams.get('WOPISrc')!;
  return {
    fileId: id,
    sessionId: Number(wopiSrc.split('/').pop()),
    token: accessToken,
    actionUrl,
    ttl: accessTokenTtl,
  };
}

/** One editor call: the WOPI path under /wopi/files/{id}, the token in the query as editors send it. */
function call(
  l: { sessionId: number; token: string },
  method: 'GET' | 'POST',
  suffix = '',
  opts = {} as {
    headers?: Record<string, string>;
    body?: Buffer;
  },
) {
  return ctx.app.inject({
    method,
    url: `/wopi/files/${l.sessionId}${suffix}?access_token=${encodeURIComponent(l.token)}`,
    headers: opts.headers,
    payload: opts.body,
  });
}
const lockCall = (l: Launch, override: string, lock?: string, extra: Record<string, string> = {}) =>
  call(l, 'POST', '', { headers: { 'x-wopi-override': override, ...(lock ? { 'x-wopi-lock': lock } : {}), ...extra } });
const putFile = (l: Launch, body: Buffer, lock?: string, type: Record<string, string> = {}) =>
  call(l, 'POST', '/contents', {
    headers: { 'x-wopi-override': 'PUT', ...type, ...(lock ? { 'x-wopi-lock': lock } : {}) },
    body,
  });
const versionsOf = (fileId: number) =>
  ctx.db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, fileId))
    .orderBy(asc(documentVersions.id));

beforeAll(async () => {
  fake = await startFakeEditor();
  ctx = await createTestContext({ WOPI_DISCOVERY_URL: fake.url, WOPI_HOST_URL: HOST, WOPI_TOKEN_MINUTES: '30' });
  ({ world, editor, newDocx } = await editingWorld(ctx, 'WO-1'));
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('the launch the viewer page gets', () => {
  it('is the editor’s edit page for the type with WOPISrc on WOPI_HOST_URL, and a token living WOPI_TOKEN_MINUTES', async () => {
    const before = Date.now();
    const l = await launch(editor);
    expect(l.actionUrl).toBe(
      `${EDITOR_ORIGIN}/we/wordeditorframe.aspx?WOPISrc=${encodeURIComponent(`${HOST}/wopi/files/${l.sessionId}`)}`,
    );
    expect(l.ttl).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(l.ttl).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    // The page may frame the editor and post the token to it.
    const csp = String((await ctx.app.inject({ url: '/edoc/health' })).headers['content-security-policy']);
    expect(csp).toContain(`frame-src 'self' ${new URL(fake.url).origin} ${EDITOR_ORIGIN}`);
    expect(csp).toContain(`form-action 'self' ${new URL(fake.url).origin} ${EDITOR_ORIGIN}`);
  });
});

describe('an editor opening, locking, saving and closing a document', () => {
  it('CheckFileInfo, GetFile, Lock, PutFile with and without the lock, GetLock, RefreshLock, Unlock: one version', async () => {
    const l = await launch(editor);
    const info = await call(l, 'GET');
    expect(info.statusCode).toBe(200);
    const [v1] = await versionsOf(l.fileId);
    expect(info.json()).toMatchObject({
      BaseFileName: v1.fileName,
      OwnerId: String(world.pm.id),
      Size: v1.size,
      UserId: String(editor.id),
      UserFriendlyName: (await ctx.db.select().from(users).where(eq(users.id, editor.id)))[0].name,
      Version: v1.sha256,
      SupportsLocks: true,
      SupportsGetLock: true,
      SupportsUpdate: true,
      UserCanWrite: true,
      UserCanNotWriteRelative: true,
      LastModifiedTime: v1.createdAt.toISOString(),
    });
    const file = await call(l, 'GET', '/contents');
    expect([file.statusCode, file.rawPayload.equals(docx('first')), file.headers['x-wopi-itemversion']]).toEqual([
      200,
      true,
      v1.sha256,
    ]);

    expect((await lockCall(l, 'LOCK', 'lock-A')).statusCode).toBe(200);
    expect((await lockCall(l, 'GET_LOCK')).headers['x-wopi-lock']).toBe('lock-A');
    const other = await lockCall(l, 'LOCK', 'lock-B');
    expect([other.statusCode, other.headers['x-wopi-lock']]).toEqual([409, 'lock-A']);
    for (const wrong of [undefined, 'lock-B']) {
      const refused = await putFile(l, docx('sneaky'), wrong);
      expect([refused.statusCode, refused.headers['x-wopi-lock']]).toEqual([409, 'lock-A']);
    }
    // Autosaves: each replaces the session's working content, no version yet (with or without a content type).
    for (const [text, type] of [
      ['second', { 'content-type': 'application/octet-stream' }],
      ['third', {}],
    ] as const) {
      const put = await putFile(l, docx(text), 'lock-A', type);
      expect([put.statusCode, put.headers['x-wopi-itemversion']]).toEqual([200, sha(docx(text))]);
    }
    expect(await versionsOf(l.fileId)).toHaveLength(1);
    expect((await call(l, 'GET')).json()).toMatchObject({ Version: sha(docx('third')), Size: docx('third').length });
    expect((await call(l, 'GET', '/contents')).rawPayload.equals(docx('third'))).toBe(true);

    expect((await lockCall(l, 'REFRESH_LOCK', 'lock-A')).statusCode).toBe(200);
    expect((await lockCall(l, 'REFRESH_LOCK', 'lock-B')).headers['x-wopi-lock']).toBe('lock-A');
    // UnlockAndRelock: the old lock must be the current one.
    expect((await lockCall(l, 'LOCK', 'lock-C', { 'x-wopi-oldlock': 'lock-B' })).statusCode).toBe(409);
    expect((await lockCall(l, 'LOCK', 'lock-C', { 'x-wopi-oldlock': 'lock-A' })).statusCode).toBe(200);
    expect((await lockCall(l, 'UNLOCK', 'lock-A')).statusCode).toBe(409);
    expect((await lockCall(l, 'UNLOCK', 'lock-C')).statusCode).toBe(200);
    const unlocked = await lockCall(l, 'GET_LOCK');
    expect([unlocked.statusCode, unlocked.headers['x-wopi-lock']]).toEqual([200, '']);
    // An unlocked file that is not empty takes no save (WOPI), nor does a refresh or unlock of no lock.
    const late = await putFile(l, docx('late'), 'lock-C');
    expect([late.statusCode, late.headers['x-wopi-lock']]).toEqual([409, '']);
    expect((await lockCall(l, 'REFRESH_LOCK', 'lock-C')).headers['x-wopi-lock']).toBe('');
    expect((await lockCall(l, 'PUT_RELATIVE')).statusCode).toBe(501);
    expect((await lockCall(l, 'LOCK')).statusCode).toBe(400);

    // The viewer page ends the session: the last save becomes the one new version, from online editing.
    const ended = await as(editor).call(editingRoutes.end, { params: { id: l.fileId } });
    expect(ended.data).toMatchObject({ outcome: 'saved', versionNo: 'V1.1' });
    const versions = await versionsOf(l.fileId);
    expect(versions.map((v) => [v.versionNo, v.source, v.sha256])).toEqual([
      ['V1.0', null, v1.sha256],
      ['V1.1', 'online', sha(docx('third'))],
    ]);
    // The token died with its session.
    expect((await call(l, 'GET')).statusCode).toBe(401);
    expect((await putFile(l, docx('after'), 'lock-C')).statusCode).toBe(401);
  });

  it('renews the session on every call, and an expired one answers nothing while another user may start', async () => {
    const l = await launch(editor);
    await ctx.db
      .update(editSessions)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(editSessions.id, l.sessionId));
    await lockCall(l, 'LOCK', 'lock-A');
    const [renewed] = await ctx.db.select().from(editSessions).where(eq(editSessions.id, l.sessionId));
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(renewed.lockToken).toBe('lock-A');

    await ctx.db
      .update(editSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(editSessions.id, l.sessionId));
    expect((await call(l, 'GET')).statusCode).toBe(401);
    expect((await putFile(l, docx('too late'), 'lock-A')).statusCode).toBe(401);
    const taken = await launch(world.pm, l.fileId);
    expect(taken.sessionId).not.toBe(l.sessionId);
    expect((await call(taken, 'GET')).json().UserId).toBe(String(world.pm.id));
    // The first editor's token does not open the new session.
    expect((await call({ sessionId: taken.sessionId, token: l.token }, 'GET')).statusCode).toBe(401);
    await as(world.pm).call(editingRoutes.end, { params: { id: l.fileId }, query: { discard: 'true' } });
  });
});

describe('access tokens', () => {
  it('refuses an expired, altered or foreign token (401), and a file id that names no session (404)', async () => {
    const l = await launch(editor);
    const other = await launch(editor);
    const claims = { sessionId: l.sessionId, userId: editor.id, documentId: l.fileId };
    const tokens = {
      expired: signWopiToken({ ...claims, exp: Date.now() - 1 }),
      anotherUser: signWopiToken({ ...claims, userId: world.pm.id, exp: Date.now() + 60_000 }),
      anotherDocument: signWopiToken({ ...claims, documentId: other.fileId, exp: Date.now() + 60_000 }),
      altered: `${l.token.slice(0, -2)}${l.token.endsWith('AA') ? 'BB' : 'AA'}`,
      none: '',
    };
    for (const [name, token] of Object.entries(tokens))
      expect([name, (await call({ sessionId: l.sessionId, token }, 'GET')).statusCode]).toEqual([name, 401]);
    // Another session's good token, on this file.
    expect((await call({ sessionId: l.sessionId, token: other.token }, 'GET', '/contents')).statusCode).toBe(401);
    const nobody = signWopiToken({
      sessionId: 2_000_000_000,
      userId: editor.id,
      documentId: l.fileId,
      exp: Date.now() + 60_000,
    });
    expect((await call({ sessionId: 2_000_000_000, token: nobody }, 'GET')).statusCode).toBe(404);
    // The Authorization header carries it too.
    const bearer = await ctx.app.inject({
      url: `/wopi/files/${l.sessionId}`,
      headers: { authorization: `Bearer ${l.token}` },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('ends with the sign-in it came from, and 12 hours after its session started (issue 25)', async () => {
    const own = { ...editor, token: await signIn(ctx, editor.email) };
    await as(own).call(projectEntryRoutes.enter, { body: { studyId: world.projectId } });
    const signedOut = await launch(own);
    expect((await call(signedOut, 'GET')).statusCode).toBe(200);
    await as(own).call(authRoutes.logout);
    expect((await call(signedOut, 'GET')).statusCode).toBe(401);
    expect((await putFile(signedOut, docx('after'))).statusCode).toBe(401);

    const old = await launch(editor);
    await ctx.db
      .update(editSessions)
      .set({ startedAt: new Date(Date.now() - 13 * 3600_000) })
      .where(eq(editSessions.id, old.sessionId));
    expect((await call(old, 'GET')).statusCode).toBe(401);
  });

  it('is not issued, nor a session started, when no WOPI editor is configured', async () => {
    const plain = await createTestContext();
    try {
      const w = await createProjectWorld(plain, 'WO-2');
      const res = await client(plain.app, w.pm.token).callUpload(documentRoutes.upload, {
        fields: { folderId: w.folderByIch.get('8.2.2')!, name: 'Plain' },
        file: { name: 'plain.docx', content: docx('x') },
      });
      const started = await client(plain.app, w.pm.token).call(editingRoutes.start, {
        body: {
          fileId: res.data.fileId,
          mode: 'wopi',
        },
      });
      // No editor answers: no session starts and the document stays free.
      expect([started.statusCode, started.errorCode]).toEqual([503, 'browser_editor_unavailable']);
      const status = await client(plain.app, w.pm.token).call(editingRoutes.exists, {
        params: { id: res.data.fileId },
      });
      expect(status.data).toMatchObject({ exists: false, browserEditor: false });
      expect(
        String((await plain.app.inject({ url: '/edoc/health' })).headers['content-security-policy']),
      ).not.toContain('frame-src');
    } finally {
      await plain.close();
    }
  });
});
