import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { batchAnswer } from '@edoc/contract/workflow-requests';
import { fileDetail } from '@edoc/contract/viewer';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { createQueryClient } from '../../lib/query-client';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { PassDialog } from './components/pass-dialog';
import { callsOf, detailOf, enterProject, taskRow } from '../../test/task-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const review = taskRow({ taskId: 1, fileId: 101, fileName: 'Protocol v2', kind: 'review' });
const review2 = taskRow({ taskId: 2, fileId: 102, fileName: 'Site list', kind: 'review' });
const approval = taskRow({ taskId: 3, fileId: 103, fileName: 'CV', kind: 'approve' });

function show(tasks = [review, review2], onClose = vi.fn()) {
  render(
    <AppProviders client={createQueryClient()}>
      <PassDialog open tasks={tasks} onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
}

describe('passing selected tasks', () => {
  it('signs where a document asks for it, posts one batch and lists each document’s result', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi({
      'GET /file/101': () => reply(fileDetail, detailOf(101, { required: true, needsEmail: false })),
      'GET /file/102': () => reply(fileDetail, detailOf(102, { required: false, needsEmail: false })),
      'POST /file/batch/a': () =>
        reply(batchAnswer, {
          results: [
            { fileId: 101, ok: true, errorCode: null, msg: null },
            { fileId: 102, ok: false, errorCode: 'stale_state', msg: 'Someone acted on this document first' },
          ],
        }),
    });
    const onClose = show();
    expect(
      await screen.findByText(
        'Documents asking for an electronic signature: 1 of 2. The signature is applied to those only.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Meaning of this signature: reviewed')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), { target: { value: ' fine ' } });
    fireEvent.change(document.querySelector('input[name="signature-password"]')!, { target: { value: 'Secret#2026' } });
    fireEvent.click(document.querySelector('input[name="signature-confirmed"]')!);
    fireEvent.click(await findById('task-pass-ok'));

    await waitFor(() => expect(callsOf(fetchMock, 'POST', '/file/batch/a')).toHaveLength(1));
    const body = JSON.parse(String(callsOf(fetchMock, 'POST', '/file/batch/a')[0][1]?.body));
    expect(body).toMatchObject({
      action: 'pass',
      fileIds: [101, 102],
      comment: 'fine',
      signature: { password: 'Secret#2026', confirmed: true },
    });
    expect(typeof body.signature.timeZone).toBe('string');

    expect((await findById('task-pass-summary')).textContent).toBe('1 passed, 1 not passed');
    const results = await findById('task-pass-results');
    expect(within(results).getByText('Protocol v2').closest('tr')).toHaveTextContent('Passed');
    expect(within(results).getByText('Site list').closest('tr')).toHaveTextContent(
      'Someone acted on this document first',
    );
    // The results replace the OK button that had the focus: Close has it, for the keyboard (issue 31).
    expect(byId('task-pass-close')).toHaveFocus();
    fireEvent.click(await findById('task-pass-close'));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('sends no signature when no selected document asks for one, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    const fetchMock = mockApi({
      'GET /file/101': () => reply(fileDetail, detailOf(101, { required: false, needsEmail: false })),
      'POST /file/batch/a': () =>
        reply(batchAnswer, { results: [{ fileId: 101, ok: true, errorCode: null, msg: null }] }),
    });
    show([review]);
    expect(await findById('task-pass-no-sign')).toHaveTextContent('所选文档均不需要电子签名。');
    expect(document.querySelector('input[name="signature-password"]')).toBeNull();
    fireEvent.click(await findById('task-pass-ok'));
    await waitFor(() => expect(callsOf(fetchMock, 'POST', '/file/batch/a')).toHaveLength(1));
    expect(JSON.parse(String(callsOf(fetchMock, 'POST', '/file/batch/a')[0][1]?.body))).toEqual({
      action: 'pass',
      fileIds: [101],
    });
    expect((await findById('task-pass-summary')).textContent).toBe('1 个已通过，0 个未通过');
  });

  it('will not sign two meanings at once, and puts a wrong password under the password', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockApi({
      'GET /file/101': () => reply(fileDetail, detailOf(101, { required: true, needsEmail: true })),
      'GET /file/103': () => reply(fileDetail, detailOf(103, { required: true, needsEmail: true })),
    });
    show([review, approval]);
    expect(await findById('task-pass-mixed')).toBeInTheDocument();
    expect(await findById('task-pass-ok')).toBeDisabled();

    vi.unstubAllGlobals();
    // Unmounted, not wiped: the dialog's own queries (the signer's factor, GET /totp) still answer afterwards, and
    // React then updates nodes a wiped body no longer holds ("The node to be removed is not a child of this node").
    cleanup();
    const fetchMock = mockApi({
      'GET /file/103': () => reply(fileDetail, detailOf(103, { required: true, needsEmail: true })),
      'POST /file/batch/a': () =>
        envelope(null, { status: 400, errorCode: 'wrong_password', msg: 'The password is not correct' }),
    });
    show([approval]);
    expect(await screen.findByText('Meaning of this signature: approved')).toBeInTheDocument();
    fireEvent.change(document.querySelector('input[name="signature-email"]')!, {
      target: { value: 'pat@example.com' },
    });
    fireEvent.change(document.querySelector('input[name="signature-password"]')!, { target: { value: 'Wrong#2026' } });
    fireEvent.click(document.querySelector('input[name="signature-confirmed"]')!);
    fireEvent.click(await findById('task-pass-ok'));
    const refusal = await screen.findByText('The password is not correct');
    expect(refusal.closest('.ant-form-item')?.querySelector('input[name="signature-password"]')).not.toBeNull();
    expect(callsOf(fetchMock, 'POST', '/file/batch/a')).toHaveLength(1);
    expect(screen.queryByText(/passed,/)).toBeNull();
  });
});
