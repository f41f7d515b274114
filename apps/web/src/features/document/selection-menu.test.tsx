import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { noData } from '@edoc/contract/envelope';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { ALL_KEYS, base, callsTo, enterWorkspace, listOf, row } from '../../test/document-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const editing = row(1, 'Protocol', ALL_KEYS);
const editable = row(2, 'Plan', ALL_KEYS);
// Editable, but in review: it can be packed, not moved (issue 26 item 11), sent again or deleted.
const inReview = row(3, 'Brochure', ALL_KEYS, { status: 3 });

describe("the selected rows' menu", () => {
  it('counts the selection and offers only what is valid for every row; a right click opens it too', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const fetchMock = mockApi({
      ...base,
      'GET /folder/workspace/file/list': listOf([editing, editable, inReview]),
      'POST /file/delete/a': () => reply(noData, null),
    });
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Brochure');
    expect(document.getElementById('document-selection')).toBeNull();
    const boxes = within(table).getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[3]);
    expect(byId('document-selection')).toHaveTextContent('2 selected');
    fireEvent.click(byId('document-selection'));
    expect(await findById('document-pack-selected')).toBeInTheDocument();
    for (const id of [
      'document-move-selected',
      'workflow-send-selected',
      'document-delete-selected',
      'document-archive-selected',
    ])
      expect(document.getElementById(id)).toBeNull();

    // Only editing documents: now they can be sent or deleted together; the right click on one of them opens it.
    fireEvent.click(boxes[3]);
    fireEvent.click(boxes[2]);
    fireEvent.contextMenu(within(table).getByText('Plan'));
    expect(await findById('workflow-send-selected')).toHaveTextContent('Send for review (2)');
    expect(byId('document-move-selected')).toHaveTextContent('Move selected (2)');
    expect(document.getElementById('document-row-2-rename')).toBeNull();
    fireEvent.click(byId('document-delete-selected'));
    expect((await screen.findAllByText('Delete 2 documents?')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'POST', '/file/delete/a')).toHaveLength(0);
    fireEvent.click(byId('document-delete-selected-ok'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/file/delete/a')).toHaveLength(2));
    expect((await screen.findAllByText('2 documents moved to the recycle bin')).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.getElementById('document-selection')).toBeNull());
  });

  it('clears the selection with one click, in Chinese', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    mockApi({ ...base, 'GET /folder/workspace/file/list': listOf([editing, editable]) });
    renderApp('/work');
    const table = await findById('document-table');
    await within(table).findByText('Plan');
    fireEvent.click(within(table).getAllByRole('checkbox')[0]);
    expect(byId('document-selection')).toHaveTextContent('已选 2 项');
    fireEvent.click(byId('document-selection-clear'));
    await waitFor(() => expect(document.getElementById('document-selection')).toBeNull());
  });
});
