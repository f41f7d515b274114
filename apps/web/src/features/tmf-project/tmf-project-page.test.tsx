import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TmfProjectSetup } from '@edoc/contract/tmf-project';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { tmfProjectRoutes } from '@edoc/contract/tmf-project-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, findById, clickOption } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { dialogTitled, draft, ownPublished, posted, shipped } from '../../test/tmf-model-fixtures';

const none: TmfProjectSetup = { model: null, artifacts: [], folders: [] };

const withModel: TmfProjectSetup = {
  model: { id: 1, name: 'ICH E6(R2) essential documents', version: 1, source: 'ICH E6(R2) section 8', company: false },
  artifacts: [
    {
      id: 71,
      number: '8.2.1',
      nameEn: "Investigator's Brochure",
      nameZh: '研究者手册',
      zoneNumber: '8',
      sectionNumber: '8.2',
      levels: ['trial', 'site'],
    },
    {
      id: 72,
      number: '8.2.2',
      nameEn: 'Signed protocol',
      nameZh: '已签署的方案',
      zoneNumber: '8',
      sectionNumber: '8.2',
      levels: ['trial', 'site'],
    },
  ],
  folders: [
    { id: 10, parentId: null, name: '8.2 试验开始前', path: '8.2 试验开始前', artifactId: null, documentCount: 0 },
    { id: 11, parentId: 10, name: '方案', path: '8.2 试验开始前 / 方案', artifactId: null, documentCount: 3 },
    {
      id: 12,
      parentId: 10,
      name: '8.2.1 研究者手册',
      path: '8.2 试验开始前 / 8.2.1 研究者手册',
      artifactId: 71,
      documentCount: 1,
    },
  ],
};

/** Opens a Select by its accessible name and picks the option that reads `option`. */
async function pick(name: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name }));
  await clickOption(option);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('project TMF model page', () => {
  it('explains choosing a model, offers the published ones and uses the chosen one after confirmation', async () => {
    await changeLanguage('en-US');
    enterProject();
    let setup = none;
    const fetchMock = mockApi({
      ...serve(tmfProjectRoutes.setup, () => setup),
      ...serve(tmfModelRoutes.projectList, [shipped, ownPublished, draft]),
      ...serve(tmfProjectRoutes.use, () => {
        setup = withModel;
        return { created: 3, mapped: 2 };
      }),
    });
    renderApp('/manage/tmf');
    expect(await screen.findByText('This project uses no TMF model yet')).toBeInTheDocument();
    expect(screen.getByText(/builds its zone, section and artifact folders/)).toBeInTheDocument();
    expect(await screen.findByText('The project has no document folders yet')).toBeInTheDocument();
    expect(byId('tmf-project-use')).toBeDisabled();

    // A draft is not offered: the server accepts a published version only.
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'TMF model to use' }));
    await screen.findByText('Acme TMF v1');
    expect(screen.queryByText('Acme TMF v2')).toBeNull();
    await pick('TMF model to use', 'ICH E6(R2) essential documents v1 (Shipped with edoc)');
    fireEvent.click(byId('tmf-project-use'));
    expect(await dialogTitled('Use ICH E6(R2) essential documents v1?')).toHaveTextContent('none is created twice');
    expect(posted(fetchMock, '/manage/tmf/use')).toEqual([]);
    fireEvent.click(await findById('tmf-project-use-ok'));
    await waitFor(() => expect(posted(fetchMock, '/manage/tmf/use')).toEqual([{ modelId: 1 }]));
    expect(
      await screen.findByText('ICH E6(R2) essential documents v1 in use: 3 folders created, 2 mapped to artifacts'),
    ).toBeInTheDocument();
    expect(await findById('tmf-project-model')).toHaveTextContent('ICH E6(R2) section 8');
    expect(byId('tmf-project-use')).toHaveTextContent('Fill in missing folders');
  });

  it('shows the refusal as the server words it', async () => {
    await changeLanguage('en-US');
    enterProject();
    const text = 'Documents of the project are filed under artifacts: it cannot change to another TMF model';
    const fetchMock = mockApi({
      ...serve(tmfProjectRoutes.setup, withModel),
      ...serve(tmfModelRoutes.projectList, [shipped, ownPublished]),
      ...serve(tmfProjectRoutes.use, () =>
        envelope(null, { status: 409, errorCode: 'tmf_model_change_filed', msg: text }),
      ),
    });
    renderApp('/manage/tmf');
    await pick('TMF model to use', 'Acme TMF v1');
    fireEvent.click(byId('tmf-project-use'));
    expect(await dialogTitled('Use Acme TMF v1?')).toHaveTextContent('refused once documents are filed');
    fireEvent.click(await findById('tmf-project-use-ok'));
    await waitFor(() => expect(posted(fetchMock, '/manage/tmf/use')).toEqual([{ modelId: 4 }]));
    expect(await findById('tmf-project-refusal')).toHaveTextContent(text);
  });

  it('maps and unmaps a folder row by row, in Chinese, and filters the unmapped ones', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi({
      ...serve(tmfProjectRoutes.setup, withModel),
      ...serve(tmfModelRoutes.projectList, [shipped]),
      ...serve(tmfProjectRoutes.map, null),
    });
    renderApp('/manage/tmf');
    const table = await findById('tmf-project-folders');
    expect(await within(table).findByText('8.2 试验开始前 / 方案')).toBeInTheDocument();
    expect(byId('tmf-project-model')).toHaveTextContent('edoc内置');
    expect(byId('tmf-project-mapped-count')).toHaveTextContent('已关联1/3个文件夹');

    // Searched by the name in the page's language; the option reads number and name.
    const row = await screen.findByRole('combobox', { name: '8.2 试验开始前 / 方案的工件' });
    fireEvent.mouseDown(row);
    fireEvent.change(row, { target: { value: '方案' } });
    fireEvent.click(await screen.findByText('8.2.2 已签署的方案'));
    await waitFor(() => expect(posted(fetchMock, '/manage/tmf/map/11')).toEqual([{ artifactId: 72 }]));
    expect(await screen.findByText('8.2 试验开始前 / 方案已关联')).toBeInTheDocument();

    // Cleared: unmapped.
    const mapped = byId('tmf-project-map-12').closest('.ant-select') as HTMLElement;
    fireEvent.mouseEnter(mapped);
    fireEvent.mouseDown(mapped.querySelector('.ant-select-clear') as HTMLElement);
    fireEvent.click(mapped.querySelector('.ant-select-clear') as HTMLElement);
    await waitFor(() => expect(posted(fetchMock, '/manage/tmf/map/12')).toEqual([{ artifactId: null }]));

    fireEvent.click(screen.getByRole('checkbox', { name: '仅未关联' }));
    await waitFor(() => expect(within(table).queryByText('8.2 试验开始前 / 8.2.1 研究者手册')).toBeNull());
    expect(within(table).getByText('8.2 试验开始前 / 方案')).toBeInTheDocument();
  });
});
