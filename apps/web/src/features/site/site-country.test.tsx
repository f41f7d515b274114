import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CountryItem } from '@edoc/contract/country';
import { countryRoutes } from '@edoc/contract/country-routes';
import type { SiteItem } from '@edoc/contract/site';
import { siteRoutes } from '@edoc/contract/site-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { findById, clickOption } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { posted } from '../../test/tmf-model-fixtures';

const countries: CountryItem[] = [
  { id: 1, code: 'CN', name: 'China', siteCount: 1 },
  { id: 2, code: 'JP', name: 'Japan', siteCount: 0 },
];
const ruijin: SiteItem = {
  siteId: 31,
  name: 'Ruijin',
  shortName: null,
  code: 'S01',
  countryId: 1,
  countryCode: 'CN',
  memberCount: 0,
};

async function pickCountry(option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Country|国家/ }));
  await clickOption(option);
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe("a site's country", () => {
  it("is listed by code and chosen in the site form from the project's countries", async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      ...serve(siteRoutes.list, [ruijin]),
      ...serve(countryRoutes.list, countries),
      ...serve(siteRoutes.create, { siteId: 32 }),
      ...serve(siteRoutes.update, null),
    });
    renderApp('/manage/user?tab=sites');
    const table = await findById('site-table');
    const row = (await within(table).findByText('S01')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('CN');

    fireEvent.click(await findById('site-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="name"]')!, { target: { value: 'Osaka' } });
    fireEvent.change(dialog.querySelector('input[name="code"]')!, { target: { value: 'S02' } });
    await pickCountry('JP Japan');
    fireEvent.click(await findById('site-form-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/site/create')).toEqual([{ name: 'Osaka', code: 'S02', countryId: 2 }]),
    );
  });

  it('is cleared on edit by sending null, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi({
      ...serve(siteRoutes.list, [ruijin]),
      ...serve(countryRoutes.list, countries),
      ...serve(siteRoutes.update, null),
    });
    renderApp('/manage/user?tab=sites');
    fireEvent.click(await findById('site-edit-31'));
    const dialog = await screen.findByRole('dialog');
    const select = (await within(dialog).findByText('CN China')).closest('.ant-select') as HTMLElement;
    fireEvent.mouseEnter(select);
    fireEvent.mouseDown(select.querySelector('.ant-select-clear')!);
    fireEvent.click(select.querySelector('.ant-select-clear')!);
    fireEvent.click(await findById('site-form-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/site/update/31')).toEqual([{ name: 'Ruijin', code: 'S01', countryId: null }]),
    );
  });
});
