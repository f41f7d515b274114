import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { captchaResponse } from '@edoc/contract/auth';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

// Issue 31: the accessibility statement, public, in both languages, reachable from the login page and every
// signed-in page.
describe('the accessibility statement (/accessibility)', () => {
  it.each([
    ['en-US', 'Accessibility statement', 'Known exceptions', /WCAG\) 2\.1, level AA.*Section 508.*EN 301 549/],
    ['zh-CN', '无障碍声明', '已知例外', /WCAG）2\.1 AA 级.*Section 508.*EN 301 549/],
  ] as const)('in %s names the standard, how it is checked and each known exception', async (lang, title, ex, std) => {
    await changeLanguage(lang);
    mockApi({});
    renderApp('/accessibility');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(std)).toBeInTheDocument();
    expect(screen.getByText(/axe-core/)).toBeInTheDocument();
    const exceptions = screen.getByRole('region', { name: ex });
    expect(within(exceptions).getAllByRole('listitem')).toHaveLength(5);
  });

  it('is linked from the login page', async () => {
    await changeLanguage('en-US');
    mockApi({
      'GET /captcha': () => reply(captchaResponse, { id: 'cap-1', image: 'data:image/png;base64,' }),
      'GET /notice/system/release': () => envelope(null),
    });
    const router = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Accessibility' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessibility'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
  });

  it('is linked from the foot of every signed-in page', async () => {
    await changeLanguage('zh-CN');
    mockApi({ 'GET /release/list': () => envelope({ data: [], total: 0 }) });
    signIn('system');
    renderApp('/system/version');
    expect(await screen.findByRole('link', { name: '无障碍' })).toHaveAttribute('href', '/accessibility');
  });
});
