import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type Lang } from '@edoc/contract/enums';
import { noData } from '@edoc/contract/envelope';
import { projectItem } from '@edoc/contract/project';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { getSessionValue } from '../../lib/session';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

const project = {
  studyId: 9,
  code: 'ONC-1',
  name: 'Oncology',
  phase: 'III',
  description: null,
  companyId: 1,
  companyName: 'Acme',
  idleMinutes: 30,
  pageSize: 10,
  reviewOpen: true,
  qcOpen: true,
  approveOpen: true,
  libraryFolder: true,
  allowedFileTypes: ['pdf'],
  versionConvention: 'V{major}.{minor}',
  endDate: '2030-12-31',
  closed: false,
  memberCount: 3,
  timeZone: 'UTC',
  expiryNoticeDays: 30,
};

function bodiesTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe.each([
  { lang: 'zh-CN' as Lang, required: '请输入项目名称' },
  { lang: 'en-US' as Lang, required: 'Project name is required' },
])('project settings in $lang', ({ lang, required }) => {
  it('shows what the company sets, validates, and saves only the project administrator’s part', async () => {
    await changeLanguage(lang);
    enterProject();
    const fetchMock = mockApi({
      'GET /manage/study': () => reply(projectItem, project),
      'POST /manage/study/update': () => reply(noData, null),
    });
    renderApp('/manage/study');
    expect(await screen.findByText('ONC-1')).toBeInTheDocument();
    expect(screen.getByText('2030-12-31')).toBeInTheDocument();
    const name = document.querySelector<HTMLInputElement>('#studyForm input[name="name"]')!;
    await waitFor(() => expect(name.value).toBe('Oncology'));

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(await findById('study-save'));
    expect(await screen.findByText(required)).toBeInTheDocument();
    expect(bodiesTo(fetchMock, '/manage/study/update')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Oncology III' } });
    fireEvent.click(await findById('studyForm_qcOpen'));
    fireEvent.click(await findById('study-save'));
    await waitFor(() => expect(bodiesTo(fetchMock, '/manage/study/update')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/manage/study/update')[0]).toEqual({
      name: 'Oncology III',
      phase: 'III',
      idleMinutes: 30,
      pageSize: 10,
      reviewOpen: true,
      qcOpen: false,
      approveOpen: true,
      allowedFileTypes: ['pdf'],
      versionConvention: 'V{major}.{minor}',
      timeZone: 'UTC',
      expiryNoticeDays: 30,
    });
    await waitFor(() => expect(getSessionValue('projectName')).toBe('Oncology III'));
  });
});
