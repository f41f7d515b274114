import { DocStatus, RoleCode } from '@edoc/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { searchAnswer, type SearchHit } from '@edoc/contract/search';
import { tagList } from '@edoc/contract/tag';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace } from '../../test/document-fixtures';
import { oneStaffMember } from '../../test/members';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const hit: SearchHit = {
  fileId: 7,
  fileVersionId: 70,
  name: 'Monitoring visit report',
  fileCode: 'MVR-1',
  ichCode: '8.2.1',
  folderId: 12,
  folder: '研究者手册',
  folderEn: "Investigator's brochure",
  status: DocStatus.Editing,
  versionNo: 'V1.0',
  extension: 'pdf',
  updatedtime: '2026-01-02T08:00:00Z',
  inMeta: false,
  page: 2,
  snippets: [
    [
      { text: '… the ', hit: false },
      { text: 'Pharmacokinetics', hit: true },
      { text: ' <b>results</b> …', hit: false },
    ],
  ],
};

const answer = (url: URL) =>
  reply(
    searchAnswer,
    url.searchParams.get('q') === 'common'
      ? { data: [hit], total: 10_000, capped: true, ranked: false }
      : url.searchParams.get('status') === '6'
        ? { data: [], total: 0, capped: false, ranked: true }
        : { data: [hit], total: 1, capped: false, ranked: true },
  );

describe('search', () => {
  it('goes from the header box to the results, with the words marked and the hit opening on its page', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({ ...base, 'GET /file/search': answer });
    const router = renderApp('/work');
    const box = await findById('header-search');
    fireEvent.change(box, { target: { value: 'pharmacokinetics -draft' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const item = await findById('search-hit-7');
    expect(within(item).getByText('Pharmacokinetics').tagName).toBe('MARK');
    // What a document says is text, never markup.
    expect(within(item).getByText(/<b>results<\/b>/)).toBeInTheDocument();
    expect(byId('search-hit-7-page')).toHaveTextContent('Page 2');
    expect(byId('search-hit-7-open')).toHaveAttribute('href', '/view?fileId=7&fileVerId=70&page=2&q=pharmacokinetics');
    expect(within(item).getByText(/8\.2\.1 Investigator's brochure/)).toBeInTheDocument();
    expect(byId('search-total')).toHaveTextContent('Documents found: 1');
    expect(document.getElementById('search-newest-first')).toBeNull();

    // A filter is asked of the server, and an empty answer says what to do.
    fireEvent.mouseDown(within(byId('search-status').closest('.ant-select')!).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Archived'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/file/search').some(
          ([u]) => new URL(String(u), 'http://x').searchParams.get('status') === '6',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/No document matches/)).toBeInTheDocument();
    expect(router.state.location.search).toContain('status=6');
  });

  it('says "10,000+" for a common word instead of counting every document, and that the newest come first, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi({ ...base, 'GET /file/search': answer });
    renderApp('/search?q=common');
    expect(await findById('search-total')).toHaveTextContent('找到 10,000+ 个文档');
    expect(byId('search-newest-first')).toHaveTextContent('最新的在前');
    expect(byId('search-hit-7')).toHaveTextContent('研究者手册');
    expect(byId('search-hit-7-page')).toHaveTextContent('第 2 页');
  });
});

const filterApi = {
  ...base,
  'GET /file/search': answer,
  'GET /tag/list': () => reply(tagList, [{ id: 5, name: 'Urgent', color: 'red', createdAt: '2026-01-01T00:00:00Z' }]),
  'GET /manage/member/list': oneStaffMember,
};

const FILTERS = {
  folderId: '12',
  siteId: '3',
  creatorId: '7',
  tagId: '5',
  startDate: '2026-01-01',
  endDate: '2026-01-31',
};

/** The query of the last search asked of the server. */
const lastSearch = (fetchMock: ReturnType<typeof mockApi>) =>
  new URL(String(callsTo(fetchMock, 'GET', '/file/search').at(-1)?.[0]), 'http://x').searchParams;

/** Opens the picker with this id and chooses the option with this title. */
async function choose(id: string, title: string) {
  fireEvent.mouseDown(within(byId(id).closest('.ant-select')!).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(title));
}

/** Types a day into one of the range picker's two inputs, as a keyboard user does. */
function typeDay(input: HTMLElement, value: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('search filters', () => {
  it('puts each chosen filter in the address and the request, back at page 1, and clears them all', async () => {
    await changeLanguage('en-US');
    enterWorkspace(RoleCode.ProjectAdmin);
    const fetchMock = mockApi(filterApi);
    const router = renderApp('/search?q=protocol&page=2&sort=date');
    await findById('search-hit-7');
    expect(document.getElementById('search-clear-filters')).toBeNull();

    await choose('search-folder', '8.2.2 Signed protocol');
    await waitFor(() => expect(lastSearch(fetchMock).get('folderId')).toBe('12'));
    expect(router.state.location.search).not.toContain('page=');
    await choose('search-site', 'S01 Peking');
    await choose('search-creator', 'Sam Staff');
    await choose('search-tag', 'Urgent');
    typeDay(screen.getByPlaceholderText('Updated from'), '2026-01-01');
    typeDay(screen.getByPlaceholderText('Updated to'), '2026-01-31');
    await waitFor(() => expect(lastSearch(fetchMock).get('endDate')).toBe('2026-01-31'));
    const address = new URLSearchParams(router.state.location.search);
    for (const [key, value] of Object.entries(FILTERS)) {
      expect(address.get(key)).toBe(value);
      expect(lastSearch(fetchMock).get(key)).toBe(value);
    }
    expect(screen.getByRole('combobox', { name: 'Folder' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Site' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tag' })).toBeInTheDocument();

    fireEvent.click(byId('search-clear-filters'));
    await waitFor(() => expect(lastSearch(fetchMock).get('folderId')).toBeNull());
    const cleared = new URLSearchParams(router.state.location.search);
    for (const key of Object.keys(FILTERS)) {
      expect(cleared.get(key)).toBeNull();
      expect(lastSearch(fetchMock).get(key)).toBeNull();
    }
    // The words and the order stay: only the filters go.
    expect(cleared.get('q')).toBe('protocol');
    expect(cleared.get('sort')).toBe('date');
    expect(document.getElementById('search-clear-filters')).toBeNull();
  });

  it('asks for the filters of a shared address at once and shows them chosen', async () => {
    await changeLanguage('en-US');
    enterWorkspace(RoleCode.ProjectAdmin);
    const fetchMock = mockApi(filterApi);
    renderApp(`/search?q=protocol&${new URLSearchParams(FILTERS)}`);
    await findById('search-hit-7');
    const first = new URL(String(callsTo(fetchMock, 'GET', '/file/search')[0][0]), 'http://x').searchParams;
    for (const [key, value] of Object.entries(FILTERS)) expect(first.get(key)).toBe(value);
    expect(await within(byId('search-filters')).findByText('S01 Peking')).toBeInTheDocument();
    expect(await within(byId('search-filters')).findByText('Sam Staff')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Updated from')).toHaveValue('2026-01-01');
    expect(byId('search-clear-filters')).toBeInTheDocument();
  });

  it('offers no creator list to ordinary staff, who may still filter by folder, site and tag', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace(RoleCode.ProjectStaff);
    const fetchMock = mockApi(filterApi);
    renderApp('/search?q=protocol');
    await findById('search-hit-7');
    expect(screen.getByRole('combobox', { name: '文件夹' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '机构' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '标签' })).toBeInTheDocument();
    expect(document.getElementById('search-creator')).toBeNull();
    expect(screen.queryByRole('combobox', { name: '创建人' })).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/manage/member/list')).toHaveLength(0);
  });
});
