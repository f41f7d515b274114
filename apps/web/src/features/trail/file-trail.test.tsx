import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { fileTrail } from '@edoc/contract/trail-query';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { base, callsTo, enterWorkspace, listOf, row } from '../../test/document-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
});

const TRAIL = [
  {
    id: 1,
    at: '2026-01-01T08:00:00Z',
    actorId: 5,
    actorName: 'Pat',
    type: 1,
    objectType: 'document',
    objectId: '1',
    version: 'V1.0',
    oldValue: null,
    newValue: { name: 'Protocol' },
    reason: null,
    ip: null,
    objectName: null,
    refs: {},
  },
  {
    id: 2,
    at: '2026-01-02T08:00:00Z',
    actorId: 5,
    actorName: 'Pat',
    type: 2,
    objectType: 'document',
    objectId: '1',
    version: 'V1.1',
    oldValue: { versionNo: 'V1.0' },
    newValue: { versionNo: 'V1.1' },
    reason: null,
    ip: null,
    objectName: null,
    refs: {},
  },
];
const VERSION = {
  fileVersionId: 11,
  versionNo: 'V1.1',
  label: null,
  fileName: 'p.pdf',
  size: 9,
  sha256: 'abcdef1234567890',
  creator: 'Pat',
  createdtime: '2026-01-02T08:00:00Z',
  current: true,
  textState: null,
  textReason: null,
};

describe('document trail in the workspace', () => {
  it('opens the side panel on the trail; the versions tab shows the fingerprint; no trail without the key', async () => {
    await changeLanguage('en-US');
    enterWorkspace();
    mockApi({
      ...base,
      'GET /folder/workspace/file/list': listOf([
        row(1, 'Protocol', ['viewDoc', 'viewTrailDoc', 'viewVersionDoc']),
        row(2, 'Brochure', ['viewDoc']),
      ]),
      'GET /audit/find_file_audits': () => reply(fileTrail, TRAIL),
      'GET /file/version/find_all': () => envelope([VERSION]),
    });
    const router = renderApp('/work');
    fireEvent.click(await findById('document-row-1-more'));
    fireEvent.click(await findById('document-row-1-trail'));
    const trail = await findById('file-trail');
    expect(within(trail).getByText('Create')).toBeInTheDocument();
    expect(within(trail).getByText('Update')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?doc=1&tab=trail');
    fireEvent.click(await findById('document-panel-tab-versions'));
    expect(await screen.findByText('abcdef1234')).toBeInTheDocument();
    expect(document.getElementById('document-row-2-trail')).toBeNull();
    // The other document's panel has no trail tab: its keys do not include viewTrailDoc.
    fireEvent.click(await findById('document-row-2-open'));
    await waitFor(() => expect(document.getElementById('document-panel-title')?.textContent).toBe('Brochure'));
    expect(document.getElementById('document-panel-tab-trail')).toBeNull();
    expect(document.getElementById('document-panel-tab-versions')).toBeNull();
  });

  it('switches between All Files, My Documents and Recent Operation', async () => {
    await changeLanguage('zh-CN');
    enterWorkspace();
    const fetchMock = mockApi(base);
    renderApp('/work');
    fireEvent.click(await screen.findByText('我的文档'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/folder/workspace/file/list').map(([u]) =>
          new URL(String(u), 'http://x').searchParams.get('view'),
        ),
      ).toContain('mine'),
    );
    fireEvent.click(screen.getByText('最近操作'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/folder/workspace/file/list').map(([u]) =>
          new URL(String(u), 'http://x').searchParams.get('view'),
        ),
      ).toContain('recent'),
    );
  });
});
