import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { MilestoneTypeItem } from '@edoc/contract/milestone';
import { milestoneTypeRoutes } from '@edoc/contract/milestone-type-routes';
import type { TmfModelDetail } from '@edoc/contract/tmf-model';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
import { artifact, detailOf, dialogTitled, draft, posted, shipped } from '../../test/tmf-model-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const types: MilestoneTypeItem[] = [
  {
    id: 1,
    code: 'protocol_approved',
    nameEn: 'Protocol approved',
    nameZh: '方案批准',
    level: 'trial',
    position: 1,
    company: false,
  },
  {
    id: 5,
    code: 'site_activated',
    nameEn: 'Site activated',
    nameZh: '中心激活',
    level: 'site',
    position: 5,
    company: false,
  },
];

/** The model with its one artifact at trial and site level, a rule at the site level. */
const withRules = (model: typeof draft): TmfModelDetail => {
  const detail = detailOf(model);
  detail.zones[0].sections[0].artifacts = [
    {
      ...artifact,
      levels: ['trial', 'site'],
      rules: [{ level: 'site', milestoneCode: 'site_activated', offsetDays: -30, recurrence: 'once' }],
    },
  ];
  return detail;
};

describe("a TMF model artifact's due rules", () => {
  it('shows them in words on a published model, read only', async () => {
    await changeLanguage('en-US');
    signIn('company');
    mockApi({ ...serve(tmfModelRoutes.detail, withRules(shipped)), ...serve(milestoneTypeRoutes.list, types) });
    renderApp('/company/template/tmf/1');
    const table = await findById('tmf-artifact-table');
    expect(await within(table).findByText('Site: 30 days before Site activated')).toBeInTheDocument();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it("edits a level's milestone, offset and recurrence and saves them with the model (Chinese labels too)", async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      ...serve(tmfModelRoutes.detail, withRules(draft)),
      ...serve(tmfModelRoutes.list, [draft]),
      ...serve(tmfModelRoutes.update, null),
      ...serve(milestoneTypeRoutes.list, types),
    });
    renderApp('/company/template/tmf/5');
    fireEvent.click(await findById('tmf-artifact-edit-01.01.01'));
    const dialog = await dialogTitled('Edit artifact');
    // The site rule as saved; the trial level has none yet.
    expect(within(dialog).getByRole('spinbutton', { name: 'Days from it (Site)' })).toHaveValue('-30');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Milestone (Trial)' }));
    await clickOption('Protocol approved (Trial)');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Days from it (Trial)' }), {
      target: { value: '15' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Recurrence (Trial)' }));
    await clickOption('Annually');
    fireEvent.click(await findById('tmf-artifact-ok'));
    const table = await findById('tmf-artifact-table');
    expect(await within(table).findByText('Trial: 15 days after Protocol approved, Annually')).toBeInTheDocument();
    fireEvent.click(await findById('tmf-model-save'));
    await waitFor(() => expect(posted(fetchMock, '/tmf-model/update/5')).toHaveLength(1));
    const body = posted(fetchMock, '/tmf-model/update/5')[0] as {
      zones: { sections: { artifacts: { rules?: unknown }[] }[] }[];
    };
    expect(body.zones[0].sections[0].artifacts[0].rules).toEqual([
      { level: 'trial', milestoneCode: 'protocol_approved', offsetDays: 15, recurrence: 'annually' },
      { level: 'site', milestoneCode: 'site_activated', offsetDays: -30, recurrence: 'once' },
    ]);
    await changeLanguage('zh-CN');
    expect(await within(table).findByText('中心：中心激活前 30 天')).toBeInTheDocument();
  });
});
