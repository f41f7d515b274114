import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { siteRoutes } from '@edoc/contract/site-routes';
import { tmfHealthRoutes } from '@edoc/contract/tmf-health-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, serve } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { enterProject } from '../../test/session';
import { summary } from '../../test/tmf-health-fixtures';

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

/** The page with an export answering a zip; the export calls' queries, in order. */
function page() {
  enterProject();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }));
  const zip = () => new Response(new Blob(['PK']), { headers: { 'Content-Type': 'application/zip' } });
  const fetchMock = mockApi({
    ...serve(siteRoutes.list, []),
    ...serve(tmfHealthRoutes.summary, summary),
    ...serve(tmfHealthRoutes.mail, { subscribed: false, groupBy: null, lastMailedAt: null }),
    ...serve(tmfHealthRoutes.export, zip),
  });
  return () =>
    fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/tmf-health/export'))
      .map((u) => Object.fromEntries(u.searchParams));
}

describe('TMF health recomputable package (issue 27 part 8)', () => {
  it('the Export menu offers the package, says what it is for, and downloads it for the view on screen', async () => {
    await changeLanguage('en-US');
    const exports = page();
    renderApp('/tmf-health?groupBy=site');
    await findById('tmf-health-groups');
    fireEvent.click(await findById('tmf-health-export'));
    const entry = await screen.findByRole('menuitem', { name: /Recomputable package \(zip\)/ });
    expect(document.getElementById('tmf-health-export-zip-hint')).toHaveTextContent(/plain SQL that recounts/);
    fireEvent.click(entry);
    await waitFor(() => expect(exports()).toEqual([{ groupBy: 'site', format: 'zip' }]));
  });

  it('reads in Chinese', async () => {
    await changeLanguage('zh-CN');
    const exports = page();
    renderApp('/tmf-health?groupBy=zone');
    await findById('tmf-health-groups');
    fireEvent.click(await findById('tmf-health-export'));
    fireEvent.click(await screen.findByRole('menuitem', { name: /可复算数据包（zip）/ }));
    expect(document.getElementById('tmf-health-export-zip-hint')).toHaveTextContent(/重新计算每项指标/);
    await waitFor(() => expect(exports()).toEqual([{ groupBy: 'zone', format: 'zip' }]));
  });
});
