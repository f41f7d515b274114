import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { node } from '../../test/document-fixtures';
import { ArchiveDialog } from './components/archive-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** A project with the file library on and no library folder yet (the demo before issue 26). */
const noLibrary = {
  allFolderList: [node(10, 0, '8.2', 'Before the trial', { docKeys: ['viewDoc', 'archiveDoc'] })],
  permissionFolders: [10],
  manage: true,
  libraryFolder: true,
};

describe('archiving with no library folder (issue 26 item 1)', () => {
  it.each([
    ['en-US', 'No library folder to choose', "gets the workspace's folders, with their grants, on its first archive"],
    ['zh-CN', '没有可选的文件库目录', '首次归档会按工作区目录（连同其权限）建立文件库目录'],
  ] as const)('says where the documents go, instead of an empty picker alone (%s)', async (lang, start, what) => {
    await changeLanguage(lang);
    mockApi({ 'GET /folder/tree/0': () => reply(folderTreeAnswer, noLibrary) });
    render(
      <AppProviders client={createQueryClient()}>
        <ArchiveDialog open docs={[{ fileId: 3, fileVersionId: 30, name: 'Protocol' }]} onClose={() => undefined} />
      </AppProviders>,
    );
    await screen.findByRole('dialog');
    const hint = await findById('library-archive-no-folders');
    expect(hint).toHaveTextContent(start);
    expect(hint).toHaveTextContent(what);
  });
});
