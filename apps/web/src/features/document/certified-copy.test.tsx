import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, enterWorkspace, listOf, row } from '../../test/document-fixtures';
// Loaded with the test, not on the first render: the page's lazy chunk took longer than a find waits on a busy machine.
import './pages/workspace-page';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const copy = { by: 'Casey Certifier', at: '2026-03-02T01:02:03.000Z', sha256: 'cd'.repeat(32), pages: 12 };

// Issue 28 part 4: a certified copy is marked in the folder's list, by its name, with who, when and the hash.
describe('a certified copy in the workspace list', () => {
  it('carries the tag by its name, its certification on focus; a plain document has none', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/workspace/file/list': listOf([
        row(1, 'Signed consent (scan)', ALL_KEYS, { certifiedCopy: copy }),
        row(2, 'Plan', ALL_KEYS, { certifiedCopy: null }),
      ]),
    });
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Plan');
    expect(byId('document-row-1-certified')).toHaveTextContent('Certified copy');
    expect(document.getElementById('document-row-2-certified')).toBeNull();
    fireEvent.focus(byId('document-row-1-certified'));
    expect(await screen.findByText('Casey Certifier')).toBeInTheDocument();
    expect(screen.getByText(copy.sha256)).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
  });

  it('reads 核证副本 in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/workspace/file/list': listOf([row(1, 'Signed consent (scan)', ALL_KEYS, { certifiedCopy: copy })]),
    });
    renderApp('/work');
    expect(await findById('document-row-1-certified')).toHaveTextContent('核证副本');
  });
});
