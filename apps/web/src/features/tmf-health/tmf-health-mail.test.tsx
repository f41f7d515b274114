import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { siteRoutes } from '@edoc/contract/site-routes';
import type { TmfMailState } from '@edoc/contract/tmf-health-mail';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { summary } from '../../test/tmf-health-fixtures';
import { posted } from '../../test/tmf-model-fixtures';

// jsdom draws no canvas: the trend is a list of its points.
vi.mock('@ant-design/plots', () => {
  const Chart = (props: { data: unknown[] }): ReactNode => <div data-testid="plot">{props.data.length} points</div>;
  return { Bar: Chart, Column: Chart, Line: Chart, Pie: Chart };
});

beforeAll(() => Promise.all([import('../../app/layouts/area-layout'), import('./pages/tmf-health-page')]), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** The server's subscription, changed by POST /tmf-health/mail as the server would. */
function mailServer(start: TmfMailState) {
  let state = start;
  return {
    ...serve(tmfHealthRoutes.mail, () => state),
    ...serve(tmfHealthRoutes.setMail, (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { subscribed: boolean; groupBy?: TmfMailState['groupBy'] };
      state = body.subscribed
        ? { subscribed: true, groupBy: body.groupBy ?? 'zone', lastMailedAt: '2026-11-23T06:00:00.000Z' }
        : { subscribed: false, groupBy: null, lastMailedAt: null };
      return null;
    }),
  };
}

const routes = (more = {}) => ({
  ...serve(siteRoutes.list, []),
  ...serve(tmfHealthRoutes.summary, summary),
  ...more,
});

describe('TMF health weekly mail and export', () => {
  it('the switch shows the reader’s state, subscribes them with the page’s grouping and confirms', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockApi(routes(mailServer({ subscribed: false, groupBy: null, lastMailedAt: null })));
    renderApp('/tmf-health?groupBy=site');
    const toggle = await screen.findByRole('switch', { name: 'Mail me this weekly' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await findById('tmf-health-mail-last')).toHaveTextContent('Off');
    fireEvent.click(toggle);
    await waitFor(() => expect(posted(fetchMock, '/tmf-health/mail')).toEqual([{ subscribed: true, groupBy: 'site' }]));
    expect(await screen.findByText('You will get the dashboard by mail each week, with its PDF.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(document.getElementById('tmf-health-mail-last')).toHaveTextContent(/Last sent 2026-11-2\d \d\d:\d\d/);
    fireEvent.click(toggle);
    await waitFor(() => expect(posted(fetchMock, '/tmf-health/mail').at(-1)).toEqual({ subscribed: false }));
    expect(await screen.findByText('You will no longer get the weekly mail.')).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockApi(routes(mailServer({ subscribed: true, groupBy: 'zone', lastMailedAt: null })));
    renderApp('/tmf-health');
    const toggle = await screen.findByRole('switch', { name: '每周邮件发送给我' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('尚未发送：首封将在一小时内发出')).toBeInTheDocument();
  });

  it('the Export menu’s PDF entry downloads the summary on screen as a PDF', async () => {
    await changeLanguage('en-US');
    enterProject();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => {} }));
    const pdf = () => new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
    const fetchMock = mockApi(
      routes({
        ...mailServer({ subscribed: false, groupBy: null, lastMailedAt: null }),
        ...serve(tmfHealthRoutes.export, pdf),
      }),
    );
    renderApp('/tmf-health?groupBy=level');
    await findById('tmf-health-groups');
    fireEvent.click(await findById('tmf-health-export'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    const exports = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://localhost'))
        .filter((u) => u.pathname.endsWith('/tmf-health/export'))
        .map((u) => Object.fromEntries(u.searchParams));
    await waitFor(() => expect(exports()).toEqual([{ groupBy: 'level', format: 'pdf' }]));
  });
});
