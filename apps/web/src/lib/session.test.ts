import { describe, expect, it } from 'vitest';
import { clearSession, getSession, leaveProject, setSession } from './session';

describe('session', () => {
  it('has the SPEC §3 defaults', () => {
    expect(getSession()).toMatchObject({
      token: null,
      pageSize: 10,
      libraryFolder: false,
      authorities: [],
      language: 'zh-CN',
    });
  });

  it('stores typed values in sessionStorage and clears all but the language', () => {
    setSession({ token: 't', userType: 3, roleCode: 'STU_PM', idleTime: 30, language: 'en-US', versions: [1, 2] });
    expect(window.sessionStorage.getItem('edoc.token')).toBe('"t"');
    expect(getSession()).toMatchObject({ token: 't', userType: 3, idleTime: 30, versions: [1, 2] });
    clearSession();
    expect(getSession()).toMatchObject({
      token: null,
      userType: null,
      roleCode: null,
      versions: [],
      language: 'en-US',
    });
  });

  it('keeps a closed project and an inspector access, and forgets both on leaving the project (issue 11)', () => {
    setSession({ token: 't', projectId: 4, closed: true, inspector: { endsOn: '2026-12-31', canDownload: true } });
    expect(getSession()).toMatchObject({ closed: true, inspector: { endsOn: '2026-12-31', canDownload: true } });
    leaveProject();
    expect(getSession()).toMatchObject({ token: 't', projectId: null, closed: false, inspector: null });
  });

  it('reads a tampered value as the default instead of failing', () => {
    window.sessionStorage.setItem('edoc.userType', '9');
    window.sessionStorage.setItem('edoc.pageSize', 'not json');
    setSession({}); // an empty patch still drops the cached snapshot
    expect(getSession().userType).toBeNull();
    expect(getSession().pageSize).toBe(10);
    window.sessionStorage.setItem('edoc.inspector', '{"endsOn":5}');
    setSession({});
    expect(getSession().inspector).toBeNull();
  });
});
