import { DocStatus } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { detail, serveViewer } from '../../test/workflow-fixtures';
import { signIn } from '../../test/session';
// Loaded with the test, not on the first render: the page's lazy chunk took longer than a find waits on a busy machine.
import '../viewer/pages/view-page';

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

// Issue 26, item 6: on the document page, "Send for review" on a colleague's checked-out document is disabled and
// says who holds it, instead of opening the route dialog to be refused 423 once it is filled in.
describe('the workflow panel of a locked document', () => {
  it('shows what the lock withholds disabled, naming the holder', async () => {
    await changeLanguage('en-US');
    signIn();
    serveViewer(detail({ status: DocStatus.Editing, actions: [], withheld: ['send', 'delete'], lock }));
    renderApp('/view?fileId=7&fileVerId=70');
    const send = await findById('workflow-action-send');
    expect(send).toBeDisabled();
    expect(byId('workflow-lock')).toHaveAttribute('aria-label', expect.stringContaining('Casey Coordinator'));
    expect(document.getElementById('workflow-no-actions')).toBeNull();
    // Said beside the buttons, not only on hover.
    expect(byId('workflow-lock-note')).toHaveTextContent('Checked out by Casey Coordinator since 2026-01-03');
    fireEvent.click(send);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says it to the holder in Chinese, who is to check it in first', async () => {
    await changeLanguage('zh-CN');
    signIn('project');
    serveViewer(
      detail({ status: DocStatus.Editing, withheld: ['send'], lock: { ...lock, userId: 5, userName: 'Pat' } }),
    );
    renderApp('/view?fileId=7&fileVerId=70');
    expect(await findById('workflow-action-send')).toBeDisabled();
    expect(byId('workflow-lock')).toHaveAttribute('aria-label', expect.stringContaining('请先签入或取消检出'));
    expect(byId('workflow-lock-note')).toHaveTextContent('您已于');
  });
});
