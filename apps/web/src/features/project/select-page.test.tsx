import { UserType } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  companyEntryData,
  managedCompanyList,
  projectList,
  projectEntryData,
  projectEntryList,
  projectMarkData,
  type ProjectRights,
} from '@edoc/contract/project';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { libraryList } from '@edoc/contract/library';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { getSession, setSession } from '../../lib/session';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { libraryTree, libRows } from '../../test/library-fixtures';
import { signIn } from '../../test/session';

function projectRow(id: number, name: string, mark: boolean, taskNum = 0) {
  return {
    study_id: id,
    study_name: name,
    study_code: `S-${id}`,
    company_id: 3,
    company_name: 'Acme Pharma',
    taskNum,
    mark,
    idle_time: 30,
    study_page_size: 20,
    reviewOpen: true,
    qcOpen: false,
    approveOpen: true,
    closed: false,
    inspector: false,
  };
}

/** The rights the server gives its administrator with the project (issue 24); `over` changes what a test needs. */
const adminRights = (over: Partial<ProjectRights> = {}): ProjectRights => ({
  fullAccess: true,
  readOnly: false,
  inspector: null,
  docKeys: ['viewDoc'],
  libraryKeys: ['viewDoc'],
  ...over,
});

/** What the server answers on entering a project as its administrator; the tests change what they look at. */
function entryOf(studyId: number, studyName: string) {
  return {
    roleCode: 'STU_PM',
    libraryFolder: true,
    studyId,
    studyName,
    idleTime: 30,
    pageSize: 10,
    reviewOpen: true,
    qcOpen: true,
    approveOpen: true,
    allowedFileTypes: [],
    authorities: ['viewDoc'],
    closed: false,
    inspector: null,
    rights: adminRights(),
  };
}

const alpha = projectRow(11, 'Alpha trial', false, 2);
const beta = projectRow(12, 'Beta trial', true, 5);

/** A company user before choosing a company or a project. */
const signInToChoose = () => signIn('company', { roleCode: null, companyId: null, companyName: null });

function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === `/edoc${path}`);
}

function rowNames(): string[] {
  const table = document.getElementById('project-table') as HTMLElement;
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1].textContent ?? '');
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('project select page', () => {
  it('lists the projects with favourites first, searches by name and hides the company controls', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    const fetchMock = mockApi({
      'GET /common/study': (url) =>
        reply(
          projectEntryList,
          url.searchParams.get('searchValue') === 'Alpha'
            ? { data: [alpha], total: 1 }
            : { data: [alpha, beta], total: 2 },
        ),
      'GET /common/company': () => reply(managedCompanyList, []),
    });
    renderApp('/select');
    expect(await screen.findByText('Beta trial')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Beta trial', 'Alpha trial']);
    expect(screen.getAllByText('Acme Pharma')).toHaveLength(2);
    const first = new URL(String(callsTo(fetchMock, '/common/study')[0][0]), 'http://x');
    expect(Object.fromEntries(first.searchParams)).toEqual({ pageNum: '1', pageSize: '1000' });
    // No company to manage: neither the dropdown nor its button (SPEC §2).
    await waitFor(() => expect(callsTo(fetchMock, '/common/company')).toHaveLength(1));
    expect(document.getElementById('company-manage')).toBeNull();

    const search = screen.getByPlaceholderText('Please enter the project name');
    fireEvent.change(search, { target: { value: ' Alpha ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(rowNames()).toEqual(['Alpha trial']));
    const last = callsTo(fetchMock, '/common/study').at(-1);
    expect(new URL(String(last?.[0]), 'http://x').searchParams.get('searchValue')).toBe('Alpha');
  });

  it('flips the favourite star at once and takes it back when the server refuses', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    let answer: (r: Response) => void = () => undefined;
    mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [alpha, beta], total: 2 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/mark/11/a': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/select');
    const star = await findById('project-mark-11');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(star);
    await waitFor(() => expect(document.getElementById('project-mark-11')).toHaveAttribute('aria-pressed', 'true'));
    // Favourites first: the newly marked project joins Beta at the top.
    expect(rowNames()).toEqual(['Alpha trial', 'Beta trial']);
    answer(envelope(null, { status: 500, errorCode: 'system_error', msg: 'System error' }));
    expect(await screen.findByText('System error')).toBeInTheDocument();
    await waitFor(() => expect(document.getElementById('project-mark-11')).toHaveAttribute('aria-pressed', 'false'));
    expect(rowNames()).toEqual(['Beta trial', 'Alpha trial']);
  });

  it('keeps the star the server confirms', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    const fetchMock = mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [alpha, beta], total: 2 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/mark/12/a': () => reply(projectMarkData, { mark: false }),
    });
    renderApp('/select');
    const star = await findById('project-mark-12');
    expect(star).toHaveAttribute('aria-label', 'Remove from favourites');
    fireEvent.click(star);
    await waitFor(() => expect(document.getElementById('project-mark-12')).toHaveAttribute('aria-pressed', 'false'));
    expect(callsTo(fetchMock, '/common/study/mark/12/a')).toHaveLength(1);
  });

  it('enters a project: stores the project in the session and opens home', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    const fetchMock = mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [alpha, beta], total: 2 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/entry': () =>
        reply(projectEntryData, {
          roleCode: 'STU_PM',
          libraryFolder: true,
          studyId: 11,
          studyName: 'Alpha trial',
          idleTime: 15,
          pageSize: 20,
          reviewOpen: true,
          qcOpen: false,
          approveOpen: true,
          allowedFileTypes: ['pdf', 'docx'],
          authorities: ['createDoc', 'viewDoc'],
          closed: false,
          inspector: null,
          rights: adminRights({ docKeys: ['createDoc', 'viewDoc'] }),
        }),
    });
    const router = renderApp('/select');
    fireEvent.click(await screen.findByRole('link', { name: 'Alpha trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'));
    const entry = callsTo(fetchMock, '/common/study/entry')[0];
    expect(String(entry[1]?.body)).toBe('studyId=11');
    expect(getSession()).toMatchObject({
      userType: UserType.Project,
      roleCode: 'STU_PM',
      libraryFolder: true,
      projectName: 'Alpha trial',
      projectId: 11,
      companyId: 3,
      companyName: 'Acme Pharma',
      idleTime: 15,
      pageSize: 20,
      auditMode: ['review', 'approve'],
      fileTypes: ['pdf', 'docx'],
      authorities: ['createDoc', 'viewDoc'],
      closed: false,
      inspector: null,
      fullAccess: true,
      libraryKeys: ['viewDoc'],
    });
    expect(document.getElementById('project-closed-banner')).toBeNull();
    expect(document.getElementById('inspection-until')).toBeNull();
    expect(document.getElementById('idle-countdown')).toHaveTextContent('15:00');
  });

  it('opens a project in a new tab by its link, which enters it there (issue 12, defect 7)', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    const fetchMock = mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [alpha, beta], total: 2 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/entry': () => reply(projectEntryData, { ...entryOf(12, 'Beta trial') }),
    });
    // The new tab opens the link's address.
    const router = renderApp('/select?enter=12');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'));
    expect(String(callsTo(fetchMock, '/common/study/entry')[0][1]?.body)).toBe('studyId=12');
    expect(getSession()).toMatchObject({ projectId: 12, projectName: 'Beta trial' });
  });

  it('goes on to the project page the address names once entered, and to no other place (issue 27 part 6)', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [alpha, beta], total: 2 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/entry': () => reply(projectEntryData, { ...entryOf(12, 'Beta trial') }),
      'GET /tmf-health/summary': () => envelope(null, { status: 409, errorCode: 'tmf_model_none' }),
    });
    const router = renderApp('/select?enter=12&next=%2Ftmf-health');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tmf-health'));
    cleanup();
    signInToChoose();
    const elsewhere = renderApp('/select?enter=12&next=https%3A%2F%2Fexample.com');
    await waitFor(() => expect(elsewhere.state.location.pathname).toBe('/home/pending'));
  });

  it('says what to do when there is no project yet', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [], total: 0 }),
      'GET /common/company': () => reply(managedCompanyList, []),
    });
    renderApp('/select');
    // A company administrator is told to make one; a project user whom to ask.
    expect(await findById('project-empty-next')).toHaveTextContent(/press Manage to create one/);
    cleanup();
    setSession({ userType: UserType.Project });
    renderApp('/select');
    expect(await findById('project-empty-next')).toHaveTextContent(/Ask your project or company administrator/);
  });

  it('warns when Manage is pressed without a company, and enters the chosen company', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    const fetchMock = mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [], total: 0 }),
      'GET /common/company': () => reply(managedCompanyList, [{ company_id: 3, company_name: 'Acme Pharma' }]),
      'POST /common/company/entry': () =>
        reply(companyEntryData, { roleCode: 'COMPANY_ADMIN', companyId: 3, companyName: 'Acme Pharma' }),
      'GET /project/list': () => reply(projectList, { data: [], total: 0 }),
    });
    const router = renderApp('/select');
    expect(await screen.findByText('No projects to show yet')).toBeInTheDocument();
    const manage = await findById('company-manage');
    fireEvent.click(manage);
    expect(await screen.findByText('Please select a company first')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/common/company/entry')).toHaveLength(0);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Select a company' }));
    // rc-select's role=option nodes are for screen readers; the visible item carries the title.
    fireEvent.click(await screen.findByTitle('Acme Pharma'));
    fireEvent.click(manage);
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/project/list'));
    expect(String(callsTo(fetchMock, '/common/company/entry')[0][1]?.body)).toBe('companyId=3');
    expect(getSession()).toMatchObject({
      userType: UserType.Company,
      roleCode: 'COMPANY_ADMIN',
      companyId: 3,
      companyName: 'Acme Pharma',
      projectId: null,
    });
  });

  it.each([
    ['en-US', 'Closed · read-only', 'Inspection'],
    ['zh-CN', '已关闭 · 只读', '检查访问'],
  ] as const)(
    'tags closed projects and inspections in %s, and still enters them (issue 11)',
    async (lang, closed, inspection) => {
      await changeLanguage(lang);
      signInToChoose();
      mockApi({
        'GET /common/study': () =>
          reply(projectEntryList, {
            data: [{ ...alpha, closed: true }, { ...beta, inspector: true }, projectRow(13, 'Gamma trial', false)],
            total: 3,
          }),
        'GET /common/company': () => reply(managedCompanyList, []),
      });
      renderApp('/select');
      expect(await findById('project-closed-11')).toHaveTextContent(closed);
      expect(document.getElementById('project-inspection-11')).toBeNull();
      expect(document.getElementById('project-inspection-12')).toHaveTextContent(inspection);
      expect(document.getElementById('project-closed-12')).toBeNull();
      expect(document.getElementById('project-closed-13')).toBeNull();
      expect(document.getElementById('project-inspection-13')).toBeNull();
      // Tagged or not, each name is the link that enters the project.
      expect(screen.getByRole('link', { name: 'Alpha trial' })).toHaveAttribute('href', '/select?enter=11');
      expect(screen.getByRole('link', { name: 'Beta trial' })).toHaveAttribute('href', '/select?enter=12');
    },
  );

  it('enters a closed project and says under the header that it can only be read', async () => {
    await changeLanguage('en-US');
    signInToChoose();
    mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [{ ...alpha, closed: true }], total: 1 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/entry': () =>
        reply(projectEntryData, {
          ...entryOf(11, 'Alpha trial'),
          closed: true,
          rights: adminRights({ readOnly: true }),
        }),
    });
    const router = renderApp('/select');
    fireEvent.click(await screen.findByRole('link', { name: 'Alpha trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'));
    expect(getSession()).toMatchObject({ projectId: 11, closed: true, inspector: null });
    expect(await findById('project-closed-banner')).toHaveTextContent(
      'This project is closed: everything can be read, nothing can be changed.',
    );
  });

  it('enters an inspection: the file library only, and the last day in the header', async () => {
    await changeLanguage('zh-CN');
    signInToChoose();
    mockApi({
      'GET /common/study': () => reply(projectEntryList, { data: [{ ...beta, inspector: true }], total: 1 }),
      'GET /common/company': () => reply(managedCompanyList, []),
      'POST /common/study/entry': () =>
        reply(projectEntryData, {
          ...entryOf(12, 'Beta trial'),
          roleCode: 'INSPECTOR',
          authorities: [],
          inspector: { endsOn: '2026-12-31', canDownload: false },
          rights: {
            fullAccess: false,
            readOnly: false,
            inspector: { canDownload: false },
            docKeys: [],
            libraryKeys: ['viewDoc', 'viewTrailDoc'],
          },
        }),
      'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
      'GET /folder/library/file/list': () => reply(libraryList, { data: libRows, total: libRows.length }),
    });
    const router = renderApp('/select');
    fireEvent.click(await screen.findByRole('link', { name: 'Beta trial' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/file'));
    expect(getSession()).toMatchObject({
      roleCode: 'INSPECTOR',
      projectId: 12,
      inspector: { endsOn: '2026-12-31', canDownload: false },
    });
    expect(await findById('inspection-until')).toHaveTextContent('检查访问截止 2026-12-31');
    const menu = await findById('side-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['文件库', '个人中心']);
  });
});
