import { describe, expect, it } from 'vitest';
import { clearSession, getSession, setSession } from './session';

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

  it('reads a tampered value as the default instead of failing', () => {
    window.sessionStorage.setItem('edoc.userType', '9');
    window.sessionStorage.setItem('edoc.pageSize', 'not json');
    setSession({}); // an empty patch still drops the cached snapshot
    expect(getSession().userType).toBeNull();
    expect(getSession().pageSize).toBe(10);
  });
});
