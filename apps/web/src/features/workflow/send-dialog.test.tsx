import { Stage } from '@edoc/contract/workflow';
import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fileList } from '@edoc/contract/document';
import {
  assigneeCandidates,
  batchAnswer,
  routePresetCreated,
  routePresetList,
  transitionAnswer,
} from '@edoc/contract/workflow-requests';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, enterWorkspace, row } from '../../test/document-fixtures';
import { bodyOf, callsTo, candidates, detail, pickOption, serveViewer } from '../../test/workflow-fixtures';
import { signIn } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

async function openSend() {
  fireEvent.click(await findById('workflow-action-send'));
  return findById('workflow-stage-3');
}

const template = {
  id: 9,
  name: 'Standard',
  siteId: null,
  groupId: null,
  stages: [
    { stage: Stage.Review, userIds: [12], groupIds: [4], signatureRequired: true, allMustAct: true },
    { stage: Stage.Approval, userIds: [13], groupIds: [], signatureRequired: false, allMustAct: false },
  ],
  createdBy: 5,
};

describe('send dialog', () => {
  it('names the stage field that has nobody, then posts the route', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ status: DocStatus.Editing, actions: ['send'] }), {
      'POST /file/apply/save': () => reply(transitionAnswer, { fileId: 7, status: DocStatus.InReview }),
    });
    renderApp('/view?fileId=7');
    const review = await openSend();
    expect(within(review).getByText('Review')).toBeInTheDocument();
    expect(byId('workflow-stage-5')).toHaveTextContent('Approval');
    fireEvent.click(byId('workflow-send-ok'));
    expect(await within(review).findByText('Reviewers is required')).toBeInTheDocument();
    expect(await within(byId('workflow-stage-5')).findByText('Approvers is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/apply/save')).toHaveLength(0);

    fireEvent.mouseDown(within(review).getByRole('combobox', { name: 'Reviewers' }));
    pickOption('Wang Wu');
    // The chosen tag first: a second click in the same tick would see the empty selection.
    await waitFor(() => expect(review.querySelector('.ant-select-selection-item')).not.toBeNull());
    pickOption('Medical reviewers');
    fireEvent.click(byId('sendForm_stages_3_signatureRequired'));
    fireEvent.click(byId('sendForm_stages_3_allMustAct'));
    fireEvent.mouseDown(within(byId('workflow-stage-5')).getByRole('combobox', { name: 'Approvers' }));
    pickOption('Zhao Liu');
    fireEvent.click(byId('workflow-send-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/apply/save')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/apply/save')[0])).toEqual({
      fileId: 7,
      stages: [
        { stage: Stage.Review, userIds: [11], groupIds: [4], signatureRequired: true, allMustAct: true },
        { stage: Stage.Approval, userIds: [13], groupIds: [], signatureRequired: false, allMustAct: false },
      ],
    });
    expect(await screen.findByText('Document sent')).toBeInTheDocument();
  });

  it('applies a route template and saves the route as one; the limit refusal shows its message', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ status: DocStatus.Editing, actions: ['send'] }), {
      'GET /route/template/list': () => reply(routePresetList, [template]),
      'POST /route/template/create': (_u, init) =>
        JSON.parse(String(init?.body)).name === 'Sixth'
          ? envelope(null, { status: 409, errorCode: 'template_limit', msg: 'Template can be created Max 5!' })
          : reply(routePresetCreated, { id: 10 }),
      'POST /file/apply/save': () => reply(transitionAnswer, { fileId: 7, status: DocStatus.InReview }),
    });
    renderApp('/view?fileId=7');
    await openSend();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Apply a template' }));
    await waitFor(() => pickOption('Standard'));
    fireEvent.click(byId('workflow-template-save'));
    fireEvent.change(await findById('workflow-template-name'), { target: { value: 'Sixth' } });
    fireEvent.click(byId('workflow-template-save-ok'));
    expect(await screen.findByText('Template can be created Max 5!')).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/route/template/create')[0])).toEqual({
      name: 'Sixth',
      stages: template.stages,
    });
    fireEvent.click(byId('workflow-send-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/apply/save')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/apply/save')[0])).toEqual({ fileId: 7, stages: template.stages });
  });

  it('sends the workspace selection as a batch and shows each document’s result', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({
      ...base,
      'GET /folder/workspace/file/list': () =>
        reply(fileList, {
          data: [row(1, 'Protocol', ALL_KEYS), row(3, 'Brochure', ALL_KEYS)],
          total: 2,
          capped: false,
        }),
      'GET /file/assignees/1': () => reply(assigneeCandidates, [candidates[0]]),
      'GET /route/template/list': () => reply(routePresetList, []),
      'POST /file/batch/a': () =>
        reply(batchAnswer, {
          results: [
            { fileId: 1, ok: true, errorCode: null, msg: null },
            { fileId: 3, ok: false, errorCode: 'route_changed', msg: 'Not in editing any more' },
          ],
        }),
    });
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Brochure');
    expect(document.getElementById('workflow-send-selected')).toBeNull();
    const boxes = within(table).getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(await findById('document-selection'));
    fireEvent.click(await findById('workflow-send-selected'));
    const review = await findById('workflow-stage-3');
    expect(screen.getByText('Send 2 documents for review')).toBeInTheDocument();
    fireEvent.mouseDown(within(review).getByRole('combobox', { name: 'Reviewers' }));
    pickOption('Li Si');
    fireEvent.click(byId('workflow-send-ok'));
    const results = await findById('workflow-batch-results');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/batch/a')[0])).toEqual({
      action: 'send',
      fileIds: [1, 3],
      stages: [{ stage: Stage.Review, userIds: [12], groupIds: [], signatureRequired: false, allMustAct: false }],
    });
    expect(byId('workflow-batch-summary')).toHaveTextContent('1 of 2 documents sent');
    expect(within(results).getByText('Protocol')).toBeInTheDocument();
    expect(within(results).getByText('Not in editing any more')).toBeInTheDocument();
  });
});
