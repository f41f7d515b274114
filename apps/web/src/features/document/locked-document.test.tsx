import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocStatus } from '@edoc/contract/enums';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, enterWorkspace, listOf, row } from '../../test/document-fixtures';
// Loaded with the test, not on the first render: the page's lazy chunk took longer than a find waits on a busy machine.
import './pages/workspace-page';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const lock = {
  userId: 9,
  userName: 'Casey Coordinator',
  mode: 'checkout' as const,
  startedAt: '2026-01-03T08:00:00Z',
  expiresAt: '2026-01-03T08:30:00Z',
};
const locked = row(1, 'Protocol', ALL_KEYS, { lock });
const waiting = row(2, 'Plan', ALL_KEYS, { status: DocStatus.WaitingReceive, receiverName: 'Li Lei' });

function serve() {
  enterWorkspace();
  mockApi({ ...base, 'GET /folder/workspace/file/list': listOf([locked, waiting]) });
  renderApp('/work');
}

// Issue 26, item 6: what a colleague's check-out forbids is not offered as if it were allowed (to be refused 423
// after a filled-in dialog): it is disabled, naming who holds the document, and the list marks it with a lock.
// Item 16: the status is the coloured tag the library shows, and a document waiting to be received says for whom.
describe('a locked document in the workspace list', () => {
  it('is marked with a lock naming its holder, its changes disabled with the reason, sending not offered', async () => {
    await changeLanguage('en-US');
    serve();
    const table = await findById('document-table');
    await within(table).findByText('Plan');
    expect(byId('document-row-1-lock')).toHaveAttribute('aria-label', expect.stringContaining('Casey Coordinator'));
    expect(document.getElementById('document-row-2-lock')).toBeNull();
    expect(byId('document-row-1-new-version')).toBeDisabled();
    expect(byId('document-row-2-new-version')).toBeEnabled();

    fireEvent.click(byId('document-row-1-more'));
    for (const action of ['rename', 'edit', 'move', 'delete']) {
      const item = await findById(`document-row-1-${action}`);
      expect(item).toHaveAttribute('title', expect.stringContaining('Checked out by Casey Coordinator'));
      expect(item.closest('li')).toHaveAttribute('aria-disabled', 'true');
    }
    fireEvent.click(byId('document-row-1-rename'));
    expect(screen.queryByRole('dialog')).toBeNull();
    // What only looks at it stays open.
    expect(byId('document-row-1-versions').closest('li')).not.toHaveAttribute('aria-disabled', 'true');

    fireEvent.click(within(table).getAllByRole('checkbox')[1]);
    fireEvent.click(byId('document-selection'));
    await findById('document-pack-selected');
    expect(document.getElementById('workflow-send-selected')).toBeNull();
    expect(document.getElementById('document-delete-selected')).toBeNull();
  });

  it('names the holder in Chinese, a Latin name set off by a space', async () => {
    await changeLanguage('zh-CN');
    serve();
    await within(await findById('document-table')).findByText('Plan');
    expect(byId('document-row-1-lock')).toHaveAttribute('aria-label', expect.stringContaining('Casey Coordinator 自'));
  });
});

describe('the status and the receiver columns', () => {
  it.each([
    ['en-US', 'Waiting to be received', 'Waiting on'],
    ['zh-CN', '待接收', '待接收人'],
  ] as const)(
    'show the status as a coloured tag and whom a waiting document waits on (%s)',
    async (lang, status, header) => {
      await changeLanguage(lang);
      serve();
      const table = await findById('document-table');
      await within(table).findByText('Plan');
      const tag = byId('document-row-2-status');
      expect(tag).toHaveClass('ant-tag');
      expect(tag.className).toMatch(/ant-tag-gold/);
      expect(tag).toHaveTextContent(status);
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim());
      expect(headers).toContain(header);
      expect(byId('document-row-2-receiver')).toHaveTextContent('Li Lei');
      await waitFor(() => expect(document.getElementById('document-row-1-receiver')).toBeNull());
    },
  );
});
