import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
import { detailOf, dialogTitled, draft, ownPublished, posted, shipped } from '../../test/tmf-model-fixtures';

/** The row menu's open dropdown (the side menu is a menu too). */
const openMenu = () =>
  waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    if (!menu) throw new Error('no open row menu');
    return menu;
  });

const menuItems = async (buttonId: string) => {
  fireEvent.click(await findById(buttonId));
  return within(await openMenu())
    .getAllByRole('menuitem')
    .map((entry) => entry.textContent);
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('TMF model list', () => {
  it('lists each version with its state and offers the actions its state allows; publishing asks first', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let published = false;
    const fetchMock = mockApi({
      ...serve(tmfModelRoutes.list, () => [
        shipped,
        ownPublished,
        published ? { ...draft, state: 'published' as const } : draft,
      ]),
      ...serve(tmfModelRoutes.publish, () => {
        published = true;
        return null;
      }),
    });
    renderApp('/company/template/tmf');
    const table = await findById('tmf-model-table');
    expect(await within(table).findByText('Acme TMF v2')).toBeInTheDocument();
    expect(within(table).getByText('ICH E6(R2) essential documents v1')).toBeInTheDocument();
    expect(within(table).getByText('Shipped')).toBeInTheDocument();
    expect(await findById('tmf-model-state-5')).toHaveTextContent('Draft');
    expect(await findById('tmf-model-state-4')).toHaveTextContent('Published');
    expect(within(table).getByText('56')).toBeInTheDocument();

    expect(await menuItems('tmf-model-menu-1')).toEqual(['Export', 'New version']);
    fireEvent.keyDown(await openMenu(), { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)')).toBeNull());
    expect(await menuItems('tmf-model-menu-5')).toEqual(['Export', 'Publish', 'Delete']);

    fireEvent.click(await findById('tmf-model-publish-5'));
    const confirm = await dialogTitled('Publish Acme TMF v2?');
    expect(confirm).toHaveTextContent('A published model is frozen');
    expect(posted(fetchMock, '/tmf-model/publish/5')).toEqual([]);
    fireEvent.click(await findById('tmf-model-publish-ok-5'));
    await waitFor(() => expect(posted(fetchMock, '/tmf-model/publish/5')).toHaveLength(1));
    await waitFor(() => expect(document.getElementById('tmf-model-state-5')).toHaveTextContent('Published'));
  });

  it('says so when there is no model, and shows every wrong cell of a refused import', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      ...serve(tmfModelRoutes.list, []),
      ...serve(
        tmfModelRoutes.import,
        new Response(
          JSON.stringify({
            status: false,
            msg: 'The workbook has errors; nothing was imported',
            errorCode: 'import_invalid',
            data: {
              errors: [
                { row: 4, column: 'Section #', message: 'Section 02.01 is not under zone 01' },
                { row: 7, column: 'Trial', message: 'No level is marked' },
              ],
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
      ),
    });
    renderApp('/company/template/tmf');
    expect(await screen.findByText(/No TMF models yet/)).toBeInTheDocument();

    fireEvent.click(await findById('tmf-model-import'));
    const dialog = await dialogTitled('Import a TMF model');
    const file = new File(['x'], 'rm.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    fireEvent.click(await findById('tmf-model-import-ok'));
    // The name comes first: nothing is sent without it.
    expect(await within(dialog).findByText(/is required/)).toBeInTheDocument();
    expect(posted(fetchMock, '/tmf-model/import')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Name of the new model'), { target: { value: 'TMF RM 3.3' } });
    fireEvent.change(within(dialog).getByLabelText('Source (optional)'), { target: { value: 'TMF RM v3.3.1' } });
    fireEvent.click(await findById('tmf-model-import-ok'));
    const errors = await findById('tmf-model-import-errors');
    expect(await within(errors).findByText('Section 02.01 is not under zone 01')).toBeInTheDocument();
    expect(within(errors).getByText('Section #')).toBeInTheDocument();
    expect(within(errors).getByText('7')).toBeInTheDocument();
    expect(within(dialog).getByText('The workbook has errors; nothing was imported')).toBeInTheDocument();
    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/tmf-model/import'))![0]),
      'http://x',
    );
    expect(url.searchParams.get('name')).toBe('TMF RM 3.3');
    expect(url.searchParams.get('source')).toBe('TMF RM v3.3.1');
  });

  it('creates a model and opens it; a repeated name is refused under the field', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let creates = 0;
    const fetchMock = mockApi({
      ...serve(tmfModelRoutes.list, [ownPublished]),
      ...serve(tmfModelRoutes.create, () =>
        ++creates === 1
          ? envelope(null, {
              status: 409,
              errorCode: 'tmf_model_name_exists',
              msg: 'The company already has a TMF model of this name and version',
            })
          : { id: 12 },
      ),
      ...serve(tmfModelRoutes.detail, { ...detailOf({ ...draft, id: 12, name: 'Lean TMF', version: 1 }), zones: [] }),
    });
    renderApp('/company/template/tmf');
    fireEvent.click(await findById('tmf-model-create'));
    const dialog = await dialogTitled('New TMF model');
    const name = within(dialog).getByRole('textbox', { name: 'Model name' });
    fireEvent.change(name, { target: { value: 'Acme TMF' } });
    fireEvent.click(await findById('tmf-model-create-dialog-ok'));
    expect(
      await within(dialog).findByText('The company already has a TMF model of this name and version'),
    ).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Lean TMF' } });
    fireEvent.click(await findById('tmf-model-create-dialog-ok'));
    expect(await findById('tmf-model-title')).toHaveTextContent('Lean TMF v1');
    expect(posted(fetchMock, '/tmf-model/create')).toEqual([
      { name: 'Acme TMF', zones: [] },
      { name: 'Lean TMF', zones: [] },
    ]);
    expect(await screen.findByText('No zones yet: add the first zone')).toBeInTheDocument();
  });
});
