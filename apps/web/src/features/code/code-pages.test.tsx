import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { codeIdData, codeList, codeTypeList } from '@edoc/contract/code';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject, signIn } from '../../test/session';

const type = {
  id: 7,
  code: 'DOC',
  name: '文档',
  nameEn: 'Document',
  description: null,
  enabled: true,
  readOnly: false,
  codeCount: 1,
  updatedAt: '2026-01-01T00:00:00Z',
};
const code = {
  id: 9,
  typeId: 7,
  typeCode: 'DOC',
  typeName: '文档',
  code: 'PRT',
  name: '方案',
  nameEn: 'Protocol',
  description: null,
  sortOrder: 0,
  enabled: true,
  readOnly: true,
  updatedAt: '2026-01-01T00:00:00Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('code dictionary pages', () => {
  it('creates a company code after naming the missing fields', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      'GET /code/list': () => reply(codeList, { data: [{ ...code, readOnly: false }], total: 1 }),
      'GET /code/type/list': () => reply(codeTypeList, { data: [type], total: 1 }),
      'POST /code/create': () => reply(codeIdData, { id: 10 }),
    });
    renderApp('/company/template/encode');
    expect(await screen.findByText('Protocol')).toBeInTheDocument();
    fireEvent.click(await findById('code-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('code-form-ok'));
    expect(await within(dialog).findByText('Code type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Code is required')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Code type' }));
    fireEvent.click(await screen.findByTitle('文档 (DOC)'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Code' }), { target: { value: 'ICF' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '知情同意书' } });
    fireEvent.click(await findById('code-form-ok'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls
          .filter(([u, init]) => init?.method === 'POST' && String(u).endsWith('/edoc/code/create'))
          .map(([, init]) => JSON.parse(String(init?.body)) as unknown),
      ).toEqual([{ typeId: 7, code: 'ICF', name: '知情同意书', sortOrder: 0, enabled: true }]),
    );
  });

  it('shows company entries read-only on the project page and lists refused import rows', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi({
      'GET /manage/code/list': () => reply(codeList, { data: [code], total: 1 }),
      'GET /manage/code/type/list': () => reply(codeTypeList, { data: [type], total: 1 }),
      'POST /manage/code/import': () =>
        new Response(
          JSON.stringify({
            status: false,
            msg: 'The import file has errors; nothing was imported',
            errorCode: 'import_invalid',
            data: { errors: [{ row: 3, column: 'Name', message: 'Name is required' }] },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    renderApp('/manage/encode');
    const table = await findById('code-table');
    expect(await within(table).findByText('Company')).toBeInTheDocument();
    expect(document.getElementById('code-edit-9')).toBeNull();

    fireEvent.click(await findById('code-import'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await findById('code-import-ok'));
    expect(await within(dialog).findByText('Choose an Excel file first')).toBeInTheDocument();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['x'], 'codes.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await within(dialog).findByText('codes.xlsx')).toBeInTheDocument();
    fireEvent.click(await findById('code-import-ok'));
    const errors = await findById('code-import-errors');
    expect(await within(errors).findByText('Name is required')).toBeInTheDocument();
    expect(within(errors).getByText('3')).toBeInTheDocument();
    expect(within(dialog).getByText('The import file has errors; nothing was imported')).toBeInTheDocument();
  });
});
