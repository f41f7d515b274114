import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { ticketIssued } from '@edoc/contract/download';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace } from '../../test/document-fixtures';

const click = HTMLAnchorElement.prototype.click;
afterEach(() => {
  HTMLAnchorElement.prototype.click = click;
  vi.unstubAllGlobals();
  stopIdle();
});

describe('downloads through a short-lived link', () => {
  it('asks for a ticket and lets the browser fetch the file itself', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    const opened: string[] = [];
    HTMLAnchorElement.prototype.click = function clickLink(this: HTMLAnchorElement) {
      opened.push(this.getAttribute('href') ?? '');
    };
    const fetchMock = mockApi({
      ...base,
      'POST /download/ticket': () => reply(ticketIssued, { url: '/edoc/download/ticket/abc', expiresInSeconds: 300 }),
    });
    renderApp('/work');
    fireEvent.click(await findById('document-row-1-download'));
    await waitFor(() => expect(opened).toEqual(['/edoc/download/ticket/abc']));
    const [[, init]] = callsTo(fetchMock, 'POST', '/download/ticket');
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'document', fileId: 1, fileVersionId: 10 });
    // The file itself is never fetched into the page.
    expect(callsTo(fetchMock, 'GET', '/minio/file/down')).toEqual([]);
  });
});
