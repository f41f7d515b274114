import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { tmfModelRoutes } from '@edoc/contract/tmf-model-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
import { detailOf, dialogTitled, draft, posted, shipped } from '../../test/tmf-model-fixtures';
import { compareNumbers, useModelDraft } from './components/model-draft';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('TMF model page', () => {
  it('edits a draft: adds an artifact under the numbering rule, asks before leaving, and saves the whole model', async () => {
    await changeLanguage('en-US');
    signIn('company');
    let saves = 0;
    const fetchMock = mockApi({
      ...serve(tmfModelRoutes.detail, detailOf(draft)),
      ...serve(tmfModelRoutes.list, [draft]),
      ...serve(tmfModelRoutes.update, () =>
        ++saves === 1
          ? envelope(null, { status: 409, errorCode: 'tmf_number_taken', msg: 'The number 01.01.02 is used twice' })
          : null,
      ),
    });
    renderApp('/company/template/tmf/5');
    // The first section is chosen: its artifacts show with every attribute in words.
    const table = await findById('tmf-artifact-table');
    expect(await within(table).findByText('Trial Master File Plan')).toBeInTheDocument();
    expect(within(table).getByText('Review, Approval')).toBeInTheDocument();
    expect(within(table).getByText('Core')).toBeInTheDocument();
    expect(within(table).getByText('Sub-artifacts: TMF Index')).toBeInTheDocument();
    expect(await findById('tmf-model-save')).toBeDisabled();

    fireEvent.click(await findById('tmf-artifact-add'));
    const dialog = await dialogTitled('Add an artifact');
    expect(
      within(dialog).getByText("Its parent's number 01.01, a dot and one more part, such as 01.01.01."),
    ).toBeInTheDocument();
    const number = within(dialog).getByRole('textbox', { name: 'Number' });
    expect(number).toHaveValue('01.01.');
    fireEvent.change(number, { target: { value: '01.02.01' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'English name' }), {
      target: { value: 'Trial Management Plan' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Site' }));
    fireEvent.click(await findById('tmf-artifact-ok'));
    expect(await within(dialog).findByText('The number must be 01.01, a dot and one more part')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '01.01.01' } });
    fireEvent.click(await findById('tmf-artifact-ok'));
    expect(await within(dialog).findByText('The number 01.01.01 is already used in this model')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '01.01.02' } });
    fireEvent.click(await findById('tmf-artifact-ok'));
    expect(await within(table).findByText('Trial Management Plan')).toBeInTheDocument();
    expect(await findById('tmf-model-unsaved')).toBeInTheDocument();

    // Leaving asks first; staying keeps the change.
    fireEvent.click(await findById('tmf-model-back'));
    const leave = await dialogTitled('Leave without saving?');
    fireEvent.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(within(table).getByText('Trial Management Plan')).toBeInTheDocument();

    // A refused save shows the server's message and keeps the draft.
    fireEvent.click(await findById('tmf-model-save'));
    expect(await findById('tmf-model-save-error')).toHaveTextContent('The number 01.01.02 is used twice');
    fireEvent.click(await findById('tmf-model-save'));
    await waitFor(() => expect(posted(fetchMock, '/tmf-model/update/5')).toHaveLength(2));
    expect(posted(fetchMock, '/tmf-model/update/5')[1]).toEqual({
      name: 'Acme TMF',
      zones: [
        {
          number: '01',
          nameEn: 'Trial Management',
          nameZh: '试验管理',
          sections: [
            {
              number: '01.01',
              nameEn: 'Trial Oversight',
              artifacts: [
                {
                  number: '01.01.01',
                  nameEn: 'Trial Master File Plan',
                  nameZh: '试验主文件计划',
                  subArtifacts: ['TMF Index'],
                  levels: ['trial'],
                  core: true,
                  dateLabel: 'Approval date',
                  review: true,
                  qc: false,
                  approval: true,
                },
                {
                  number: '01.01.02',
                  nameEn: 'Trial Management Plan',
                  subArtifacts: [],
                  levels: ['trial', 'site'],
                  core: true,
                  review: false,
                  qc: false,
                  approval: false,
                },
              ],
            },
          ],
        },
      ],
    });
    await waitFor(() => expect(document.getElementById('tmf-model-unsaved')).toBeNull());
    expect(document.getElementById('tmf-model-save-error')).toBeNull();
  });

  it('shows a published model read-only and makes a new version of it', async () => {
    await changeLanguage('en-US');
    signIn('company');
    const fetchMock = mockApi({
      ...serve(tmfModelRoutes.detail, (url) =>
        url.pathname.endsWith('/9') ? detailOf({ ...draft, id: 9, version: 2 }) : detailOf(shipped),
      ),
      ...serve(tmfModelRoutes.newVersion, { id: 9 }),
    });
    renderApp('/company/template/tmf/1');
    const table = await findById('tmf-artifact-table');
    expect(await within(table).findByText('Trial Master File Plan')).toBeInTheDocument();
    expect(await findById('tmf-model-frozen')).toHaveTextContent('cannot be changed');
    for (const id of ['tmf-model-save', 'tmf-zone-add', 'tmf-section-add', 'tmf-artifact-add', 'tmf-model-publish'])
      expect(document.getElementById(id), id).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();

    fireEvent.click(await findById('tmf-model-new-version'));
    await waitFor(() => expect(posted(fetchMock, '/tmf-model/version/1')).toHaveLength(1));
    expect(await findById('tmf-model-save')).toBeInTheDocument();
    expect(await findById('tmf-model-title')).toHaveTextContent('Acme TMF v2');
  });

  it('speaks Chinese: states, the menu, and names in Chinese where the model has them', async () => {
    await changeLanguage('zh-CN');
    signIn('company');
    mockApi({
      ...serve(tmfModelRoutes.list, [shipped, draft]),
      ...serve(tmfModelRoutes.detail, detailOf(draft)),
    });
    const router = renderApp('/company/template/tmf');
    const table = await findById('tmf-model-table');
    expect(await within(table).findByText('草稿')).toBeInTheDocument();
    expect(within(table).getByText('已发布')).toBeInTheDocument();
    expect(within(table).getByText('系统内置')).toBeInTheDocument();
    expect(within(await findById('side-menu')).getByText('TMF 模型')).toBeInTheDocument();

    await router.navigate('/company/template/tmf/5');
    const artifacts = await findById('tmf-artifact-table');
    expect(await within(artifacts).findByText('试验主文件计划')).toBeInTheDocument();
    expect(within(artifacts).getByText('审核、批准')).toBeInTheDocument();
    expect(screen.getByText('01 试验管理')).toBeInTheDocument();
    // No Chinese name: the English one.
    expect(screen.getAllByText('01.01 Trial Oversight').length).toBeGreaterThan(0);
  });

  it('keeps the draft in number order and carries the numbers under a renumbered zone along', () => {
    expect(['8.10', '8.2', '8', '10', '8.2.1'].sort(compareNumbers)).toEqual(['8', '8.2', '8.2.1', '8.10', '10']);
    // One answer, as the query keeps it: a new object each render would be a new answer each render.
    const stored = detailOf(draft);
    const { result } = renderHook(() => useModelDraft(stored));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.putZone(null, { number: '02', nameEn: 'Central Trial Documents' }));
    act(() => result.current.putZone('01', { number: '03', nameEn: 'Trial Management' }));
    const zones = result.current.draft!.zones;
    expect(zones.map((z) => z.number)).toEqual(['02', '03']);
    expect(zones[1].sections[0].number).toBe('03.01');
    expect(zones[1].sections[0].artifacts[0].number).toBe('03.01.01');
    expect(result.current.dirty).toBe(true);
  });
});
