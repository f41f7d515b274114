import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '../test/fetch-mock';
import { authRoutes } from '@edoc/contract/auth-routes';
import { folderRoutes } from '@edoc/contract/folder-routes';
import { tagRoutes } from '@edoc/contract/tag-routes';
import { userRoutes } from '@edoc/contract/user-routes';
import { ApiError, call, callForm, setProjectLostHandler, setUnauthorizedHandler } from './api-client';
import { getSession, setSession } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it("sends back the furthest write's position the server named, so a replica never answers older (issue 30)", async () => {
    sessionStorage.removeItem('edoc.lsn');
    setSession({ token: 'tok', language: 'en-US' });
    const written = (lsn: string) => {
      const res = envelope({ tagId: 1 });
      res.headers.set('X-Edoc-Lsn', lsn);
      return res;
    };
    const fetchMock = mockApi({
      'GET /user/info': () => envelope({ userId: 7 }),
      'POST /tag/create': (_url, init) =>
        written(JSON.parse(String(init?.body)).name === 'later' ? '1/A0' : '0/FFFFFFF0'),
    });
    const sent = () => new Headers(fetchMock.mock.calls.at(-1)![1]?.headers).get('X-Edoc-Min-Lsn');
    await call(userRoutes.info);
    expect(sent()).toBeNull();
    await call(tagRoutes.create, { body: { name: 'later' } });
    await call(userRoutes.info);
    expect(sent()).toBe('1/A0');
    // An answer naming an older position (another node's, a replica's lag) never moves it back.
    await call(tagRoutes.create, { body: { name: 'earlier' } });
    await call(userRoutes.info);
    expect(sent()).toBe('1/A0');
    sessionStorage.removeItem('edoc.lsn');
  });

  it('sends the token and language, and unwraps the envelope', async () => {
    setSession({ token: 'tok', language: 'en-US' });
    const fetchMock = mockApi({ 'GET /user/info': () => envelope({ userId: 7 }) });
    await expect(call(userRoutes.info)).resolves.toEqual({ userId: 7 });
    const init = fetchMock.mock.calls[0][1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept-Language')).toBe('en-US');
  });

  it('sends form bodies url-encoded and leaves the token off public calls', async () => {
    setSession({ token: 'stale' });
    const fetchMock = mockApi({ 'POST /login': () => envelope({}) });
    await callForm(authRoutes.login, { body: { email: 'a@b.cn', password: 'p&q' }, auth: false });
    const init = fetchMock.mock.calls[0][1];
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(String(init?.body)).toBe('email=a%40b.cn&password=p%26q');
  });

  it('throws the server message and code when status is false', async () => {
    mockApi({
      'POST /login': () => envelope(null, { status: 423, errorCode: 'too_many_wrong_passwords', msg: 'locked' }),
    });
    const error = await callForm(authRoutes.login, { body: { email: 'a@b.cn', password: 'p' }, auth: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorCode: 'too_many_wrong_passwords', msg: 'locked', httpStatus: 423 });
  });

  it('ends the session on a 401 of a call that carried a token, keeping the language', async () => {
    setSession({ token: 'tok', userName: 'Ann', language: 'en-US' });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'GET /user/info': () => envelope(null, { status: 401, errorCode: 'session_expired', msg: 'over' }) });
    await expect(call(userRoutes.info)).rejects.toMatchObject({ httpStatus: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(getSession()).toMatchObject({ token: null, userName: null, language: 'en-US' });
  });

  it('leaves a project run out under the user, or an ended inspection, keeping the sign-in (issues 9, 11)', async () => {
    for (const errorCode of ['project_expired', 'inspector_access_ended']) {
      setSession({
        token: 'tok',
        projectId: 4,
        projectName: 'P',
        roleCode: 'STU_PM',
        authorities: ['viewDoc'],
        inspector: { endsOn: '2026-12-31', canDownload: false },
      });
      const onProjectLost = vi.fn();
      const onUnauthorized = vi.fn();
      setProjectLostHandler(onProjectLost);
      setUnauthorizedHandler(onUnauthorized);
      mockApi({ 'GET /folder/tree/0': () => envelope(null, { status: 403, errorCode, msg: 'closed' }) });
      await expect(call(folderRoutes.tree0)).rejects.toMatchObject({ errorCode, httpStatus: 403 });
      expect(onProjectLost).toHaveBeenCalledOnce();
      expect(onProjectLost.mock.calls[0][0]).toMatchObject({ msg: 'closed' });
      expect(onUnauthorized).not.toHaveBeenCalled();
      expect(getSession()).toMatchObject({
        token: 'tok',
        projectId: null,
        projectName: null,
        authorities: [],
        inspector: null,
      });
    }
  });

  it('stays in a closed project when a change is refused, and marks it closed (issue 11)', async () => {
    setSession({ token: 'tok', projectId: 4, roleCode: 'STU_PM' });
    const onProjectLost = vi.fn();
    setProjectLostHandler(onProjectLost);
    mockApi({ 'POST /tag/create': () => envelope(null, { status: 403, errorCode: 'project_closed', msg: 'closed' }) });
    await expect(call(tagRoutes.create, { body: { name: 'x' } })).rejects.toMatchObject({
      errorCode: 'project_closed',
    });
    expect(onProjectLost).not.toHaveBeenCalled();
    expect(getSession()).toMatchObject({ projectId: 4, roleCode: 'STU_PM', closed: true });
  });

  it('does not leave the project on other refusals', async () => {
    setSession({ token: 'tok', projectId: 4 });
    const onProjectLost = vi.fn();
    setProjectLostHandler(onProjectLost);
    mockApi({ 'GET /folder/tree/0': () => envelope(null, { status: 403, errorCode: 'forbidden', msg: 'no' }) });
    await expect(call(folderRoutes.tree0)).rejects.toMatchObject({ errorCode: 'forbidden' });
    expect(onProjectLost).not.toHaveBeenCalled();
    expect(getSession().projectId).toBe(4);
  });

  it('does not treat a failed sign-in (no token) as a lost session', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'POST /login': () => envelope(null, { status: 401, errorCode: 'wrong_credentials', msg: 'wrong' }) });
    await expect(
      callForm(authRoutes.login, { body: { email: 'a@b.cn', password: 'p' }, auth: false }),
    ).rejects.toMatchObject({ msg: 'wrong' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('passes blobs through', async () => {
    setSession({ token: 'tok' });
    mockApi({ 'GET /user/avatar/1': () => new Response('png', { status: 200 }) });
    const blob = await call(userRoutes.avatar, { params: { userId: 1 } });
    expect(await blob.text()).toBe('png');
  });

  it('reports an unreachable server with the generic request-failed text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network'))),
    );
    setSession({ language: 'en-US' });
    await expect(call(authRoutes.captcha)).rejects.toMatchObject({
      errorCode: 'request_failed',
      msg: 'Request failed',
    });
  });
});
