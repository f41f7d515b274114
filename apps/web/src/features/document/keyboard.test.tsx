import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { AppProviders } from '../../app/providers';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { createQueryClient } from '../../lib/query-client';
import { mockApi } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, enterWorkspace } from '../../test/document-fixtures';
import { FileFilters } from './components/file-filters';
import { FilePicker } from './components/file-picker';
// Loaded with the file, not when the route first asks for it: on a loaded machine that alone outlasted a findBy.
import './pages/workspace-page';

/** The items of the open row menu (the side menu has items too). */
const rowMenuItems = async () =>
  within(await waitFor(() => document.querySelector<HTMLElement>('.ant-dropdown-menu')!)).getAllByRole('menuitem');

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

describe('keyboard use of the document list (issue 31)', () => {
  it('Tab moves on past the empty "created" range to what follows it', async () => {
    await changeLanguage('en-US');
    render(
      <AppProviders client={createQueryClient()}>
        <FileFilters onChange={() => undefined} />
        <button type="button">after</button>
      </AppProviders>,
    );
    await user.click(screen.getByPlaceholderText('Created from'));
    await user.tab();
    expect(screen.getByPlaceholderText('Created to')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('opens a row menu with ArrowDown or Enter on its first item, and Escape gives the focus back', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    renderApp('/work');
    const more = await findById('document-row-1-more');
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await user.keyboard('{ArrowDown}');
    const items = await rowMenuItems();
    await waitFor(() => expect(items[0]).toHaveFocus());
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(more).toHaveFocus());
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    const first = (await rowMenuItems())[0];
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('closes the rename dialog with Escape and after Cancel, the focus back on the button that opened it', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    renderApp('/work');
    const more = await findById('document-row-1-more');
    const rename = async () => {
      more.focus();
      await user.keyboard('{Enter}');
      const item = (await findById('document-row-1-rename')).closest('[role=menuitem]') as HTMLElement;
      const first = (await rowMenuItems())[0];
      await waitFor(() => expect(first).toHaveFocus());
      // The arrows walk antd's menu in a browser (journey 13); jsdom lays nothing out, and antd's menu skips the items
      // it sees no box for: the item is focused as the arrows would. The menu reads the key's code, which user-event
      // leaves out.
      item.focus();
      fireEvent.keyDown(item, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
      const field = await screen.findByRole('textbox', { name: 'File name' });
      // The dialog starts on its field, ready for typing.
      await waitFor(() => expect(field).toHaveFocus());
    };
    await rename();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(more).toHaveFocus());

    await rename();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('keeps the focus on "Choose a file" once a file is chosen from the keyboard', async () => {
    await changeLanguage('en-US');
    const chosen = vi.fn();
    render(
      <AppProviders client={createQueryClient()}>
        <FilePicker id="file" onChange={chosen} />
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: /Choose a file/ });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    input.click = vi.fn();
    button.focus();
    await user.keyboard('{Enter}');
    expect(input.click).toHaveBeenCalledTimes(1);
    expect(button).toHaveFocus();
    await user.keyboard(' ');
    expect(input.click).toHaveBeenCalledTimes(2);
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'plan.pdf')] } });
    await waitFor(() => expect(chosen).toHaveBeenCalled());
    expect(button).toHaveFocus();
  });

  it('opens the side panel with Enter and goes into it with Enter again', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi(base);
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Protocol');
    const list = table.closest<HTMLElement>('.table-keys')!;
    list.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(document.getElementById('document-panel-title')).toHaveTextContent('Protocol'));
    expect(list).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(document.querySelector('.document-panel')).toHaveFocus();
  });
});
