import { describe, expect, it } from 'vitest';
import { guardRedirect, homePathFor, type GuardSession } from './guard';

// The rights are the project entry answer's (issue 24); the role codes only say that a role was chosen.
const none = { fullAccess: false, inspector: null };
const anonymous: GuardSession = { token: null, userType: null, roleCode: null, ...none };
const systemAdmin: GuardSession = { token: 't', userType: 1, roleCode: null, ...none };
const companyNoRole: GuardSession = { token: 't', userType: 2, roleCode: null, ...none };
const companyAdmin: GuardSession = { token: 't', userType: 2, roleCode: 'COMPANY_ADMIN', ...none };
const projectNoRole: GuardSession = { token: 't', userType: 3, roleCode: null, ...none };
const projectPm: GuardSession = { token: 't', userType: 3, roleCode: 'STU_PM', ...none, fullAccess: true };
const projectStaff: GuardSession = { token: 't', userType: 3, roleCode: 'STU_STAFF', ...none };
const inspector: GuardSession = {
  token: 't',
  userType: 3,
  roleCode: 'INSPECTOR',
  fullAccess: false,
  inspector: { endsOn: '2026-12-31', canDownload: false },
};

describe('route guard (SPEC §2)', () => {
  it.each(['/login', '/view', '/license', '/select', '/register', '/404'])('lets anyone open public %s', (path) => {
    expect(guardRedirect(anonymous, path)).toBeNull();
  });

  it('lets public paths keep their query-free sub paths public too', () => {
    expect(guardRedirect(anonymous, '/view/x')).toBeNull();
  });

  it.each(['/', '/home/pending', '/system/notice', '/company/project/list', '/manage/user'])(
    'sends a visitor without a token from %s to /login',
    (path) => {
      expect(guardRedirect(anonymous, path)).toBe('/login');
    },
  );

  it('leaves unknown paths to the not-found page', () => {
    expect(guardRedirect(anonymous, '/no/such/page')).toBeNull();
    expect(guardRedirect(projectPm, '/systems')).toBeNull();
  });

  it('sends company and project users without a chosen role to the project picker', () => {
    expect(guardRedirect(companyNoRole, '/company/project/list')).toBe('/select');
    expect(guardRedirect(projectNoRole, '/home/pending')).toBe('/select');
    expect(guardRedirect(projectNoRole, '/')).toBe('/select');
  });

  it('does not require a role of the system administrator', () => {
    expect(guardRedirect(systemAdmin, '/system/company/list')).toBeNull();
  });

  it('sends ordinary staff away from any path containing manage', () => {
    expect(guardRedirect(projectStaff, '/manage/user')).toBe('/404');
    expect(guardRedirect(projectStaff, '/manage')).toBe('/404');
    expect(guardRedirect(projectPm, '/manage/user')).toBeNull();
    expect(guardRedirect(projectStaff, '/home/pending')).toBeNull();
  });

  it('decides management from the rights the server gave, not from the role code (issue 24)', () => {
    // A custom role the server does not make the administrator: sent away as staff are.
    const cra: GuardSession = { token: 't', userType: 3, roleCode: 'CRA', ...none };
    expect(guardRedirect(cra, '/manage/group')).toBe('/404');
    expect(guardRedirect(cra, '/manage')).toBe('/404');
    expect(guardRedirect(cra, '/work')).toBeNull();
    // Any code the server marks the administrator (a company administrator, the built-in role) may manage.
    const administrator: GuardSession = { ...cra, roleCode: 'LEAD', fullAccess: true };
    expect(guardRedirect(administrator, '/manage/group')).toBeNull();
    expect(guardRedirect({ ...projectStaff, fullAccess: true }, '/manage/user')).toBeNull();
    // The administrator's code without the server's word is nobody's administrator.
    expect(guardRedirect({ ...projectPm, fullAccess: false }, '/manage/user')).toBe('/404');
  });

  it('sends the site root to the area of the user type', () => {
    expect(guardRedirect(systemAdmin, '/')).toBe('/system');
    expect(guardRedirect(companyAdmin, '/')).toBe('/company');
    expect(guardRedirect(projectPm, '/')).toBeNull();
  });

  it("answers not found for another user type's area", () => {
    expect(guardRedirect(systemAdmin, '/home/pending')).toBe('/404');
    expect(guardRedirect(companyAdmin, '/system/notice')).toBe('/404');
    expect(guardRedirect(projectPm, '/company/user')).toBe('/404');
  });

  it('keeps an inspector in the file library (issue 11)', () => {
    expect(guardRedirect(inspector, '/file')).toBeNull();
    expect(guardRedirect(inspector, '/file/anything')).toBeNull();
    for (const path of ['/', '/home/pending', '/work', '/manage', '/manage/user', '/manage/inspector']) {
      expect(guardRedirect(inspector, path), path).toBe('/file');
    }
    // Their personal centre: the password and the language are theirs.
    expect(guardRedirect(inspector, '/user')).toBeNull();
    // Public pages stay open (the picker to switch projects, the viewer of a library document).
    expect(guardRedirect(inspector, '/select')).toBeNull();
    expect(guardRedirect(inspector, '/view')).toBeNull();
    expect(guardRedirect(inspector, '/company/user')).toBe('/404');
    expect(guardRedirect(inspector, '/files')).toBeNull();
    expect(homePathFor(inspector)).toBe('/file');
  });

  it('knows where each user type starts', () => {
    expect(homePathFor(anonymous)).toBe('/login');
    expect(homePathFor(systemAdmin)).toBe('/system');
    expect(homePathFor(companyNoRole)).toBe('/select');
    expect(homePathFor(companyAdmin)).toBe('/company');
    expect(homePathFor(projectPm)).toBe('/');
  });
});
