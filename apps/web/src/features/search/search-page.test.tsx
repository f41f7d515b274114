import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { searchAnswer, type SearchHit } from '@edoc/contract/search';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, signIn } from '../document/document-fixtures';

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
  status: 1,
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
      ? { data: [hit], total: 10_000, capped: true }
      : url.searchParams.get('status') === '6'
        ? { data: [], total: 0, capped: false }
        : { data: [hit], total: 1, capped: false },
  );

describe('search', () => {
  it('goes from the header box to the results, with the words marked and the hit opening on its page', async () => {
    await changeLanguage('en-US');
    signIn();
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

  it('says "10,000+" for a common word instead of counting every document, in Chinese', async () => {
    await changeLanguage('zh-CN');
    signIn();
    mockApi({ ...base, 'GET /file/search': answer });
    renderApp('/search?q=common');
    expect(await findById('search-total')).toHaveTextContent('找到 10,000+ 个文档');
    expect(byId('search-hit-7')).toHaveTextContent('研究者手册');
    expect(byId('search-hit-7-page')).toHaveTextContent('第 2 页');
  });
});
