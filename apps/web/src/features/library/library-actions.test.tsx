import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { deleteApplied, deletionApprovers, libraryAnswer } from '@edoc/contract/library';
import type { WorkflowAction } from '@edoc/contract/workflow';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { bodyOf, callsTo, detail, serveViewer } from '../../test/workflow-fixtures';
import { libraryTree } from '../../test/library-fixtures';
import { signIn } from '../../test/session';

const LIBRARY = ['archive', 'recall', 'refile', 'retitle', 'applyDelete', 'approveDelete', 'rejectDelete'];
const WORKFLOW = ['receive', 'send', 'pass', 'reject', 'withdraw', 'retract'];
const deletion = { applyId: 55, reason: 'Filed twice', applicantName: 'Li Lei', approverName: 'Zhang San' };
const open = () => renderApp('/view?fileId=7&fileVerId=70');

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const queryOf = (call: ReturnType<typeof callsTo>[number]) => new URL(String(call[0]), 'http://x').searchParams;

describe("the library's actions in the viewer's workflow panel", () => {
  it.each<[WorkflowAction[], number]>([
    [['archive'], 8],
    [['recall', 'applyDelete'], 6],
    [['recall', 'refile', 'retitle', 'applyDelete'], 6],
    [['recall'], 6],
    [['approveDelete', 'rejectDelete'], 9],
  ])('shows exactly the library actions %j offered in status %i', async (actions, status) => {
    await changeLanguage('en-US');
    signIn();
    serveViewer(detail({ actions, status, deletion: status === DocStatus.DeletionInApproval ? deletion : null }), {
      'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
    });
    open();
    await findById('workflow-actions');
    for (const a of [...LIBRARY, ...WORKFLOW]) {
      if ((actions as string[]).includes(a)) expect(byId(`workflow-action-${a}`)).toBeInTheDocument();
      else expect(document.getElementById(`workflow-action-${a}`)).toBeNull();
    }
    expect(document.getElementById('workflow-no-actions')).toBeNull();
  });

  it('archives this document and version with its dates, then asks for the document again', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['archive'], status: DocStatus.Processed }), {
      'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
      'POST /file/archive': () => reply(libraryAnswer, { fileId: 7, status: DocStatus.Archived }),
    });
    open();
    fireEvent.click(await findById('workflow-action-archive'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive “Protocol”')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/folder/tree/0').length).toBeGreaterThan(0));
    fireEvent.click(byId('library-archive-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/archive')).toHaveLength(1));
    const today = dayjs().format('YYYY-MM-DD');
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/archive')[0])).toEqual({
      fileId: 7,
      fileVersionId: 70,
      publishDate: today,
      startDate: today,
    });
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
    // Opening the version is recorded once: the refresh leaves the viewer's state query alone.
    expect(callsTo(fetchMock, 'GET', '/minio/file/state/70')).toHaveLength(1);
  });

  it('recalls only once confirmed', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['recall', 'applyDelete'], status: DocStatus.Archived }), {
      'GET /file/recall': () => reply(libraryAnswer, { fileId: 7, status: DocStatus.Editing }),
    });
    open();
    fireEvent.click(await findById('workflow-action-recall'));
    expect(await screen.findByText('Recall “Protocol”?')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/file/recall')).toHaveLength(0);
    fireEvent.click(byId('workflow-action-recall-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/recall')).toHaveLength(1));
    expect(queryOf(callsTo(fetchMock, 'GET', '/file/recall')[0]).get('fileId')).toBe('7');
    expect(await screen.findByText('“Protocol” was recalled to the workspace')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('applies for deletion with the existing dialog', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['recall', 'applyDelete'], status: DocStatus.Archived }), {
      'GET /file/delete/approvers/7': () =>
        reply(deletionApprovers, {
          approvers: [{ id: 12, name: 'Li Si', email: 'li.si@example.com' }],
          others: [{ id: 13, name: 'Wang Wu', email: 'wang.wu@example.com', reason: 'right' }],
        }),
      'POST /file/delete/apply': () =>
        reply(deleteApplied, { fileId: 7, status: DocStatus.DeletionInApproval, applyId: 55 }),
    });
    open();
    fireEvent.click(await findById('workflow-action-applyDelete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Apply to delete “Protocol”')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/delete/approvers/7')).toHaveLength(1));
    // Only those who qualify are offered; the others are named with why not (issue 26 item 13).
    expect(await within(dialog).findByText('Not offered: Wang Wu (no Delete right here)')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Li Si (li.si@example.com)'));
    fireEvent.change(byId('library-apply-reason'), { target: { value: 'Filed twice' } });
    fireEvent.click(byId('library-apply-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/delete/apply')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/file/delete/apply')[0])).toEqual({
      fileId: 7,
      approverId: 12,
      reason: 'Filed twice',
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('shows the application and approves the deletion with its applyId, in Chinese', async () => {
    await changeLanguage('zh-CN');
    signIn();
    const fetchMock = serveViewer(
      detail({ actions: ['approveDelete', 'rejectDelete'], status: DocStatus.DeletionInApproval, deletion }),
      {
        'GET /file/delete/7/55/a': () => reply(libraryAnswer, { fileId: 7, status: DocStatus.Archived }),
      },
    );
    open();
    const info = await findById('library-deletion');
    expect(info).toHaveTextContent('删除审批中');
    expect(info).toHaveTextContent('Filed twice');
    expect(info).toHaveTextContent('Li Lei');
    expect(info).toHaveTextContent('Zhang San');
    expect(byId('workflow-action-approveDelete')).toHaveTextContent('同意删除');
    expect(byId('workflow-action-rejectDelete')).toHaveTextContent('驳回删除');
    fireEvent.click(byId('workflow-action-approveDelete'));
    expect(await screen.findByText('确定同意删除“Protocol”吗？')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/file/delete/7/55/a')).toHaveLength(0);
    fireEvent.click(byId('workflow-action-approveDelete-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/delete/7/55/a')).toHaveLength(1));
    expect(queryOf(callsTo(fetchMock, 'GET', '/file/delete/7/55/a')[0]).get('pass')).toBe('true');
    // The document is in the recycle bin now: said so, and not asked for again (it would be not found).
    expect(await findById('library-deleted')).toHaveTextContent('此文件已删除，现位于回收站');
    expect(callsTo(fetchMock, 'GET', '/file/7')).toHaveLength(1);
  });

  it('rejects the deletion with an optional comment, then asks for the document again', async () => {
    await changeLanguage('en-US');
    signIn();
    const fetchMock = serveViewer(
      detail({ actions: ['approveDelete', 'rejectDelete'], status: DocStatus.DeletionInApproval, deletion }),
      {
        'GET /file/delete/7/55/a': () => reply(libraryAnswer, { fileId: 7, status: DocStatus.Archived }),
      },
    );
    open();
    fireEvent.click(await findById('workflow-action-rejectDelete'));
    expect(await screen.findByText('Reject deleting “Protocol”?')).toBeInTheDocument();
    fireEvent.change(byId('library-reject-comment'), { target: { value: ' Still needed ' } });
    fireEvent.click(byId('workflow-action-rejectDelete-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/delete/7/55/a')).toHaveLength(1));
    const query = queryOf(callsTo(fetchMock, 'GET', '/file/delete/7/55/a')[0]);
    expect(query.get('pass')).toBe('false');
    expect(query.get('comment')).toBe('Still needed');
    expect(await screen.findByText('Deletion rejected: the document stays archived')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('moves the record to another library folder, never the one it is filed in, then asks for it again', async () => {
    await changeLanguage('en-US');
    signIn();
    const archived = detail({
      actions: ['recall', 'refile', 'retitle'],
      status: DocStatus.Archived,
      libraryFolderId: 21,
    });
    const fetchMock = serveViewer(archived, {
      'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
      'POST /folder/library/file/move/a': () => reply(libraryAnswer, { fileId: 7, status: DocStatus.Archived }),
    });
    open();
    fireEvent.click(await findById('workflow-action-refile'));
    expect(byId('workflow-action-refile')).toHaveTextContent('Move');
    const dialog = (await screen.findByText('Move “Protocol” to another library folder')).closest('.ant-modal')!;
    expect(await within(dialog as HTMLElement).findByText(/^Filed in 8\.2\.2 Signed protocol now/)).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog as HTMLElement).getByRole('combobox'));
    const folder = async (title: string) =>
      waitFor(() => {
        const found = document.querySelector<HTMLElement>(`.ant-select-tree-node-content-wrapper[title="${title}"]`);
        if (!found) throw new Error(`no ${title}`);
        return found;
      });
    expect((await folder('8.2.2 Signed protocol')).closest('.ant-select-tree-treenode')).toHaveClass(
      'ant-select-tree-treenode-disabled',
    );
    fireEvent.click(await folder('8.2 Library: before the trial'));
    fireEvent.click(byId('library-move-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/folder/library/file/move/a')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/folder/library/file/move/a')[0])).toEqual({ fileId: 7, folderId: 20 });
    expect(await screen.findByText('“Protocol” was moved to 8.2 Library: before the trial')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('renames the record, in Chinese, and gives the focus back to the button on Cancel', async () => {
    await changeLanguage('zh-CN');
    signIn();
    const fetchMock = serveViewer(detail({ actions: ['retitle'], status: DocStatus.Archived, libraryFolderId: 21 }), {
      'POST /folder/library/file/rename/a': () => reply(libraryAnswer, { fileId: 7, status: DocStatus.Archived }),
    });
    open();
    // A click on a button focuses it in a browser (not in jsdom): the dialog gives the focus back to it.
    (await findById('workflow-action-retitle')).focus();
    fireEvent.click(byId('workflow-action-retitle'));
    expect(byId('workflow-action-retitle')).toHaveTextContent('重命名');
    let dialog = (await screen.findByText('重命名“Protocol”')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(document.activeElement).toBe(byId('workflow-action-retitle')));
    expect(callsTo(fetchMock, 'POST', '/folder/library/file/rename/a')).toHaveLength(0);

    fireEvent.click(byId('workflow-action-retitle'));
    dialog = (await screen.findByText('重命名“Protocol”')).closest('.ant-modal') as HTMLElement;
    const input = within(dialog).getByLabelText('文件名');
    expect(input).toHaveValue('Protocol');
    fireEvent.change(input, { target: { value: 'Protocol (signed)' } });
    fireEvent.click(byId('library-rename-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/folder/library/file/rename/a')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'POST', '/folder/library/file/rename/a')[0])).toEqual({
      fileId: 7,
      name: 'Protocol (signed)',
    });
    expect(await screen.findByText('已重命名为“Protocol (signed)”')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/file/7').length).toBeGreaterThan(1));
  });

  it('offers no move in a project without a library tree', async () => {
    await changeLanguage('en-US');
    signIn();
    serveViewer(detail({ actions: ['refile', 'retitle'], status: DocStatus.Archived, libraryFolderId: 11 }), {
      'GET /folder/tree/0': () => reply(folderTreeAnswer, { ...libraryTree, libraryFolder: false }),
    });
    open();
    await findById('workflow-action-retitle');
    await waitFor(() => expect(document.getElementById('workflow-action-refile')).toBeNull());
  });

  it('shows a pending application to someone who may not decide it, without buttons', async () => {
    await changeLanguage('en-US');
    signIn();
    serveViewer(detail({ actions: [], status: DocStatus.DeletionInApproval, deletion }));
    open();
    expect(await findById('library-deletion')).toHaveTextContent('Deletion waiting for approval');
    for (const a of LIBRARY) expect(document.getElementById(`workflow-action-${a}`)).toBeNull();
  });
});
