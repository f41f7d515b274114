import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { projectMemberPage } from '@edoc/contract/member';
import { managedCompanyList, projectEntryData, projectEntryList } from '@edoc/contract/project';
import { roleList } from '@edoc/contract/role';
import { siteList } from '@edoc/contract/site';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const projectRow = (id: number, name: string) => ({
  study_id: id,
  study_name: name,
  study_code: `S-${id}`,
  company_id: 3,
  company_name: 'Acme Pharma',
  taskNum: 0,
  mark: false,
  idle_time: 30,
  study_page_size: 10,
  reviewOpen: true,
  qcOpen: true,
  approveOpen: true,
  closed: false,
  inspector: false,
});

/** What each project holds: different sites, roles and members, so a leak from A into B shows. */
const PROJECTS = {
  11: { name: 'Alpha trial', site: 'Alpha Hospital', role: 'Alpha Monitor', member: 'Alice Alpha' },
  12: { name: 'Beta trial', site: 'Beta Clinic', role: 'Beta Reviewer', member: 'Bob Beta' },
} as const;
type ProjectId = keyof typeof PROJECTS;

/** The server's answers for the project the session entered last. */
function mockServer() {
  let entered: ProjectId | null = null;
  const current = () => PROJECTS[entered ?? 11];
  return mockApi({
    'GET /common/study': () =>
      reply(projectEntryList, { data: [projectRow(11, 'Alpha trial'), projectRow(12, 'Beta trial')], total: 2 }),
    'GET /common/company': () => reply(managedCompanyList, []),
    'POST /common/study/entry': (_url, init) => {
      entered = Number(new URLSearchParams(String(init?.body)).get('studyId')) as ProjectId;
      return reply(projectEntryData, {
        roleCode: 'STU_PM',
        libraryFolder: true,
        studyId: entered,
        studyName: PROJECTS[entered].name,
        idleTime: 30,
        pageSize: 10,
        reviewOpen: true,
        qcOpen: true,
        approveOpen: true,
        allowedFileTypes: [],
        authorities: [],
        closed: false,
        inspector: null,
        rights: { fullAccess: true, readOnly: false, inspector: null, docKeys: [], libraryKeys: [] },
      });
    },
    'GET /site/list': () =>
      reply(siteList, [
        {
          siteId: entered ?? 0,
          name: current().site,
          shortName: null,
          code: 'S01',
          countryId: null,
          countryCode: null,
          memberCount: 1,
        },
      ]),
    'GET /role/list': () =>
      reply(roleList, [
        {
          roleId: 100 + (entered ?? 0),
          code: 'CRA',
          name: current().role,
          description: null,
          builtin: false,
          docKeys: ['viewDoc'],
          libraryKeys: [],
          memberCount: 1,
        },
      ]),
    'GET /manage/member/list': () =>
      reply(projectMemberPage, {
        data: [
          {
            memberId: 200 + (entered ?? 0),
            userId: 300 + (entered ?? 0),
            userName: current().member,
            email: 'm@x.test',
            roleId: 100 + (entered ?? 0),
            roleCode: 'CRA',
            roleName: current().role,
            siteIds: [entered ?? 0],
          },
        ],
        total: 1,
      }),
  });
}

/** Whether any of the texts shows from now on, even for a moment (a flash of the previous project's data). */
function watchFor(texts: readonly string[]): () => string[] {
  const seen = new Set<string>();
  const check = (node: Node | null) => {
    const text = node?.textContent ?? '';
    for (const t of texts) if (text.includes(t)) seen.add(t);
  };
  check(document.body);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') check(r.target);
      r.addedNodes.forEach(check);
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => {
    observer.disconnect();
    return [...seen];
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('switching project', () => {
  it("never shows the previous project's sites, roles or members", async () => {
    await changeLanguage('en-US');
    signIn('project');
    mockServer();
    const router = renderApp('/select');
    const go = (path: string) => act(() => router.navigate(path));

    // Project A: its members (with site names), sites and roles.
    fireEvent.click(await screen.findByRole('link', { name: 'Alpha trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'), { timeout: 5000 });
    await go('/manage/user');
    expect(await screen.findByText('Alice Alpha')).toBeInTheDocument();
    expect(await screen.findByText('Alpha Hospital')).toBeInTheDocument();
    await go('/manage/user?tab=sites');
    expect(await screen.findByText('Alpha Hospital')).toBeInTheDocument();
    await go('/manage/user?tab=roles');
    expect(await screen.findByText('Alpha Monitor')).toBeInTheDocument();

    // Back to the picker, into project B.
    await go('/select');
    fireEvent.click(await screen.findByRole('link', { name: 'Beta trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'), { timeout: 5000 });
    const shownOfA = watchFor(['Alpha Hospital', 'Alpha Monitor', 'Alice Alpha']);
    await go('/manage/user?tab=roles');
    expect(await screen.findByText('Beta Reviewer')).toBeInTheDocument();
    await go('/manage/user?tab=sites');
    expect(await screen.findByText('Beta Clinic')).toBeInTheDocument();
    await go('/manage/user');
    expect(await screen.findByText('Bob Beta')).toBeInTheDocument();
    expect(await screen.findByText('Beta Clinic')).toBeInTheDocument();

    expect(shownOfA()).toEqual([]);
  }, 60_000);
});
