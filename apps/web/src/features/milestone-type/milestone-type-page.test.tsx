import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MilestoneTypeItem } from '@edoc/contract/milestone';
import { milestoneTypeRoutes } from '@edoc/contract/milestone-type-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
import { dialogTitled, posted } from '../../test/tmf-model-fixtures';

const shippedType = (id: number, code: string, nameEn: string, nameZh: string, position: number) =>
  ({ id, code, nameEn, nameZh, level: 'site', position, company: false }) satisfies MilestoneTypeItem;

const protocol: MilestoneTypeItem = {
  ...shippedType(1, 'protocol_approved', 'Protocol approved', '方案获批', 10),
  level: 'trial',
};
const activated = shippedType(5, 'site_activated', 'Site activated', '中心激活', 50);
const selected: MilestoneTypeItem = {
  id: 40,
  code: 'site_selected',
  nameEn: 'Site selected',
  nameZh: '中心选定',
  level: 'site',
  position: 30,
  company: true,
};

/** The table's rows' texts, top to bottom. */
const rowCodes = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr[data-row-key]')].map((row) => row.querySelector('code')?.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('milestone types page', () => {
  it('lists the shipped and the company’s types by position; shipped ones are read only', async () => {
    await changeLanguage('en-US');
    signIn('company');
    // The server answers by position; the page keeps that order whatever it is given.
    mockApi(serve(milestoneTypeRoutes.list, [activated, selected, protocol]));
    renderApp('/company/template/milestone-types');
    const table = await findById('milestone-type-table');
    await within(table).findByText('Site selected');
    expect(rowCodes(table)).toEqual(['protocol_approved', 'site_selected', 'site_activated']);
    expect(within(table).getByText('中心选定')).toBeInTheDocument();
    expect(within(table).getByText('Trial')).toBeInTheDocument();
    expect(await findById('milestone-type-source-1')).toHaveTextContent('Shipped');
    expect(await findById('milestone-type-source-40')).toHaveTextContent("Company's");
    expect(document.getElementById('milestone-type-edit-1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Site selected' })).toBeInTheDocument();
    expect(document.getElementById('milestone-type-none-own')).toBeNull();
  });

  it('says when the company has none of its own', async () => {
    await changeLanguage('en-US');
    signIn('company');
    mockApi(serve(milestoneTypeRoutes.list, [protocol]));
    renderApp('/company/template/milestone-types');
    expect(await findById('milestone-type-none-own')).toHaveTextContent('no milestone types of its own yet');
  });

  it('checks a new type as the server does, sends it, and puts a repeated code under the field', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let creates = 0;
    const fetchMock = mockApi({
      ...serve(milestoneTypeRoutes.list, [protocol, activated]),
      ...serve(milestoneTypeRoutes.create, () =>
        ++creates === 1
          ? envelope(null, {
              status: 409,
              errorCode: 'milestone_type_code_exists',
              msg: 'A milestone type already has this code',
            })
          : { id: 41 },
      ),
    });
    renderApp('/company/template/milestone-types');
    fireEvent.click(await findById('milestone-type-create'));
    const dialog = await dialogTitled('New milestone type');
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    fireEvent.change(code, { target: { value: 'Site Selected' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Chinese name' }), { target: { value: '中心选定' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'English name' }), {
      target: { value: 'Site selected' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Level' }));
    await clickOption('Site');
    // After the last listed type (position 50), with room between.
    expect(within(dialog).getByRole('spinbutton', { name: 'Position' })).toHaveValue('60');
    fireEvent.click(await findById('milestone-type-dialog-ok'));
    expect(await within(dialog).findByText('Code is invalid')).toBeInTheDocument();
    expect(posted(fetchMock, '/milestone-type/create')).toEqual([]);

    fireEvent.change(code, { target: { value: 'site_selected' } });
    fireEvent.click(await findById('milestone-type-dialog-ok'));
    expect(await within(dialog).findByText('A milestone type already has this code')).toBeInTheDocument();
    fireEvent.change(code, { target: { value: 'site_chosen' } });
    fireEvent.click(await findById('milestone-type-dialog-ok'));
    await waitFor(() => expect(posted(fetchMock, '/milestone-type/create')).toHaveLength(2));
    expect(posted(fetchMock, '/milestone-type/create')[1]).toEqual({
      code: 'site_chosen',
      nameEn: 'Site selected',
      nameZh: '中心选定',
      level: 'site',
      position: 60,
    });
  });

  it('edits one of the company’s own (its code fixed) and shows a refused level under the field', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let updates = 0;
    const fetchMock = mockApi({
      ...serve(milestoneTypeRoutes.list, [protocol, selected]),
      ...serve(milestoneTypeRoutes.update, () =>
        ++updates === 1
          ? envelope(null, {
              status: 409,
              errorCode: 'milestone_type_in_use',
              msg: 'Projects have dated this milestone type: it cannot be deleted nor change its level',
            })
          : null,
      ),
    });
    renderApp('/company/template/milestone-types');
    fireEvent.click(await findById('milestone-type-edit-40'));
    const dialog = await dialogTitled('Edit milestone type site_selected');
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toBeDisabled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Level' }));
    await clickOption('Country');
    fireEvent.click(await findById('milestone-type-dialog-ok'));
    expect(await within(dialog).findByText(/cannot be deleted nor change its level/)).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Level' }));
    await clickOption('Site');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'English name' }), {
      target: { value: 'Site chosen' },
    });
    fireEvent.click(await findById('milestone-type-dialog-ok'));
    await waitFor(() => expect(posted(fetchMock, '/milestone-type/update/40')).toHaveLength(2));
    expect(posted(fetchMock, '/milestone-type/update/40')[1]).toEqual({
      code: 'site_selected',
      nameEn: 'Site chosen',
      nameZh: '中心选定',
      level: 'site',
      position: 30,
    });
  });

  it('asks before deleting and shows why a dated type is not deleted', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      ...serve(milestoneTypeRoutes.list, [protocol, selected]),
      ...serve(milestoneTypeRoutes.delete, () =>
        envelope(null, {
          status: 409,
          errorCode: 'milestone_type_in_use',
          msg: 'Projects have dated this milestone type: it cannot be deleted nor change its level',
        }),
      ),
    });
    renderApp('/company/template/milestone-types');
    fireEvent.click(await findById('milestone-type-delete-40'));
    await dialogTitled('Delete the milestone type Site selected?');
    expect(posted(fetchMock, '/milestone-type/delete/40')).toEqual([]);
    fireEvent.click(await findById('milestone-type-delete-ok-40'));
    await waitFor(() => expect(posted(fetchMock, '/milestone-type/delete/40')).toHaveLength(1));
    expect(await screen.findByText(/cannot be deleted nor change its level/)).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi(serve(milestoneTypeRoutes.list, [protocol, selected]));
    renderApp('/company/template/milestone-types');
    const table = await findById('milestone-type-table');
    expect(await within(table).findByText('中心选定')).toBeInTheDocument();
    expect(within(table).getByText('Site selected')).toBeInTheDocument();
    expect(within(table).getByText('英文名称')).toBeInTheDocument();
    expect(within(table).getByText('试验')).toBeInTheDocument();
    expect(await findById('milestone-type-source-1')).toHaveTextContent('内置');
    expect(screen.getAllByText('里程碑类型').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /新建里程碑类型/ })).toBeInTheDocument();
  });
});
