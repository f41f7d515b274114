import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { qualityIssueRoutes } from '@edoc/contract/quality-issue-routes';
import type { QualityIssue } from '@edoc/contract/quality-issue';
import { recipientList } from '@edoc/contract/workflow-requests';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply, serve } from '../../test/fetch-mock';
import { base, enterWorkspace } from '../../test/document-fixtures';
import { byId, clickOption, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { dialogTitled, posted } from '../../test/tmf-model-fixtures';
import { issue } from '../../test/quality-issue-fixtures';

// The workspace page's modules are many: transformed once here, not inside the first test's wait for its panel.
beforeAll(() => import('../document/pages/workspace-page'), 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const routes = (items: QualityIssue[], canRaise: boolean, more = {}) => ({
  ...base,
  ...serve(qualityIssueRoutes.list, { items, total: items.length, canRaise }),
  ...more,
});

describe("the document panel's quality issues", () => {
  it('checks the raise dialog and sends the issue with its assignee, version and page', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(routes([], true, serve(qualityIssueRoutes.create, { id: 9 })));
    renderApp('/work?doc=1&tab=quality');
    expect(await screen.findByText('No quality issues')).toBeInTheDocument();
    fireEvent.click(await findById('quality-raise'));
    const dialog = await dialogTitled('Raise a quality issue');
    // The version being read is offered and chosen; nothing else is filled in.
    expect(within(dialog).getByText('V1.0')).toBeInTheDocument();
    fireEvent.click(byId('quality-raise-ok'));
    expect(await within(dialog).findByText('Category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Assignee is required')).toBeInTheDocument();
    expect(posted(fetchMock, '/quality-issue/create')).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Category' }));
    await clickOption('Personal data exposed');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: '  A patient name on page 2  ' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    await clickOption('Li Lei (li.lei@example.com)');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Page' }), { target: { value: '2' } });
    fireEvent.click(byId('quality-raise-ok'));
    await waitFor(() =>
      expect(posted(fetchMock, '/quality-issue/create')).toEqual([
        {
          documentId: 1,
          category: 'personal_data',
          comment: 'A patient name on page 2',
          assigneeId: 7,
          versionNo: 'V1.0',
          page: 2,
        },
      ]),
    );
    expect(await screen.findByText('Quality issue raised')).toBeInTheDocument();
  });

  it('offers no raising to one who may not, and only the steps each issue allows (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi(
      routes(
        [
          issue(1, { abilities: { resolve: true, verify: false, reopen: false, waive: true, reassign: false } }),
          issue(2, {
            state: 'resolved',
            resolution: '已补签',
            resolvedAt: '2026-01-04T08:00:00Z',
            abilities: { resolve: false, verify: true, reopen: true, waive: false, reassign: false },
          }),
          issue(3, { state: 'verified', category: 'illegible' }),
        ],
        false,
      ),
    );
    renderApp('/work?doc=1&tab=quality');
    const first = await findById('quality-issue-1');
    expect(within(first).getByText('待处理')).toBeInTheDocument();
    expect(within(first).getByText('缺少签名')).toBeInTheDocument();
    expect(within(first).getByText('第 3 页')).toBeInTheDocument();
    // (antd spaces out a two-character Chinese button label: the buttons are found by their ids)
    const buttons = (id: number) =>
      [...byId(`quality-issue-${id}`).querySelectorAll('button')].map((b) => b.id).filter(Boolean);
    expect(buttons(1)).toEqual(['quality-resolve-1', 'quality-waive-1']);
    expect(byId('quality-resolve-1')).toHaveTextContent('解 决');
    const second = byId('quality-issue-2');
    expect(within(second).getByText('处理说明：已补签')).toBeInTheDocument();
    expect(buttons(2)).toEqual(['quality-verify-2', 'quality-reopen-2']);
    expect(within(byId('quality-issue-3')).queryAllByRole('button')).toHaveLength(0);
    expect(document.getElementById('quality-raise')).toBeNull();
  });

  it('resolves with the resolution asked for, and verifies after a yes', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(
      routes(
        [
          issue(1, { abilities: { resolve: true, verify: false, reopen: false, waive: false, reassign: false } }),
          issue(2, {
            state: 'resolved',
            abilities: { resolve: false, verify: true, reopen: false, waive: false, reassign: false },
          }),
        ],
        false,
        {
          ...serve(qualityIssueRoutes.resolve, null),
          ...serve(qualityIssueRoutes.verify, null),
        },
      ),
    );
    renderApp('/work?doc=1&tab=quality');
    fireEvent.click(await findById('quality-resolve-1'));
    const dialog = await dialogTitled('Resolve the issue');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Resolution' }), { target: { value: '   ' } });
    fireEvent.click(byId('quality-step-ok'));
    expect(await within(dialog).findByText('Resolution is required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Resolution' }), { target: { value: 'Signed now' } });
    fireEvent.click(byId('quality-step-ok'));
    await waitFor(() => expect(posted(fetchMock, '/quality-issue/resolve/1')).toEqual([{ resolution: 'Signed now' }]));
    expect(await screen.findByText('Issue resolved')).toBeInTheDocument();

    fireEvent.click(byId('quality-verify-2'));
    fireEvent.click(await findById('quality-verify-2-ok'));
    await waitFor(() => expect(posted(fetchMock, '/quality-issue/verify/2')).toHaveLength(1));
    expect(await screen.findByText('Issue verified')).toBeInTheDocument();
  });

  it('reassigns to another member who may read the document, not to the one it is assigned to', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(
      routes(
        [issue(1, { abilities: { resolve: false, verify: false, reopen: false, waive: false, reassign: true } })],
        false,
        {
          'GET /folder/recipients': () =>
            reply(recipientList, [
              { id: 7, name: 'Li Lei', email: 'li.lei@example.com' },
              { id: 8, name: 'Han Mei', email: 'han.mei@example.com' },
            ]),
          ...serve(qualityIssueRoutes.reassign, null),
        },
      ),
    );
    renderApp('/work?doc=1&tab=quality');
    fireEvent.click(await findById('quality-reassign-1'));
    const dialog = await dialogTitled('Reassign the issue');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await waitFor(() => expect(options()).toEqual(['Han Mei (han.mei@example.com)']));
    await clickOption('Han Mei (han.mei@example.com)');
    fireEvent.click(byId('quality-step-ok'));
    await waitFor(() => expect(posted(fetchMock, '/quality-issue/reassign/1')).toEqual([{ assigneeId: 8 }]));
    expect(await screen.findByText('Issue reassigned')).toBeInTheDocument();
  });

  it("shows the server's refusal of a step taken by someone else first", async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const refusal = 'The quality issue is no longer open';
    mockApi(
      routes(
        [issue(1, { abilities: { resolve: false, verify: false, reopen: false, waive: true, reassign: false } })],
        false,
        {
          ...serve(qualityIssueRoutes.waive, () =>
            envelope(null, { status: 409, errorCode: 'quality_issue_state', msg: refusal }),
          ),
        },
      ),
    );
    renderApp('/work?doc=1&tab=quality');
    fireEvent.click(await findById('quality-waive-1'));
    const dialog = await dialogTitled('Waive the issue');
    expect(within(dialog).getByText(/no longer blocks archiving/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Superseded' } });
    fireEvent.click(byId('quality-step-ok'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
