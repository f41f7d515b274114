import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { companyReport } from '@edoc/contract/report';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';
// Loaded with the test, not on the first render: the lazy chunks took longer than a find waits on a busy machine.
import './pages/company-report-page';
import '../../components/chart/plot';

// jsdom draws no canvas: each chart lists its values and the ticks its value axis would get from 0 to the largest.
vi.mock('@ant-design/plots', () => {
  type Props = {
    data: Array<{ label: string; value: number }>;
    axis?: { y?: { tickMethod?: (start: number, end: number, count: number) => number[] } };
  };
  const Chart = (props: Props): ReactNode => {
    const most = Math.max(...props.data.map((d) => d.value));
    const ticks = props.axis?.y?.tickMethod?.(0, most, 5);
    return (
      <div data-testid="plot" data-ticks={ticks ? ticks.join(',') : 'library'}>
        {props.data.map((d) => `${d.label}: ${d.value}`).join('; ')}
      </div>
    );
  };
  return { Bar: Chart, Column: Chart, Line: Chart, Pie: Chart };
});

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const project = (projectId: number, openTasks: number, storageBytes: number) => ({
  projectId,
  code: `P-${projectId}`,
  name: `Project ${projectId}`,
  documents: 3,
  openTasks,
  overdueTasks: 0,
  members: 1,
  storageBytes,
});

function open(rows: ReturnType<typeof project>[]) {
  signIn('company');
  mockApi({ 'GET /company/report': () => reply(companyReport, rows) });
  renderApp('/company/report');
}

/** The chart in the card with this title, once its lazy chunk has drawn it. */
const chartTitled = (title: string) =>
  within(
    screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement,
  ).findByTestId('plot');

// Issue 26, item 16: storage was MiB on the chart and KB in the table, and task counts ticked 0.5, 1.5.
describe('the company report’s units', () => {
  it.each([
    ['en-US', 'Storage used (KB)', 'Open tasks'],
    ['zh-CN', '已用存储（KB）', '待办任务'],
  ] as const)(
    'shows storage in one unit in the chart and the table, and counts on whole ticks (%s)',
    async (lang, storage, tasks) => {
      await changeLanguage(lang);
      open([project(1, 2, 6000), project(2, 1, 4096)]);
      const table = await findById('company-report-table');
      await waitFor(() => expect(within(table).getByText('Project 1')).toBeInTheDocument());
      expect(within(table).getByRole('columnheader', { name: storage })).toBeInTheDocument();
      const row = within(table).getByText('Project 1').closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('5.86');
      expect(row).not.toHaveTextContent(/KB|MB|MiB/);
      expect(await chartTitled(storage)).toHaveTextContent('P-1: 5.86; P-2: 4');
      expect((await chartTitled(storage)).dataset.ticks).toBe('library');
      expect((await chartTitled(tasks)).dataset.ticks).toBe('0,1,2');
    },
  );

  it('goes up to MB when a project reaches it, for every project', async () => {
    await changeLanguage('en-US');
    open([project(1, 4, 3 * 1024 * 1024), project(2, 0, 512 * 1024)]);
    const table = await findById('company-report-table');
    await waitFor(() => expect(within(table).getByText('Project 2')).toBeInTheDocument());
    expect(within(table).getByRole('columnheader', { name: 'Storage used (MB)' })).toBeInTheDocument();
    expect(within(table).getByText('Project 2').closest('tr')).toHaveTextContent('0.50');
    expect(await chartTitled('Storage used (MB)')).toHaveTextContent('P-1: 3; P-2: 0.5');
    expect((await chartTitled('Open tasks')).dataset.ticks).toBe('0,1,2,3,4');
  });
});
