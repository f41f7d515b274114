import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentCreated } from '@edoc/contract/document';
import { duplicateList } from '@edoc/contract/search';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { expandFolder } from '../../test/folder-tree';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace } from '../../test/document-fixtures';
import { mockXhr, ok } from './fake-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const place = {
  fileId: 1,
  fileVersionId: 10,
  name: 'Protocol',
  versionNo: 'V1.0',
  current: true,
  folderId: 12,
  folder: '已签署方案',
  folderEn: 'Signed protocol',
  ichCode: '8.2.2',
};

describe('content already filed', () => {
  it('asks before a dropped file is filed a second time, and names where it is (English)', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({ ...base, 'GET /file/duplicates': () => reply(duplicateList, [place]) });
    const sent = mockXhr(() => ok(documentCreated.parse({ fileId: 9, fileVersionId: 90 })));
    renderApp('/work');
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    const drop = await findById('document-upload-drop');
    const input = drop.closest('.ant-upload-wrapper')!.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4 twice'], 'again.pdf'), new File(['%PDF-1.4 twice'], 'once more.pdf')] },
    });
    // One question a file (both asked before any is sent): uploaded anyway for one, left out for the other.
    expect((await screen.findAllByText('again.pdf is already filed')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('once more.pdf is already filed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('8.2.2 Signed protocol › Protocol (V1.0)').length).toBeGreaterThan(0);
    const asked = new URL(String(callsTo(fetchMock, 'GET', '/file/duplicates')[0][0]), 'http://x');
    expect(asked.searchParams.get('sha256')).toMatch(/^[0-9a-f]{64}$/);
    const dialogOf = (name: string) =>
      screen.getAllByText(`${name} is already filed`)[0].closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialogOf('again.pdf')).getByText('Upload anyway'));
    fireEvent.click(within(dialogOf('once more.pdf')).getByText('Cancel'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body.get('name')).toBe('again');
  });

  it('names the places under the file in the create dialog (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi({ ...base, 'GET /file/duplicates': () => reply(duplicateList, [place]) });
    renderApp('/work');
    await expandFolder('document', 10);
    fireEvent.click(await findById('document-folder-12'));
    fireEvent.click(await findById('document-create'));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 twice'], 'again.pdf')] } });
    const notice = await findById('document-form-duplicate');
    expect(within(notice).getByText('相同的文件已归入：')).toBeInTheDocument();
    expect(within(notice).getByText('8.2.2 已签署方案 › Protocol (V1.0)')).toBeInTheDocument();
  });
});
