import { Stage } from '@edoc/contract/workflow';
import { DocStatus } from '@edoc/contract/enums';
import { noData } from '@edoc/contract/envelope';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { routePresetList } from '@edoc/contract/workflow-requests';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { bodyOf, callsTo, detail, pickOption, serveViewer } from '../../test/workflow-fixtures';
import { signIn } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const preset = (id: number, name: string) => ({
  id,
  name,
  siteId: null,
  groupId: null,
  stages: [
    { stage: Stage.Review, userIds: [12], groupIds: [], signatureRequired: false, allMustAct: false },
    { stage: Stage.Approval, userIds: [13], groupIds: [], signatureRequired: false, allMustAct: false },
  ],
  createdBy: 5,
});

const taken = (lang: 'en-US' | 'zh-CN', name: string) =>
  envelope(null, {
    status: 409,
    errorCode: 'route_preset_name_exists',
    msg:
      lang === 'en-US'
        ? `A route template named "${name}" already exists here: choose another name`
        : `此范围内已有名为“${name}”的流程模板，请换一个名称`,
  });

describe('route template names (issue 26 item 5)', () => {
  it.each<['en-US' | 'zh-CN', string]>([
    ['en-US', 'Apply a template'],
    ['zh-CN', '应用模板'],
  ])('shows a taken name under the name box when saving (%s)', async (lang, apply) => {
    await changeLanguage(lang);
    signIn();
    serveViewer(detail({ status: DocStatus.Editing, actions: ['send'] }), {
      'GET /route/template/list': () => reply(routePresetList, [preset(9, 'Route 1')]),
      'POST /route/template/create': () => taken(lang, 'Route 1'),
    });
    renderApp('/view?fileId=7');
    fireEvent.click(await findById('workflow-action-send'));
    await findById('workflow-stage-3');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: apply }));
    await waitFor(() => pickOption('Route 1'));
    fireEvent.click(byId('workflow-template-save'));
    fireEvent.change(await findById('workflow-template-name'), { target: { value: 'Route 1' } });
    fireEvent.click(byId('workflow-template-save-ok'));
    expect(await findById('workflow-template-name-error')).toHaveTextContent(
      lang === 'en-US' ? 'A route template named "Route 1" already exists here' : '已有名为“Route 1”的流程模板',
    );
    // Typing again clears it.
    fireEvent.change(byId('workflow-template-name'), { target: { value: 'Route 2' } });
    expect(document.getElementById('workflow-template-name-error')).toBeNull();
  });

  it('renames the chosen template, a taken name refused under the box', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ status: DocStatus.Editing, actions: ['send'] }), {
      'GET /route/template/list': () => reply(routePresetList, [preset(9, 'Route 1'), preset(10, 'Route 2')]),
      'POST /route/template/rename/10': (_u, init) =>
        JSON.parse(String(init?.body)).name === 'Route 1' ? taken('en-US', 'Route 1') : reply(noData, null),
    });
    renderApp('/view?fileId=7');
    fireEvent.click(await findById('workflow-action-send'));
    await findById('workflow-stage-3');
    expect(byId('workflow-template-rename')).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Apply a template' }));
    await waitFor(() => pickOption('Route 2'));
    fireEvent.click(byId('workflow-template-rename'));
    const input = await findById('workflow-template-rename-name');
    expect(input).toHaveValue('Route 2');
    fireEvent.change(input, { target: { value: 'Route 1' } });
    fireEvent.click(byId('workflow-template-rename-ok'));
    expect(await findById('workflow-template-rename-name-error')).toHaveTextContent('already exists here');
    fireEvent.change(byId('workflow-template-rename-name'), { target: { value: 'Monitoring route' } });
    fireEvent.click(byId('workflow-template-rename-ok'));
    expect(await screen.findByText('Template renamed to Monitoring route')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/route/template/rename/10').map(bodyOf)).toEqual([
      { name: 'Route 1' },
      { name: 'Monitoring route' },
    ]);
  });
});
