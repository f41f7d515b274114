import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { changeLanguage } from '../lib/i18n';
import { stopIdle } from '../lib/idle-timer';
import { envelope, mockApi } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { signIn } from '../test/session';

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

// Issue 31 (WCAG 2.4.1): the first Tab of a signed-in page reaches "Skip to content", which puts the focus on the
// page's own content, past the menu and the header.
describe('skip to content', () => {
  it.each([
    ['en-US', 'Skip to content'],
    ['zh-CN', '跳到主要内容'],
  ] as const)('is the first stop of the keyboard and jumps to the main region (%s)', async (lang, name) => {
    await changeLanguage(lang);
    mockApi({ 'GET /company/list': () => envelope({ data: [], total: 0 }) });
    signIn('system');
    renderApp('/system/company/list');
    await waitFor(() => expect(document.getElementById('side-menu')).not.toBeNull());
    await user.tab();
    const link = screen.getByRole('link', { name });
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toContainElement(await screen.findByRole('table'));
  });
});
