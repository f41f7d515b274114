import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, enterWorkspace } from '../../test/document-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

/** antd marks the compact table on the element with the id or one inside it, as versions differ. */
const compact = (table: HTMLElement) => table.matches('.ant-table-small') || !!table.querySelector('.ant-table-small');

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean);

// Issue 12: every column reachable without a sideways scroll at 1440 pixels — a default that fits, and the others a
// click away, shown, hidden and ordered as each user likes, with a density; the choice is still there next time.
describe('the document list’s columns', () => {
  it('shows the default columns, lets the user change them and the density, and remembers it', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Protocol');
    expect(headers(table)).not.toContain('Creator');
    expect(headers(table).slice(0, 2)).toEqual(['Folder', 'File name']);

    fireEvent.click(byId('document-columns'));
    fireEvent.click(await findById('document-column-creator'));
    fireEvent.click(byId('document-column-folder'));
    // File name first: the folder column moves down past it.
    fireEvent.click(within(byId('document-columns-panel')).getByRole('button', { name: 'Move File name up' }));
    fireEvent.click(within(byId('document-density')).getByText('Compact'));
    expect(headers(byId('document-table'))).toContain('Creator');
    expect(headers(byId('document-table'))).not.toContain('Folder');
    expect(headers(byId('document-table'))[0]).toBe('File name');
    expect(compact(byId('document-table'))).toBe(true);

    // Signed in again: the same layout.
    cleanup();
    renderApp('/work');
    const again = await findById('document-table');
    await within(again).findByText('Protocol');
    expect(headers(again)).toContain('Creator');
    expect(headers(again)).not.toContain('Folder');
    expect(compact(again)).toBe(true);
  });

  it("drags a column's edge to a new width and remembers it; the default layout forgets it", async () => {
    localStorage.clear();
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Protocol');
    const nameWidth = () =>
      (byId('document-table').querySelector('colgroup col:nth-child(3)') as HTMLElement | null)?.style.width;
    const handle = within(table).getByRole('separator', { name: 'Resize File name' });
    const before = nameWidth();
    fireEvent.mouseDown(handle, { clientX: 300 });
    fireEvent.mouseMove(window, { clientX: 380 });
    fireEvent.mouseUp(window, { clientX: 380 });
    // 220 pixels by default (jsdom lays nothing out, so the drag starts from the column's width): 80 more.
    await waitFor(() => expect(nameWidth()).toBe('300px'));
    expect(before).toBe('220px');
    cleanup();
    renderApp('/work');
    await within(await findById('document-table')).findByText('Protocol');
    expect(nameWidth()).toBe('300px');
    fireEvent.click(byId('document-columns'));
    fireEvent.click(await findById('document-columns-reset'));
    await waitFor(() => expect(nameWidth()).toBe('220px'));
  });
});
