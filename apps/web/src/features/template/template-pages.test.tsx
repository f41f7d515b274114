import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { directoryTemplateList, templateDetail, templateIdData, templateList } from '@edoc/contract/template';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

const shipped = {
  id: 1,
  name: 'ICH E6(R2)',
  type: 2,
  shipped: true,
  folderCount: 56,
  groupCount: 0,
  bindingCount: 0,
  updatedAt: '2026-01-01T00:00:00Z',
};
const own = { ...shipped, id: 5, name: 'Study team', type: 1, shipped: false, folderCount: 0, groupCount: 2 };

const posted = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith(`/edoc${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('company template pages', () => {
  it('creates a user-group template with its groups and shows a repeated name under the field', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let calls = 0;
    const fetchMock = mockApi({
      'GET /template/list': (url) => {
        expect(url.searchParams.get('type')).toBe('1');
        return reply(templateList, [own]);
      },
      'POST /template/create': () =>
        ++calls === 1
          ? envelope(null, { status: 409, errorCode: 'template_name_exists', msg: 'Template name already exists' })
          : reply(templateIdData, { id: 6 }),
    });
    renderApp('/company/template/usergroup');
    expect(await screen.findByText('Study team')).toBeInTheDocument();
    fireEvent.click(await findById('template-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('template-form-ok'));
    expect(await within(dialog).findByText('Template name is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Template name' }), {
      target: { value: 'Study team' },
    });
    fireEvent.click(await findById('template-group-add'));
    fireEvent.change(await findById('template-group-name-0'), { target: { value: 'CRA' } });
    fireEvent.click(await findById('template-form-ok'));
    expect(await within(dialog).findByText('Template name already exists')).toBeInTheDocument();
    expect(posted(fetchMock, '/template/create')).toEqual([
      { name: 'Study team', type: 1, folders: [], groups: [{ name: 'CRA' }], bindings: [] },
    ]);
  });

  it('shows a shipped directory template read-only and builds a folder tree for a new one', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /template/list': () => reply(templateList, [shipped]),
      'GET /template/1': () =>
        reply(templateDetail, {
          ...shipped,
          folders: [{ name: '临床试验开始前', ichCode: '8.2' }],
          groups: [],
          bindings: [],
        }),
      'POST /template/create': () => reply(templateIdData, { id: 7 }),
    });
    renderApp('/company/template/directory');
    expect(await screen.findByText('Shipped')).toBeInTheDocument();
    expect(document.getElementById('template-delete-1')).toBeNull();
    fireEvent.click(await findById('template-edit-1'));
    const view = await screen.findByRole('dialog');
    expect(await within(view).findByText('8.2 临床试验开始前')).toBeInTheDocument();
    expect(within(view).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(view).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(await findById('template-create'));
    const dialog = await waitFor(() =>
      screen.getAllByRole('dialog').find((d) => d.textContent?.includes('New template'))!,
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Template name' }), { target: { value: 'Lean TMF' } });
    fireEvent.click(await findById('template-folder-add-root'));
    fireEvent.change(await findById('template-folder-name'), { target: { value: 'Trial management' } });
    fireEvent.click(await findById('template-folder-add-child'));
    fireEvent.change(await findById('template-folder-name'), { target: { value: 'Protocol' } });
    fireEvent.click(await findById('template-form-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/template/create')).toEqual([
        {
          name: 'Lean TMF',
          type: 2,
          folders: [{ name: 'Trial management', children: [{ name: 'Protocol', children: [] }] }],
          groups: [],
          bindings: [],
        },
      ]),
    );
  });

  it('lets a project be created with a user-group template', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /project/list': () => envelope({ data: [], total: 0 }),
      'GET /template/directory/list': () => reply(directoryTemplateList, []),
      'GET /template/list': () => reply(templateList, [own]),
      'POST /project/create': () => envelope({ studyId: 12 }),
    });
    renderApp('/company/project/list');
    fireEvent.click(await findById('project-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Project code' }), { target: { value: 'G-1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Project name' }), { target: { value: 'Grouped' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'User group template' }));
    fireEvent.click(await screen.findByTitle('Study team'));
    fireEvent.click(await findById('project-form-ok'));
    await waitFor(() => expect(posted(fetchMock, '/project/create')).toHaveLength(1));
    expect(posted(fetchMock, '/project/create')[0]).toMatchObject({ code: 'G-1', groupTemplateId: 5 });
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi({ 'GET /template/list': () => reply(templateList, [shipped]) });
    renderApp('/company/template/directory');
    expect(await screen.findByText('系统内置')).toBeInTheDocument();
    expect(screen.getByText('目录')).toBeInTheDocument();
  });
});
