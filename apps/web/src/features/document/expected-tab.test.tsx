import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocStatus } from '@edoc/contract/enums';
import { expectedRoutes } from '@edoc/contract/expected-routes';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, serve } from '../../test/fetch-mock';
import { byId } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace } from '../../test/document-fixtures';
import { expectedItemOf } from '../../test/expected-fixtures';
import { posted } from '../../test/tmf-model-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const linked = expectedItemOf({
  id: 5,
  state: 'filed',
  overdue: false,
  documents: [{ id: 1, name: 'Protocol', status: DocStatus.Editing }],
});
const first = expectedItemOf({ id: 6, occurrence: 2, dueDate: '2030-01-01', overdue: false });
const second = expectedItemOf({ id: 7, occurrence: 3, dueDate: null, overdue: false });

const routes = (more = {}) => ({
  ...base,
  'GET /file/version/find_all': () => envelope([]),
  ...serve(expectedRoutes.matches, { linked: [linked], candidates: [first, second] }),
  ...more,
});

/** The tab's lists once the workspace, the panel and the matches have loaded (slow on a busy machine). */
const listOf = (id: string) => waitFor(() => byId(id), { timeout: 30_000 });

describe("the document panel's expected documents", () => {
  it('lists what the document fulfils and lets the editor pick one of several candidates to link', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi(routes({ ...serve(expectedRoutes.link, null), ...serve(expectedRoutes.unlink, null) }));
    renderApp('/work?doc=1&tab=expected');
    const fulfils = await listOf('document-expected-linked-list');
    expect(await within(fulfils).findByText("8.2.1 Investigator's Brochure")).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/expected/matches').at(-1)?.[0]).toContain('documentId=1');
    const candidates = byId('document-expected-candidate-list');
    expect(within(candidates).getByText('No. 3')).toBeInTheDocument();
    expect(screen.getByText(/Several expected documents fit/)).toBeInTheDocument();
    fireEvent.click(byId('expected-link-7'));
    await waitFor(() => expect(posted(fetchMock, '/expected/link')).toEqual([{ itemId: 7, documentId: 1 }]));
    fireEvent.click(byId('expected-unlink-5'));
    await waitFor(() => expect(posted(fetchMock, '/expected/unlink')).toEqual([{ itemId: 5, documentId: 1 }]));
  });

  it('shows the matches without link buttons to a reader who may not edit the document (Chinese)', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi(routes());
    renderApp('/work?doc=2&tab=expected');
    const fulfils = await listOf('document-expected-linked-list');
    expect(await within(fulfils).findByText('8.2.1 研究者手册')).toBeInTheDocument();
    expect(byId('document-panel-tab-expected')).toHaveTextContent('应有文件');
    expect(document.getElementById('expected-link-6')).toBeNull();
    expect(document.getElementById('expected-unlink-5')).toBeNull();
  });
});
