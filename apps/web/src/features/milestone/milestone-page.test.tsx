import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CountryItem } from '@edoc/contract/country';
import { countryRoutes } from '@edoc/contract/country-routes';
import type { MilestoneList } from '@edoc/contract/milestone';
import { milestoneRoutes } from '@edoc/contract/milestone-routes';
import type { SiteItem } from '@edoc/contract/site';
import { siteRoutes } from '@edoc/contract/site-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { posted } from '../../test/tmf-model-fixtures';

const countries: CountryItem[] = [{ id: 1, code: 'CN', name: 'China', siteCount: 1 }];
const sites: SiteItem[] = [
  { siteId: 31, name: 'Ruijin', shortName: null, code: 'S01', countryId: 1, countryCode: 'CN', memberCount: 0 },
];

const grid: MilestoneList = {
  types: [
    { id: 1, code: 'FPI', nameEn: 'First patient in', nameZh: '首例入组', level: 'trial', position: 1 },
    { id: 2, code: 'CA', nameEn: 'Regulatory approval', nameZh: '监管批准', level: 'country', position: 2 },
    { id: 3, code: 'SIV', nameEn: 'Site initiation visit', nameZh: '中心启动访视', level: 'site', position: 3 },
  ],
  rows: [
    { typeId: 1, level: 'trial', countryId: null, siteId: null, planned: '2020-01-15', actual: null, updatedAt: null },
    {
      typeId: 2,
      level: 'country',
      countryId: 1,
      siteId: null,
      planned: '2020-02-01',
      actual: '2020-02-03',
      updatedAt: null,
    },
    { typeId: 3, level: 'site', countryId: null, siteId: 31, planned: null, actual: null, updatedAt: null },
  ],
};

/** Types a day into a picker found by its label and presses Enter, as a keyboard user does. */
async function typeDay(label: string, value: string) {
  const input = await screen.findByRole('textbox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

const routes = (more = {}) => ({
  ...serve(countryRoutes.list, countries),
  ...serve(siteRoutes.list, sites),
  ...serve(milestoneRoutes.list, grid),
  ...more,
});

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('milestones page', () => {
  it('groups the grid by trial, country and site and marks a late planned date overdue in words', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi(routes());
    renderApp('/manage/milestone');
    const trial = await findById('milestone-group-trial');
    expect(within(trial).getByText('First patient in')).toBeInTheDocument();
    expect(within(trial).getByText('Overdue')).toBeInTheDocument();
    const country = await findById('milestone-group-country-1');
    expect(within(country).getByText('Regulatory approval')).toBeInTheDocument();
    expect(within(country).getByText('Achieved')).toBeInTheDocument();
    expect(screen.getByText('CN China')).toBeInTheDocument();
    expect(screen.getByText('S01 Ruijin · CN')).toBeInTheDocument();
    expect(within(await findById('milestone-group-site-31')).getByText('Site initiation visit')).toBeInTheDocument();
    expect(
      screen.getByRole('textbox', { name: 'Actual date of Site initiation visit (S01 Ruijin · CN)' }),
    ).toBeInTheDocument();
  });

  it('saves a site date with its scope, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi(routes(serve(milestoneRoutes.save, null)));
    renderApp('/manage/milestone');
    expect(await screen.findByText('已逾期')).toBeInTheDocument();
    // The country in the page's language.
    expect(screen.getByText('CN 中国')).toBeInTheDocument();
    await typeDay('中心启动访视 (S01 Ruijin · CN)的计划日期', '2030-03-01');
    await waitFor(() =>
      expect(posted(fetchMock, '/manage/milestone/save')).toEqual([
        { typeId: 3, siteId: 31, planned: '2030-03-01', actual: null },
      ]),
    );
    expect(await screen.findByText('中心启动访视 (S01 Ruijin · CN)已保存')).toBeInTheDocument();
  });

  it("saves a country's actual date keeping its planned one, and shows the server's refusal", async () => {
    await changeLanguage('en-US');
    enterProject();
    const refusal = 'Country is not a country of this project';
    const fetchMock = mockApi(
      routes(
        serve(milestoneRoutes.save, () => envelope(null, { status: 400, errorCode: 'not_in_future', msg: refusal })),
      ),
    );
    renderApp('/manage/milestone');
    await typeDay('Actual date of Regulatory approval (CN China)', '2020-02-05');
    await waitFor(() =>
      expect(posted(fetchMock, '/manage/milestone/save')).toEqual([
        { typeId: 2, countryId: 1, planned: '2020-02-01', actual: '2020-02-05' },
      ]),
    );
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('says where to add countries and sites when the project has none', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi({
      ...serve(countryRoutes.list, []),
      ...serve(siteRoutes.list, []),
      ...serve(milestoneRoutes.list, { types: grid.types, rows: [grid.rows[0]] }),
    });
    renderApp('/manage/milestone');
    expect(await screen.findByText(/no countries yet: add them under Management › Countries/)).toBeInTheDocument();
    expect(
      screen.getByText(/no sites yet: add them under Management › User Administration › Sites/),
    ).toBeInTheDocument();
  });
});
