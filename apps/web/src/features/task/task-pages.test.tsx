import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { batchAnswer, taskList } from '@edoc/contract/workflow-requests';
import { fileDetail } from '@edoc/contract/viewer';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { callsOf, detailOf, enterProject, paramsOf, taskRow } from '../../test/task-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const rows = [
  taskRow({ taskId: 1, kind: 'review', dueDate: '2026-01-05', overdue: true }),
  taskRow({ taskId: 2, kind: 'receive', fileId: 102, fileName: 'Site list', senderName: null, dueDate: '2099-01-01' }),
];

/** Answers the list and the menu's count (pageSize=1) alike, from `total`. */
function mockTasks(data = rows, total = data.length) {
  return mockApi({ 'GET /task/list': () => reply(taskList, { data, total }) });
}

describe('home: pending', () => {
  it('shows my tasks with their state, a viewer link, the folder and the sender, overdue in red', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockTasks();
    renderApp('/home/pending');
    expect((await findById('task-kind-1')).textContent).toBe('Waiting for review');
    expect((await findById('task-kind-2')).textContent).toBe('Waiting for receiving');
    const link = await findById('task-open-1');
    expect(link.textContent).toBe('Protocol v2');
    expect(link).toHaveAttribute('href', '/view?fileId=101');
    expect(link).toHaveAttribute('target', '_blank');
    // The folder itself is shown; its whole path on hover.
    expect(screen.getAllByText('Protocol')[0]).toBeInTheDocument();
    expect(screen.getAllByText('Sam Sender')[0]).toBeInTheDocument();
    const overdue = await findById('task-due-1');
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdue).getByText('2026-01-05')).toHaveClass('ant-typography-danger');
    expect(within(await findById('task-due-2')).queryByText('Overdue')).toBeNull();
    // Only the stage decisions can be passed together.
    const table = await findById('task-table-pending');
    expect(within(table).getByRole('checkbox', { name: 'Protocol v2' })).toBeEnabled();
    expect(within(table).getByRole('checkbox', { name: 'Site list' })).toBeDisabled();
  });

  it('labels the same rows in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterProject();
    mockTasks();
    renderApp('/home/pending');
    expect((await findById('task-kind-1')).textContent).toBe('待审核');
    expect((await findById('task-kind-2')).textContent).toBe('待接收');
    expect(within(await findById('task-due-1')).getByText('已逾期')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /截止日期/ })).toBeInTheDocument();
  });

  it('says there is nothing to do when no task waits', async () => {
    await changeLanguage('en-US');
    enterProject();
    mockTasks([]);
    renderApp('/home/pending');
    expect(await screen.findByText('Nothing to do: no tasks are waiting for you')).toBeInTheDocument();
  });

  it('asks the server for the page, the task state and the order', async () => {
    await changeLanguage('en-US');
    enterProject();
    const many = Array.from({ length: 10 }, (_, i) => taskRow({ taskId: i + 1, fileId: 100 + i }));
    const fetchMock = mockTasks(many, 25);
    renderApp('/home/pending');
    await findById('task-open-1');
    const listCalls = () =>
      callsOf(fetchMock, 'GET', '/task/list')
        .map(paramsOf)
        .filter((p) => p.get('pageSize') !== '1');
    expect(listCalls()[0].get('state')).toBe('pending');
    expect(listCalls()[0].get('pageNum')).toBe('1');
    expect(listCalls()[0].get('pageSize')).toBe('10');

    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(listCalls().at(-1)?.get('pageNum')).toBe('2'));

    fireEvent.click(screen.getByRole('columnheader', { name: /Document/ }));
    await waitFor(() => expect(listCalls().at(-1)?.get('sort')).toBe('fileName'));
    expect(listCalls().at(-1)?.get('order')).toBe('asc');
    // A new order starts again at the first page.
    expect(listCalls().at(-1)?.get('pageNum')).toBe('1');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Task state' }));
    fireEvent.click(await screen.findByTitle('Waiting for approval'));
    await waitFor(() => expect(listCalls().at(-1)?.get('kind')).toBe('approve'));
  });

  it('shows the number of my pending tasks beside Home and Pending in the menu', async () => {
    await changeLanguage('en-US');
    enterProject();
    const fetchMock = mockTasks(rows, 7);
    renderApp('/home/processed');
    await waitFor(() => {
      const badges = [...document.querySelectorAll('#side-menu .menu-pending-badge')];
      expect(badges.map((b) => b.textContent)).toEqual(['7', '7']);
    });
    const count = callsOf(fetchMock, 'GET', '/task/list')
      .map(paramsOf)
      .find((p) => p.get('pageSize') === '1');
    expect(count?.get('state')).toBe('pending');
  });
});

describe('home: passing from the list', () => {
  it('passes the selected rows, then asks for the list and the menu count again', async () => {
    await changeLanguage('en-US');
    enterProject();
    let open = rows;
    const fetchMock = mockApi({
      'GET /task/list': () => reply(taskList, { data: open, total: open.length }),
      'GET /file/101': () => reply(fileDetail, detailOf(101, { required: false, needsEmail: false })),
      'POST /file/batch/a': () => {
        open = rows.slice(1);
        return reply(batchAnswer, { results: [{ fileId: 101, ok: true, errorCode: null, msg: null }] });
      },
    });
    renderApp('/home/pending');
    const table = await findById('task-table-pending');
    await waitFor(() => expect(within(table).getByRole('checkbox', { name: 'Protocol v2' })).toBeEnabled());
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Protocol v2' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    fireEvent.click(await findById('task-pass-selected'));
    expect(await screen.findByText('Pass the selected documents (1)')).toBeInTheDocument();
    await findById('task-pass-no-sign');
    const before = callsOf(fetchMock, 'GET', '/task/list').length;
    fireEvent.click(await findById('task-pass-ok'));
    expect((await findById('task-pass-summary')).textContent).toBe('1 passed, 0 not passed');
    fireEvent.click(await findById('task-pass-close'));
    await waitFor(() => expect(document.getElementById('task-open-1')).toBeNull());
    const after = callsOf(fetchMock, 'GET', '/task/list').map(paramsOf).slice(before);
    expect(after.some((p) => p.get('pageSize') === '1')).toBe(true);
    await waitFor(() =>
      expect([...document.querySelectorAll('#side-menu .menu-pending-badge')].map((b) => b.textContent)).toEqual([
        '1',
        '1',
      ]),
    );
  });
});

describe('home: processed', () => {
  it('shows what I did with my decision and the time, in both languages', async () => {
    await changeLanguage('en-US');
    enterProject();
    const done = [
      taskRow({ taskId: 3, kind: 'review', outcome: 'pass', doneAt: '2026-03-02T09:30:00Z' }),
      taskRow({ taskId: 4, kind: 'approve', fileId: 103, outcome: 'reject', doneAt: '2026-03-03T09:30:00Z' }),
      taskRow({ taskId: 5, kind: 'archive', fileId: 104, outcome: 'archive', doneAt: '2026-03-04T09:30:00Z' }),
    ];
    const fetchMock = mockApi({
      'GET /task/list': (url) =>
        reply(
          taskList,
          url.searchParams.get('state') === 'processed' ? { data: done, total: done.length } : { data: [], total: 0 },
        ),
    });
    renderApp('/home/processed');
    expect((await findById('task-kind-3')).textContent).toBe('Review');
    expect((await findById('task-outcome-3')).textContent).toBe('Passed');
    expect((await findById('task-outcome-4')).textContent).toBe('Rejected');
    expect((await findById('task-kind-5')).textContent).toBe('Archiving');
    expect((await findById('task-outcome-5')).textContent).toBe('Archived');
    expect(screen.getByRole('columnheader', { name: /Done/ })).toBeInTheDocument();
    expect(document.querySelector('#task-table-processed input[type="checkbox"]')).toBeNull();
    const asked = callsOf(fetchMock, 'GET', '/task/list').map(paramsOf);
    expect(asked.some((p) => p.get('state') === 'processed')).toBe(true);

    await changeLanguage('zh-CN');
    expect((await findById('task-kind-3')).textContent).toBe('审核');
    expect((await findById('task-outcome-4')).textContent).toBe('驳回');
  });
});
