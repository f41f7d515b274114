import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RoleCode } from '@edoc/contract/enums';
import { errorMessage } from '@edoc/contract/errors';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { libraryList } from '@edoc/contract/library';
import { managedCompanyList, projectEntryList } from '@edoc/contract/project';
import { tagList } from '@edoc/contract/tag';
import { libraryTree, libRows } from '../test/library-fixtures';
import { changeLanguage } from '../lib/i18n';
import { stopIdle } from '../lib/idle-timer';
import { getSession } from '../lib/session';
import { envelope, mockApi, reply } from '../test/fetch-mock';
import { findById } from '../test/queries';
import { renderApp } from '../test/render-app';
import { enterProject } from '../test/session';

const asInspector = {
  roleCode: 'INSPECTOR',
  fullAccess: false,
  inspector: { endsOn: '2026-12-31', canDownload: true },
};

const library = {
  'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
  'GET /folder/library/file/list': () => reply(libraryList, { data: libRows, total: libRows.length }),
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('inspectors and closed projects in the project area (issue 11)', () => {
  it('keeps an inspector in the file library, with the last day of access in the header', async () => {
    await changeLanguage('en-US');
    mockApi(library);
    enterProject(RoleCode.ProjectAdmin, asInspector);
    const router = renderApp('/manage/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/file'));
    expect(await findById('inspection-until')).toHaveTextContent('Inspection access until 2026-12-31');
    const menu = await findById('side-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['File library', 'Personal centre']);
    expect(await findById('library-table')).toBeInTheDocument();
    // Every path is in guard.test.ts; here the whole app does it. Each time the library must be drawn again before the
    // next step, or the guard's <Navigate> of the previous step is still mounted and does not fire again.
    for (const path of ['/', '/work']) {
      await router.navigate(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/file'));
      expect(await findById('library-table')).toBeInTheDocument();
    }
  });

  it('sends an inspector whose access ended back to the picker, saying why', async () => {
    await changeLanguage('en-US');
    const ended = errorMessage('inspector_access_ended', 'en-US');
    mockApi({
      'GET /folder/tree/0': () => envelope(null, { status: 403, errorCode: 'inspector_access_ended', msg: ended }),
      'GET /folder/library/file/list': () =>
        envelope(null, { status: 403, errorCode: 'inspector_access_ended', msg: ended }),
      'GET /common/study': () => reply(projectEntryList, { data: [], total: 0 }),
      'GET /common/company': () => reply(managedCompanyList, []),
    });
    enterProject(RoleCode.ProjectAdmin, asInspector);
    const router = renderApp('/file');
    await waitFor(() => expect(router.state.location.pathname).toBe('/select'));
    expect(await screen.findByText(ended)).toBeInTheDocument();
    expect(getSession()).toMatchObject({ token: 'tok', projectId: null, roleCode: null, inspector: null });
  });

  it('shows the closed banner in a closed project, in Chinese, and shows no inspection tag to a member', async () => {
    await changeLanguage('zh-CN');
    mockApi(library);
    enterProject(RoleCode.ProjectAdmin, { closed: true });
    renderApp('/file');
    expect(await findById('project-closed-banner')).toHaveTextContent('项目已关闭：所有内容可以查阅，不能修改。');
    expect(document.getElementById('inspection-until')).toBeNull();
    const menu = await findById('side-menu');
    expect(within(menu).getByText('管理')).toBeInTheDocument();
  });

  it('stays in a project closed under the user and shows the banner from then on', async () => {
    await changeLanguage('en-US');
    const closed = errorMessage('project_closed', 'en-US');
    mockApi({
      'GET /tag/list': () => reply(tagList, []),
      'POST /tag/create': () => envelope(null, { status: 403, errorCode: 'project_closed', msg: closed }),
    });
    enterProject();
    const router = renderApp('/manage/tag');
    expect(await findById('tag-table')).toBeInTheDocument();
    expect(document.getElementById('project-closed-banner')).toBeNull();
    fireEvent.click(await findById('tag-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tag name' }), { target: { value: 'Urgent' } });
    fireEvent.click(await findById('tag-form-ok'));
    expect(await findById('project-closed-banner')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/tag');
    expect(getSession().projectId).toBe(11);
    // From then on the settings page offers no change: the create button is greyed, as every change control.
    await waitFor(() => expect(document.getElementById('tag-create')).toBeDisabled());
  });

  it("greys out a settings page's changes in a closed project, and keeps its list's search usable", async () => {
    await changeLanguage('en-US');
    mockApi({
      'GET /manage/member/list': () => envelope({ data: [], total: 0 }),
      'GET /tag/list': () => reply(tagList, []),
    });
    enterProject(RoleCode.ProjectAdmin, { closed: true });
    renderApp('/manage/tag');
    expect(await findById('tag-create')).toBeDisabled();
    renderApp('/manage/user');
    expect(await findById('manage-member-add')).toBeDisabled();
    expect(await findById('manage-member-search')).toBeEnabled();
  });
});
