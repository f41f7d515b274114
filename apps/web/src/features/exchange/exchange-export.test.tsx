import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { downloadRoutes } from '@edoc/contract/download-routes';
import type { DownloadTaskRow } from '@edoc/contract/download';
import type { ExportOptions } from '@edoc/contract/exchange';
import { exchangeExportRoutes } from '@edoc/contract/exchange-export-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';

/* /exchange/export (issue 28 part 1): the selection form, its empty state, and the exports listed with their report. */

beforeAll(() => import('./pages/exchange-export-page'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const options: ExportOptions = {
  model: { id: 4, name: 'TMF RM', version: 2 },
  artifacts: [
    { id: 41, number: '01.01.01', nameEn: 'Trial Master File Plan', nameZh: 'TMF计划' },
    { id: 42, number: '05.02.01', nameEn: 'Site Signature Sheet', nameZh: null },
  ],
  countries: [{ id: 7, code: 'CN', name: 'China' }],
  sites: [{ id: 9, code: 'S01', name: 'Peking' }],
  milestones: [{ id: 31, nameEn: 'IRB/IEC approval', nameZh: '伦理委员会批准', level: 'site', place: 'S01' }],
};

const exportRow = (over: Partial<DownloadTaskRow> = {}): DownloadTaskRow => ({
  id: 3,
  name: 'EMS-1-EMS-20261128120000',
  creatorId: 5,
  creator: 'Pat',
  documentCount: 12,
  documentNames: ['Protocol'],
  state: 'completed',
  progress: 100,
  size: 4096,
  error: null,
  createdtime: '2026-11-28T12:00:00Z',
  finishedtime: '2026-11-28T12:01:00Z',
  expirestime: '2026-12-05T12:00:00Z',
  kind: 'ems',
  report: {
    documents: 10,
    objects: 14,
    files: 15,
    leftOutTotal: 2,
    leftOut: [
      { documentId: 8, name: 'Old CV', reason: 'Artifact number 8.2.1 is not of the form NN.NN.NN' },
      { documentId: 9, name: 'Loose note', reason: 'Not filed under a TMF artifact' },
    ],
  },
  ...over,
});

const bodyOf = (fetchMock: ReturnType<typeof mockApi>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
};

describe('EMS export page', () => {
  it('starts an export of the whole project with the defaults, and lists it with its report', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      ...serve(exchangeExportRoutes.options, options),
      ...serve(exchangeExportRoutes.create, { id: 3, documentCount: 12 }),
      ...serve(downloadRoutes.taskList, { data: [exportRow()], total: 1 }),
    });
    renderApp('/exchange/export');
    expect(await screen.findByText('What to export (TMF model TMF RM v2)')).toBeInTheDocument();
    expect(screen.getByText(/one object per document version/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Artifacts' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Countries' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sites' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Document statuses' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Milestone' })).toBeInTheDocument();

    fireEvent.click(await findById('export-start'));
    expect(await screen.findByText('Export started: 12 document(s). Follow it in the list below.')).toBeInTheDocument();
    expect(bodyOf(fetchMock)).toEqual({ kind: 'ems', allVersions: true });

    const list = await findById('download-tasks-mine');
    expect(await within(list).findByText('EMS package')).toBeInTheDocument();
    expect((await findById('download-report-3')).textContent).toBe(
      '10 document(s), 14 object(s), 15 file(s) exported · 2 left out',
    );
    fireEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const leftOut = await findById('download-left-out-3');
    expect(within(leftOut).getByText('Old CV: Artifact number 8.2.1 is not of the form NN.NN.NN')).toBeInTheDocument();
  });

  it('sends the chosen selection: levels, a milestone, current versions only, the inspection kind', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      ...serve(exchangeExportRoutes.options, options),
      ...serve(exchangeExportRoutes.create, { id: 4, documentCount: 2 }),
      ...serve(downloadRoutes.taskList, { data: [], total: 0 }),
    });
    renderApp('/exchange/export');
    fireEvent.click(await screen.findByRole('radio', { name: /Inspection package/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Site' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Current version only' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Milestone' }));
    fireEvent.click(await screen.findByText('IRB/IEC approval · S01'));
    fireEvent.click(await findById('export-start'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(bodyOf(fetchMock)).toEqual({ kind: 'inspection', levels: ['site'], milestoneId: 31, allVersions: false });
  });

  it('says so in Chinese when the project has no TMF model', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi({
      ...serve(exchangeExportRoutes.options, { model: null, artifacts: [], countries: [], sites: [], milestones: [] }),
      ...serve(downloadRoutes.taskList, { data: [], total: 0 }),
    });
    renderApp('/exchange/export');
    expect(await screen.findByText(/项目尚未选择TMF模型/)).toBeInTheDocument();
    expect(document.getElementById('export-start')).toBeNull();
  });
});
