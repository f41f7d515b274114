import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestWords } from '@edoc/contract/document-edit';
import { workflowHistory, transitionAnswer } from '@edoc/contract/workflow-requests';
import type { WorkflowAction } from '@edoc/contract/workflow';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { bodyOf, callsTo, detail, flow, serveViewer } from '../../test/workflow-fixtures';
import { signIn } from '../../test/session';

const PANEL = ['receive', 'send', 'pass', 'reject', 'withdraw', 'retract'];
const open = () => renderApp('/view?fileId=7&fileVerId=70');

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

async function dialog() {
  await waitFor(() =>
    expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')).not.toBeNull(),
  );
  return document.querySelector<HTMLElement>('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')!;
}

describe('workflow panel in the viewer', () => {
  it.each<[WorkflowAction[], number]>([
    [['pass', 'reject'], 3],
    [['send', 'edit', 'delete'], 1],
    [['receive'], 2],
    [['withdraw', 'retract'], 4],
  ])('shows exactly the actions %j with the status', async (actions, status) => {
    await changeLanguage('en-US');
    signIn();
    serveViewer(detail({ actions, status }));
    open();
    await findById('workflow-actions');
    for (const a of PANEL) {
      if ((actions as string[]).includes(a)) expect(byId(`workflow-action-${a}`)).toBeInTheDocument();
      else expect(document.getElementById(`workflow-action-${a}`)).toBeNull();
    }
    const labels = { 1: 'Editing', 2: 'Waiting to be received', 3: 'In review', 4: 'In quality check' };
    expect(byId('workflow-status')).toHaveTextContent(labels[status as keyof typeof labels]);
  });

  it('says so when no action is open', async () => {
    await changeLanguage('zh-CN');
    signIn();
    serveViewer(detail({ status: DocStatus.Archived }));
    open();
    expect(await findById('workflow-no-actions')).toHaveTextContent('当前状态下您没有可执行的流程操作');
    expect(byId('workflow-status')).toHaveTextContent('已归档');
  });

  it('refuses a rejection without its reason, naming the field, then rejects with it', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(
      detail({ actions: ['pass', 'reject'], signing: { required: true, needsEmail: false } }),
      { 'POST /file/audit/7/a': () => reply(transitionAnswer, { fileId: 7, status: DocStatus.Editing }) },
    );
    open();
    fireEvent.click(await findById('workflow-action-reject'));
    const modal = await dialog();
    expect(within(modal).getByText('Reject — Review')).toBeInTheDocument();
    // Only a pass is signed.
    expect(modal.querySelector('input[name="signature-password"]')).toBeNull();
    fireEvent.click(byId('workflow-decide-ok'));
    expect(await within(modal).findByText('Reason is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(0);
    fireEvent.change(byId('workflow-decide-comment'), { target: { value: 'Section 4 is missing' } });
    fireEvent.click(byId('workflow-decide-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/audit/7/a')[0])).toEqual({
      pass: false,
      comment: 'Section 4 is missing',
    });
    // The document and its flow are asked again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('passes with the signature: the stage meaning shown, e-mail, password and tick sent', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(
      detail({
        actions: ['pass', 'reject'],
        status: DocStatus.InApproval,
        signing: { required: true, needsEmail: true },
      }),
      { 'POST /file/audit/7/a': () => reply(transitionAnswer, { fileId: 7, status: DocStatus.Processed }) },
    );
    open();
    fireEvent.click(await findById('workflow-action-pass'));
    const modal = await dialog();
    expect(within(modal).getByText('Meaning of this signature: approved')).toBeInTheDocument();
    fireEvent.change(byId('workflow-decide-comment'), { target: { value: 'Approved as is' } });
    fireEvent.change(modal.querySelector('input[name="signature-email"]')!, {
      target: { value: 'zhang.san@example.com' },
    });
    fireEvent.change(modal.querySelector('input[name="signature-password"]')!, { target: { value: 'Secret#2026' } });
    fireEvent.click(byId('workflow-decide-ok'));
    // Not without the tick.
    expect(await within(modal).findByText('Electronic signature confirmation must be ticked')).toBeInTheDocument();
    fireEvent.click(modal.querySelector('input[name="signature-confirmed"]')!);
    fireEvent.click(byId('workflow-decide-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/audit/7/a')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/audit/7/a')[0])).toEqual({
      pass: true,
      comment: 'Approved as is',
      signature: {
        email: 'zhang.san@example.com',
        password: 'Secret#2026',
        confirmed: true,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
    expect(await screen.findByText('Passed')).toBeInTheDocument();
  });

  it('shows the server message of a 409 and refreshes the document', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['receive'], status: DocStatus.WaitingReceive }), {
      'POST /file/receive/7/a': () =>
        envelope(null, { status: 409, errorCode: 'already_received', msg: 'File already received, refresh the page' }),
    });
    open();
    fireEvent.click(await findById('workflow-action-receive'));
    expect(await screen.findByText('File already received, refresh the page')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('withdraws after a confirmation', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['withdraw'] }), {
      'POST /file/undo/7/a': () => reply(transitionAnswer, { fileId: 7, status: DocStatus.Editing }),
    });
    open();
    fireEvent.click(await findById('workflow-action-withdraw'));
    expect(await screen.findByText('Withdraw this document?')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/file/undo/7/a')).toHaveLength(0);
    fireEvent.click(await findById('workflow-action-withdraw-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/undo/7/a')).toHaveLength(1));
    expect(await screen.findByText('Document withdrawn')).toBeInTheDocument();
  });

  it('shows the flow: routes, stages, decisions and signatures, a stale one marked', async () => {
    await changeLanguage('en-US');
    signIn();
    serveViewer(detail(), {
      'GET /file/flow/7': () => reply(workflowHistory, flow),
      'GET /file/words/7/21/a': () =>
        reply(requestWords, [
          {
            id: 1,
            text: 'Please check the dosing table',
            userName: 'Li Si',
            fileVersionId: 70,
            createdtime: '2026-03-02T03:00:00.000Z',
            decision: 'reject',
          },
        ]),
    });
    open();
    const timeline = await findById('workflow-flow');
    expect(within(timeline).getByText('Version V1.0')).toBeInTheDocument();
    expect(within(timeline).getByText('In progress')).toBeInTheDocument();
    expect(within(timeline).getByText('“Fine by me”')).toBeInTheDocument();
    expect(within(timeline).getByText('Not reached')).toBeInTheDocument();
    const signature = timeline.querySelector<HTMLElement>('.workflow-signature')!;
    expect(signature).toHaveTextContent('Wang Wu · Reviewed');
    expect(signature).toHaveTextContent('2026-03-02 10:00:00 (Asia/Shanghai)');
    expect(signature).toHaveTextContent('SHA-256 abcdef012345…');
    expect(signature).toHaveTextContent('Does not apply to the current version');
    // The request's discussion is asked for when opened.
    fireEvent.click(byId('workflow-words-21'));
    expect(await within(timeline).findByText('Please check the dosing table')).toBeInTheDocument();
    expect(within(timeline).getByText('Reject')).toBeInTheDocument();
  });
});
