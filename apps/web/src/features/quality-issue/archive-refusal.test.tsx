import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { errorMessage } from '@edoc/contract/errors';
import { folderTreeAnswer } from '@edoc/contract/folder';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { createQueryClient } from '../../lib/query-client';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId } from '../../test/queries';
import { enterWorkspace } from '../../test/document-fixtures';
import { libraryTree } from '../../test/library-fixtures';
import { ArchiveDialog } from '../library/components/archive-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('archiving a document with unfinished quality issues', () => {
  it("shows the server's refusal, naming how many, and keeps the dialog open", async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    const msg = errorMessage('quality_issues_open', 'zh-CN', { count: 2 });
    mockApi({
      'GET /folder/tree/0': () => reply(folderTreeAnswer, libraryTree),
      'POST /file/archive': () => envelope(null, { status: 409, errorCode: 'quality_issues_open', msg }),
    });
    const onClose = vi.fn();
    render(
      <AppProviders client={createQueryClient()}>
        <ArchiveDialog
          open
          docs={[{ fileId: 3, fileVersionId: 30, name: 'Protocol', effectiveDate: '2020-03-01' }]}
          onClose={onClose}
        />
      </AppProviders>,
    );
    await screen.findByRole('dialog');
    fireEvent.click(byId('library-archive-ok'));
    expect(await screen.findByText('该文档还有2个未关闭的质量问题（待处理或待确认），不能归档')).toBeInTheDocument();
    await waitFor(() => expect(onClose).not.toHaveBeenCalled());
  });
});
