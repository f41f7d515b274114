import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CountryItem } from '@edoc/contract/country';
import { countryRoutes } from '@edoc/contract/country-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId, findById, clickOption } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { dialogTitled, posted } from '../../test/tmf-model-fixtures';

const china: CountryItem = { id: 1, code: 'CN', name: 'China', siteCount: 2 };
const japan: CountryItem = { id: 2, code: 'JP', name: 'Japan', siteCount: 0 };

/** Opens the Select by its label, types `search` and picks the option that reads `option`. */
async function pick(name: string, search: string, option: string) {
  const box = await screen.findByRole('combobox', { name });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: search } });
  await clickOption(option);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('countries page', () => {
  it('lists the countries with their names in the page language (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi(serve(countryRoutes.list, [china, japan]));
    renderApp('/manage/country');
    const table = await findById('country-table');
    const row = (await within(table).findByText('CN')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('中国');
    expect(row).toHaveTextContent('China');
    expect(row).toHaveTextContent('2');
    expect(within(table).getByText('日本')).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(serve(countryRoutes.list, []));
    renderApp('/manage/country');
    expect(await screen.findByText('This project has no countries yet')).toBeInTheDocument();
  });

  it('creates a country from the ISO list, which fills an editable name, and posts the body', async () => {
    await changeLanguage('en-US');
    enterProject();
    let list: CountryItem[] = [];
    const fetchMock = mockApi({
      ...serve(countryRoutes.list, () => list),
      ...serve(countryRoutes.create, () => {
        list = [{ id: 3, code: 'DE', name: 'Deutschland', siteCount: 0 }];
        return { id: 3 };
      }),
    });
    renderApp('/manage/country');
    fireEvent.click(await findById('country-create'));
    await dialogTitled('New country');
    await pick('Country', 'germ', 'DE Germany');
    const name = byId('country-name') as HTMLInputElement;
    expect(name.value).toBe('Germany');
    fireEvent.change(name, { target: { value: 'Deutschland' } });
    fireEvent.click(byId('country-form-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/manage/country/create')).toEqual([{ code: 'DE', name: 'Deutschland' }]),
    );
    expect(await screen.findByText('Country DE added')).toBeInTheDocument();
    expect(await within(await findById('country-table')).findByText('Deutschland')).toBeInTheDocument();
  });

  it('shows a duplicate code under the field', async () => {
    await changeLanguage('en-US');
    enterProject();
    const text = 'The project already has a country with this code';
    mockApi({
      ...serve(countryRoutes.list, [china]),
      ...serve(countryRoutes.create, () =>
        envelope(null, { status: 409, errorCode: 'country_code_exists', msg: text }),
      ),
    });
    renderApp('/manage/country');
    fireEvent.click(await findById('country-create'));
    await pick('Country', 'CN', 'CN China');
    fireEvent.click(byId('country-form-ok'));
    const error = await screen.findByText(text);
    expect(error.closest('.ant-form-item')).toContainElement(byId('country-code'));
  });

  it('deletes after confirmation, and shows the refusal while sites are in it', async () => {
    await changeLanguage('en-US');
    enterProject();
    const refusal = 'Sites of the project are in this country: move or delete them first';
    const fetchMock = mockApi({
      ...serve(countryRoutes.list, [china, japan]),
      'POST /manage/country/delete/1': () =>
        envelope(null, { status: 409, errorCode: 'country_has_sites', msg: refusal }),
      'POST /manage/country/delete/2': () => envelope(null),
    });
    renderApp('/manage/country');
    fireEvent.click(await findById('country-delete-2'));
    expect(await screen.findByText('Delete country JP?')).toBeInTheDocument();
    expect(posted(fetchMock, '/manage/country/delete/2')).toHaveLength(0);
    fireEvent.click(await findById('country-delete-ok-2'));
    await waitFor(() => expect(posted(fetchMock, '/manage/country/delete/2')).toHaveLength(1));
    expect(await screen.findByText('Country JP deleted')).toBeInTheDocument();

    fireEvent.click(await findById('country-delete-1'));
    fireEvent.click(await findById('country-delete-ok-1'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
