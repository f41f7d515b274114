import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { projectEntryRoutes } from '@edoc/contract/project-routes';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
import { figures } from '../../test/tmf-health-fixtures';

// The lazy pages load before the first test, so its wait is for the answer, not for a cold transform on a busy machine.
beforeAll(
  () => Promise.all([import('../../app/layouts/area-layout'), import('./pages/tmf-health-company-page')]),
  60_000,
);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const entry = {
  study_id: 11,
  study_name: 'Alpha',
  study_code: 'A-1',
  company_id: 3,
  company_name: 'Acme Pharma',
  taskNum: 0,
  mark: false,
  idle_time: 30,
  study_page_size: 20,
  reviewOpen: false,
  qcOpen: false,
  approveOpen: false,
  closed: false,
  inspector: false,
};

describe('TMF health of the company', () => {
  it('lists every project with its figures; a project the reader is a member of opens on its dashboard', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      ...serve(projectEntryRoutes.list, { data: [entry], total: 1 }),
      ...serve(tmfHealthRoutes.company, {
        projects: [
          { projectId: 11, name: 'Alpha', code: 'A-1', modelChosen: true, total: figures() },
          { projectId: 12, name: 'Beta', code: 'B-2', modelChosen: false, total: null },
        ],
      }),
    });
    renderApp('/company/tmf-health');
    const alpha = await findById('tmf-company-open-11');
    expect(alpha.getAttribute('href')).toBe('/select?enter=11&next=%2Ftmf-health');
    const table = byId('tmf-health-company-table');
    const alphaRow = alpha.closest('tr') as HTMLElement;
    expect(within(alphaRow).getByText('75%')).toBeInTheDocument();
    expect(within(alphaRow).getByText('90%')).toBeInTheDocument();
    // Not a member of Beta, which has no model: its name is text, its figures dashes.
    expect(document.getElementById('tmf-company-open-12')).toBeNull();
    const beta = within(table).getByText('Beta').closest('tr') as HTMLElement;
    expect(within(beta).getByText('No TMF model')).toBeInTheDocument();
    expect(within(beta).getAllByText('—')).toHaveLength(6);
    const asked = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/tmf-health/company'));
    expect(asked).toBeDefined();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi({
      ...serve(projectEntryRoutes.list, { data: [], total: 0 }),
      ...serve(tmfHealthRoutes.company, { projects: [] }),
    });
    renderApp('/company/tmf-health');
    expect(await screen.findByText('各项目的 TMF 健康度')).toBeInTheDocument();
    expect(screen.getByText('公司还没有项目')).toBeInTheDocument();
  });
});
