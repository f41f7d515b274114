import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FolderNode } from '@edoc/contract/folder';
import { COUNT_CAP } from '@edoc/contract/envelope';
import { AppProviders } from '../../app/providers';
import { node } from '../../test/document-fixtures';
import { changeLanguage } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { expandFolder } from '../../test/folder-tree';
import { byId, findById } from '../../test/queries';
import { FolderBreadcrumb } from './folder-breadcrumb';
import { FolderSplit } from './folder-split';
import { FolderTree } from './folder-tree';

const named = (id: number, parent: number, code: string, zh: string, en: string, children: FolderNode[] = []) =>
  node(id, parent, code, zh, { folderNameEn: en, children });

// Two sections of the ICH model, one three levels deep, each folder named in both languages.
const roots = [
  named(1, 0, '8.2', '临床试验开始前', 'Before the clinical phase', [
    named(2, 1, '8.2.1', '研究者手册', "Investigator's brochure"),
    named(3, 1, '8.2.2', '已签署的试验方案', 'Signed protocol'),
    named(4, 1, '8.2.10', '研究者履历', 'CVs of investigators'),
  ]),
  named(5, 0, '8.3', '临床试验进行中', 'During the clinical conduct', [
    named(6, 5, '8.3.1', '研究者手册更新', "Investigator's brochure updates", [
      named(7, 6, '8.3.1.1', '第二版', 'Second edition'),
    ]),
  ]),
];

/** The tree beside a breadcrumb, as a page puts them, holding the chosen folder as the page's list state does. */
function Page(props: { initial?: number | null; onChoose?: (id: number | null) => void }) {
  const [folderId, setFolderId] = useState(props.initial ?? null);
  const choose = (id: number | null) => {
    props.onChoose?.(id);
    setFolderId(id);
  };
  const common = { prefix: 't', allLabel: 'All files', roots, folderId, onChoose: choose };
  return (
    <FolderSplit prefix="t" tree={<FolderTree {...common} title="Folders" emptyText="No folders" loading={false} />}>
      <FolderBreadcrumb {...common} />
      {/* As a link elsewhere on the page (or an address) would choose a folder. */}
      <button id="t-elsewhere" onClick={() => choose(7)} />
    </FolderSplit>
  );
}

function show(props: Parameters<typeof Page>[0] = {}) {
  render(
    <AppProviders client={createQueryClient()}>
      <Page {...props} />
    </AppProviders>,
  );
}

const shown = (id: number) => document.getElementById(`t-folder-${id}`) !== null;
const filter = (text: string) => fireEvent.change(byId('t-folder-filter'), { target: { value: text } });

afterEach(() => vi.unstubAllGlobals());

describe('folder tree', () => {
  it('shows the first level only until a folder is opened, and keeps it open', async () => {
    await changeLanguage('en-US');
    show();
    await findById('t-folder-1');
    expect(shown(5)).toBe(true);
    expect(shown(2)).toBe(false);
    await expandFolder('t', 1);
    expect(await findById('t-folder-2')).toHaveTextContent("8.2.1 Investigator's brochure 2");
    // Choosing a folder elsewhere in the tree leaves what was opened open.
    fireEvent.click(byId('t-folder-5'));
    expect(shown(2)).toBe(true);
  });

  it('says "10,000+" for a folder the server counted past its cap, and the exact count below it', async () => {
    await changeLanguage('en-US');
    const big = [named(1, 0, '8.2', '大', 'Big', []), named(2, 0, '8.3', '满', 'Full', [])];
    big[0].fileCount = COUNT_CAP + 1;
    big[1].fileCount = COUNT_CAP;
    render(
      <AppProviders client={createQueryClient()}>
        <FolderTree
          prefix="t"
          allLabel="All"
          roots={big}
          folderId={null}
          onChoose={() => {}}
          title="F"
          emptyText=""
          loading={false}
        />
      </AppProviders>,
    );
    expect(await findById('t-folder-1')).toHaveTextContent('8.2 Big 10,000+');
    expect(byId('t-folder-2')).toHaveTextContent(`8.3 Full ${COUNT_CAP}`);
  });

  it('finds folders by the beginning of their ICH code, with or without leading zeros', async () => {
    await changeLanguage('en-US');
    show();
    await findById('t-folder-1');
    filter('8.2.1');
    // 8.2.1 and 8.2.10 begin so; their section is opened to show them.
    expect(await findById('t-folder-2')).toBeInTheDocument();
    expect(shown(4)).toBe(true);
    expect(shown(3)).toBe(false);
    expect(shown(5)).toBe(false);
    expect(byId('t-folder-2').querySelector('mark')).toHaveTextContent('8.2.1');
    // Only the part typed is marked.
    expect(byId('t-folder-4').querySelector('mark')!.textContent).toBe('8.2.1');
    expect(byId('t-folder-4').querySelector('.folder-tree-code')!.textContent).toBe('8.2.10');
    filter('08.02');
    await waitFor(() => expect(shown(3)).toBe(true));
    expect(shown(1) && shown(2) && shown(4)).toBe(true);
    expect(shown(5)).toBe(false);
  });

  it('finds folders by name in either language, whatever the case, and marks the match', async () => {
    await changeLanguage('en-US');
    show();
    await findById('t-folder-1');
    filter('BROCHURE');
    expect(await findById('t-folder-2')).toBeInTheDocument();
    expect(shown(6)).toBe(true);
    expect(shown(3)).toBe(false);
    expect(byId('t-folder-2').querySelector('mark')).toHaveTextContent('brochure');
    // What is below a matching folder stays there, closed, to be opened.
    expect(shown(7)).toBe(false);
    await expandFolder('t', 6);
    expect(await findById('t-folder-7')).toBeInTheDocument();
    // A match three levels down opens both its ancestors.
    filter('edition');
    await waitFor(() => expect(shown(2)).toBe(false));
    expect(shown(5) && shown(6) && shown(7)).toBe(true);
    // The Chinese name finds the folder too, though the English one is shown.
    filter('已签署');
    await waitFor(() => expect(shown(3)).toBe(true));
    expect(shown(2)).toBe(false);
    // Clearing the filter goes back to the tree as it was.
    filter('');
    await waitFor(() => expect(shown(3)).toBe(false));
    expect(shown(1)).toBe(true);
  });

  it('says when no folder matches, in both languages', async () => {
    await changeLanguage('en-US');
    show();
    await findById('t-folder-1');
    filter('nothing like it');
    expect(await screen.findByText('No folder matches')).toBeInTheDocument();
    expect(byId('t-folder-filter')).toHaveAttribute('placeholder', 'Filter folders');
    await changeLanguage('zh-CN');
    expect(await screen.findByText('没有匹配的文件夹')).toBeInTheDocument();
    expect(byId('t-folder-filter')).toHaveAttribute('placeholder', '筛选文件夹');
    filter('签署');
    expect(await findById('t-folder-3')).toHaveTextContent('8.2.2 已签署的试验方案');
  });

  it("opens the chosen folder's ancestors, and the breadcrumb goes back up its path", async () => {
    await changeLanguage('en-US');
    const onChoose = vi.fn();
    show({ initial: 7, onChoose });
    expect(await findById('t-folder-7')).toBeInTheDocument();
    expect(byId('t-folder-7').closest('.ant-tree-treenode')).toHaveClass('ant-tree-treenode-selected');
    const crumbs = byId('t-breadcrumb');
    expect(crumbs).toHaveTextContent(
      "All files/8.3 During the clinical conduct/8.3.1 Investigator's brochure updates/8.3.1.1 Second edition",
    );
    // The open folder is where one is, not a link.
    expect(byId('t-breadcrumb-7').tagName).toBe('SPAN');
    fireEvent.click(byId('t-breadcrumb-5'));
    expect(onChoose).toHaveBeenLastCalledWith(5);
    expect(byId('t-breadcrumb')).toHaveTextContent(/^All files\/8\.3 During the clinical conduct$/);
    fireEvent.keyDown(byId('t-breadcrumb-all'), { key: 'Enter' });
    expect(onChoose).toHaveBeenLastCalledWith(null);
  });

  it('opens the ancestors of a folder chosen elsewhere, once per choice', async () => {
    await changeLanguage('en-US');
    show();
    await findById('t-folder-5');
    expect(shown(7)).toBe(false);
    fireEvent.click(byId('t-elsewhere'));
    expect(await findById('t-folder-7')).toBeInTheDocument();
    expect(shown(6)).toBe(true);
    // Closed again by the user, the section stays closed while the choice stays the same.
    await expandFolder('t', 5);
    await waitFor(() => expect(shown(6)).toBe(false));
  });
});

describe('folder panel', () => {
  it('hides and shows the tree beside the list on a wide screen, remembered for the user', async () => {
    // Every breakpoint's media query matches: a wide screen.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    await changeLanguage('en-US');
    show();
    fireEvent.click(await findById('t-tree-hide'));
    expect(await findById('t-tree-show')).toBeInTheDocument();
    expect(byId('t-folder-1').closest('.ant-splitter-panel')).toHaveClass('ant-splitter-panel-hidden');
    expect(JSON.parse(window.localStorage.getItem('edoc.pref.0.t.folderPanel')!)).toEqual({
      width: 250,
      collapsed: true,
    });
    fireEvent.click(byId('t-tree-show'));
    expect(await findById('t-tree-hide')).toBeInTheDocument();
    expect(byId('t-folder-1').closest('.ant-splitter-panel')).not.toHaveClass('ant-splitter-panel-hidden');
    expect(document.getElementById('t-tree-show')).toBeNull();
  });
});
