import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { groupList } from '@edoc/contract/group';
import { managedCompanyList, projectEntryData, projectEntryList, type ProjectRights } from '@edoc/contract/project';
import { changeLanguage } from '../lib/i18n';
import { stopIdle } from '../lib/idle-timer';
import { getSession } from '../lib/session';
import { mockApi, reply } from '../test/fetch-mock';
import { findById } from '../test/queries';
import { renderApp } from '../test/render-app';
import { signIn } from '../test/session';

// Issue 24: the web decides management from the rights the server sends with the project, never from the role's
// code. A custom role is not the administrator because of its name, nor refused because of it.

const project = {
  study_id: 21,
  study_name: 'Gamma trial',
  study_code: 'S-21',
  company_id: 3,
  company_name: 'Acme Pharma',
  taskNum: 0,
  mark: false,
  idle_time: 30,
  study_page_size: 10,
  reviewOpen: true,
  qcOpen: false,
  approveOpen: true,
  closed: false,
  inspector: false,
};

const memberRights: ProjectRights = {
  fullAccess: false,
  readOnly: false,
  inspector: null,
  docKeys: ['viewDoc', 'createDoc'],
  libraryKeys: ['viewDoc'],
};

/** Signs in, enters the project through the picker as the server answers, and comes back at the home page. */
async function enterAs(roleCode: string, rights: ProjectRights) {
  signIn('project');
  mockApi({
    'GET /common/study': () => reply(projectEntryList, { data: [project], total: 1 }),
    'GET /common/company': () => reply(managedCompanyList, []),
    'POST /common/study/entry': () =>
      reply(projectEntryData, {
        roleCode,
        libraryFolder: true,
        studyId: 21,
        studyName: 'Gamma trial',
        idleTime: 30,
        pageSize: 10,
        reviewOpen: true,
        qcOpen: false,
        approveOpen: true,
        allowedFileTypes: [],
        authorities: rights.docKeys,
        closed: false,
        inspector: null,
        rights,
      }),
    'GET /group/list': () => reply(groupList, []),
  });
  const router = renderApp('/select');
  fireEvent.click(await screen.findByRole('link', { name: 'Gamma trial' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/home/pending'));
  return router;
}

async function menuLabels(): Promise<string[]> {
  const menu = await findById('side-menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('a custom role in the project area (issue 24)', () => {
  it('keeps a custom role (CRA) without full access out of management: no menu entry, /manage pages refused', async () => {
    await changeLanguage('en-US');
    const router = await enterAs('CRA', memberRights);
    expect(getSession()).toMatchObject({ roleCode: 'CRA', fullAccess: false, libraryKeys: ['viewDoc'] });
    expect(await menuLabels()).not.toContain('Management');
    await router.navigate('/manage/group');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('shows management to a custom-code member the server makes the administrator', async () => {
    await changeLanguage('en-US');
    const router = await enterAs('LEAD', { ...memberRights, fullAccess: true });
    expect(getSession()).toMatchObject({ roleCode: 'LEAD', fullAccess: true });
    expect(await menuLabels()).toContain('Management');
    await router.navigate('/manage/group');
    expect(await findById('group-create')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/group');
  });
});
