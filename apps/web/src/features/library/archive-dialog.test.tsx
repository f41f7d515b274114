import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { fileList } from '@edoc/contract/document';
import { batchAnswer } from '@edoc/contract/workflow-requests';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { libraryAnswer } from '@edoc/contract/library';
import type { DocKey } from '@edoc/contract/permissions';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { createQueryClient } from '../../lib/query-client';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base as workspaceBase, callsTo, enterWorkspace, row } from '../../test/document-fixtures';
import { ArchiveDialog } from './components/archive-dialog';
import { libraryTree } from '../../test/library-fixtures';

const tree = { 'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree) };
const today = dayjs().format('YYYY-MM-DD');

function renderAlone(node: React.ReactNode) {
  render(<AppProviders client={createQueryClient()}>{node}</AppProviders>);
}

async function setDate(id: string, value: string) {
  const input = byId(id) as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, path: string, i = 0): unknown =>
  JSON.parse(String(callsTo(fetchMock, 'POST', path)[i][1]?.body));

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('archive dialog', () => {
  it('archives one document with its dates, and shows library_folder_required on the folder field', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    let answered = 0;
    const fetchMock = mockApi({
      ...tree,
      'POST /file/archive': () =>
        ++answered === 1
          ? envelope(null, {
              status: 409,
              errorCode: 'library_folder_required',
              msg: 'No library folder has this ICH code: choose the library folder to archive into',
            })
          : reply(libraryAnswer, { fileId: 3, status: DocStatus.WaitingActivation }),
    });
    const onClose = vi.fn();
    renderAlone(
      <ArchiveDialog
        open
        docs={[{ fileId: 3, fileVersionId: 30, name: 'Protocol', effectiveDate: '2020-03-01' }]}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Archive “Protocol”')).toBeInTheDocument();
    // The effective date defaults to the document's own, the publish date to today.
    expect(byId('library-archive-start')).toHaveValue('2020-03-01');
    expect(byId('library-archive-publish')).toHaveValue(today);
    fireEvent.click(byId('library-archive-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/archive')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/file/archive')).toEqual({
      fileId: 3,
      fileVersionId: 30,
      publishDate: today,
      startDate: '2020-03-01',
    });
    // The field says what to do, and who can when the library has no folder (issue 26 item 1).
    expect(
      await within(dialog).findByText(
        /^No library folder has this ICH code: choose the library folder to archive into\. If none fits, a project administrator adds one/,
      ),
    ).toBeInTheDocument();
    expect(byId('library-archive-folder').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
    expect(onClose).not.toHaveBeenCalled();

    // A future effective date says the document will wait; a folder chosen, it is sent along.
    await setDate('library-archive-start', '2099-06-01');
    expect(await findById('library-archive-future')).toHaveTextContent('“Waiting to be activated” until 2099-06-01');
    fireEvent.mouseDown(byId('library-archive-folder'));
    fireEvent.click(await screen.findByTitle('8.2.2 Signed protocol'));
    fireEvent.click(byId('library-archive-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/archive')).toHaveLength(2));
    expect(bodyOf(fetchMock, '/file/archive', 1)).toEqual({
      fileId: 3,
      fileVersionId: 30,
      publishDate: today,
      startDate: '2099-06-01',
      libraryFolderId: 21,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('archives the selected processed documents from the workspace and shows each one’s result, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    const processed: DocKey[] = ['viewDoc', 'editDoc', 'archiveDoc'];
    const fetchMock = mockApi({
      ...workspaceBase,
      ...tree,
      'GET /folder/workspace/file/list': () =>
        reply(fileList, {
          data: [
            row(1, 'Protocol', processed, { status: DocStatus.Processed }),
            row(2, 'Brochure', processed, { status: DocStatus.Processed }),
            row(3, 'Draft', processed, { status: DocStatus.Editing }),
          ],
          total: 3,
          capped: false,
        }),
      'POST /file/batch/archived': () =>
        reply(batchAnswer, {
          results: [
            { fileId: 1, ok: true, errorCode: null, msg: null },
            {
              fileId: 2,
              ok: false,
              errorCode: 'library_folder_required',
              msg: '文件库中没有相同ICH编码的目录，请选择归档目录',
            },
          ],
        }),
    });
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Protocol');
    const boxes = within(table).getAllByRole('checkbox');
    // The header box, then one per row. With the draft selected too, the selection's menu offers no archiving:
    // it lists only what is valid for every selected row (issue 12).
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(boxes[3]);
    fireEvent.click(await findById('document-selection'));
    // Nothing fits all three: a move only the draft (issue 26 item 11), archiving only the processed ones.
    expect(byId('document-selection')).toHaveTextContent('已选 3 项');
    expect(document.getElementById('document-move-selected')).toBeNull();
    expect(document.getElementById('document-archive-selected')).toBeNull();
    fireEvent.click(boxes[3]);
    const button = await findById('document-archive-selected');
    expect(button).toHaveTextContent('归档（2）');
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('归档 2 个文件')).toBeInTheDocument();
    fireEvent.click(byId('library-archive-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/batch/archived')).toHaveLength(1));
    expect(bodyOf(fetchMock, '/file/batch/archived')).toEqual({
      fileIds: [1, 2],
      publishDate: today,
      startDate: today,
    });
    expect((await findById('library-archive-result-1')).textContent).toBe('已归档');
    expect(byId('library-archive-result-2').textContent).toBe('未归档');
    const results = byId('library-archive-results');
    expect(within(results).getByText('Protocol')).toBeInTheDocument();
    expect(within(results).getByText('文件库中没有相同ICH编码的目录，请选择归档目录')).toBeInTheDocument();
    // The one left can be archived again once a folder is chosen: only it is sent.
    expect(byId('library-archive-ok')).toHaveTextContent('归档剩余的 1 个');
    fireEvent.mouseDown(byId('library-archive-folder'));
    fireEvent.click(await screen.findByTitle('8.2.2 Signed protocol'));
    fireEvent.click(byId('library-archive-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/batch/archived')).toHaveLength(2));
    expect(bodyOf(fetchMock, '/file/batch/archived', 1)).toEqual({
      fileIds: [2],
      publishDate: today,
      startDate: today,
      libraryFolderId: 21,
    });
  });
});
