import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { certifiedCopyShown, certifyBody } from '@edoc/contract/certified-copy';
import { qualityIssuePage } from '@edoc/contract/quality-issue';
import { fileDetail, viewState, type FileDetail } from '@edoc/contract/viewer';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

// jsdom cannot draw pdf.js canvases: the engine is replaced by a fake scan of three pages.
const engine = vi.hoisted(() => ({ openPdf: vi.fn() }));
vi.mock('./pdf-engine', () => ({ openPdf: engine.openPdf }));

const copy = { by: 'Casey Certifier', at: '2026-03-02T01:02:03.000Z', sha256: 'ab'.repeat(32), pages: 3 };

function detail(over: Partial<FileDetail> = {}): FileDetail {
  return {
    fileId: 7,
    name: 'Signed consent (scan)',
    folderId: 3,
    status: 1,
    fileCode: null,
    version: {
      fileVersionId: 70,
      versionNo: 'V1.0',
      label: null,
      fileName: 'consent.pdf',
      extension: 'pdf',
      size: 1234,
      createdtime: '2026-01-01T08:00:00.000Z',
      current: true,
      certifiedCopy: null,
    },
    kind: 'pdf',
    abilities: ['viewDoc', 'certifyDoc'],
    canDownload: false,
    actions: [],
    lock: null,
    withheld: [],
    signing: { required: false, needsEmail: false },
    certify: { pages: 3, needsEmail: true },
    watermark: { name: 'Casey', email: 'casey@example.com', time: '2026-03-01T04:05:06.000Z' },
    ...over,
  };
}

function serve(first: FileDetail = detail()) {
  engine.openPdf.mockResolvedValue({
    numPages: 3,
    pageSize: async () => ({ width: 600, height: 800 }),
    render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
    pageText: async () => '',
    pageRuns: async () => [],
    destroy: () => undefined,
  });
  let certified = false;
  const sent: unknown[] = [];
  mockApi({
    'GET /file/7': () =>
      reply(
        fileDetail,
        certified ? detail({ version: { ...detail().version, certifiedCopy: copy }, certify: null }) : first,
      ),
    'GET /minio/file/state/70': () => reply(viewState, { state: 'ready', kind: 'pdf' }),
    'GET /file/view/70': () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    'GET /quality-issue/list': () => reply(qualityIssuePage, { items: [], total: 0, canRaise: false }),
    'POST /certified-copy/certify/70': (_u, init) => {
      sent.push(certifyBody.parse(JSON.parse(String(init?.body))));
      certified = true;
      return reply(certifiedCopyShown, copy);
    },
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
  engine.openPdf.mockReset();
});

describe('certifying a copy in the viewer (issue 28 part 4)', () => {
  it('counts the pages shown, signs only once every page is checked, sends what the contract says, then tags it', async () => {
    await changeLanguage('en-US');
    signIn();
    const sent = serve();
    renderApp('/view?fileId=7&fileVerId=70');
    fireEvent.click(await findById('viewer-certify-start'));
    expect(byId('viewer-certify-count')).toHaveTextContent('1 of 3 pages checked');
    expect(byId('viewer-certify-page-checked')).toHaveTextContent('Page 1 checked');
    expect(byId('viewer-certify-sign')).toBeDisabled();
    expect(byId('viewer-thumb-1-checked')).toBeInTheDocument();
    expect(document.getElementById('viewer-thumb-2-checked')).toBeNull();

    // The page number field (the keyboard's way to a page) shows page 3; then the next unchecked page, 2.
    const pageInput = byId('viewer-page-input') as HTMLInputElement;
    fireEvent.change(pageInput, { target: { value: '3' } });
    await waitFor(() => expect(byId('viewer-certify-count')).toHaveTextContent('2 of 3 pages checked'));
    expect(byId('viewer-certify-sign')).toBeDisabled();
    fireEvent.click(byId('viewer-certify-next'));
    await waitFor(() => expect(byId('viewer-certify-count')).toHaveTextContent('3 of 3 pages checked'));
    expect(byId('viewer-certify-next')).toBeDisabled();
    expect(byId('viewer-certify-sign')).toBeEnabled();
    // Each checked page is marked under its thumbnail.
    for (const n of [1, 2, 3])
      expect(byId(`viewer-thumb-${n}-checked`)).toHaveAttribute('aria-label', `Page ${n} checked`);

    fireEvent.click(byId('viewer-certify-sign'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/certified copy — this version carries the same information/)).toBeInTheDocument();
    expect(byId('viewer-certify-statement')).toHaveTextContent('all 3 pages');
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'casey@example.com' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(byId('viewer-certify-ok'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      pagesChecked: 3,
      signature: { email: 'casey@example.com', password: 'Passw0rd!', confirmed: true },
    });

    // The document is read again: the tag with who, when and the hash, and no more offer.
    expect(await findById('viewer-certified-copy')).toHaveTextContent('Certified copy');
    await waitFor(() => expect(document.getElementById('viewer-certify-start')).toBeNull());
    fireEvent.focus(byId('viewer-certified-copy'));
    expect(await screen.findByText('Casey Certifier')).toBeInTheDocument();
    expect(screen.getByText(copy.sha256)).toBeInTheDocument();
  });

  it('reads in Chinese, and is not offered to a caller the server gives no offer', async () => {
    await changeLanguage('zh-CN');
    signIn();
    serve();
    renderApp('/view?fileId=7&fileVerId=70');
    fireEvent.click(await findById('viewer-certify-start'));
    expect(byId('viewer-certify-count')).toHaveTextContent('已核对 1 / 3 页');
    cleanup();
    serve(detail({ certify: null }));
    renderApp('/view?fileId=7&fileVerId=70');
    await findById('viewer-page-1');
    expect(document.getElementById('viewer-certify-start')).toBeNull();
  });

  it('offers the page check of an Office file once its rendition is made (its pages are known then)', async () => {
    await changeLanguage('en-US');
    signIn();
    engine.openPdf.mockResolvedValue({
      numPages: 3,
      pageSize: async () => ({ width: 600, height: 800 }),
      render: () => ({ done: Promise.resolve(), cancel: () => undefined }),
      pageText: async () => '',
      pageRuns: async () => [],
      destroy: () => undefined,
    });
    const office = { ...detail().version, extension: 'docx', fileName: 'consent.docx' };
    let ready = false;
    mockApi({
      'GET /file/7': () =>
        reply(
          fileDetail,
          detail({ kind: 'office', version: office, certify: ready ? { pages: 3, needsEmail: false } : null }),
        ),
      'GET /minio/file/state/70': () => reply(viewState, { state: 'converting', kind: 'office', progress: 10 }),
      'GET /minio/file/process/70': () => {
        ready = true;
        return reply(viewState, { state: 'ready', kind: 'office', progress: 100 });
      },
      'GET /file/view/70': () => new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
      'GET /quality-issue/list': () => reply(qualityIssuePage, { items: [], total: 0, canRaise: false }),
    });
    renderApp('/view?fileId=7&fileVerId=70');
    await waitFor(() => expect(byId('viewer-certify-start')).toBeInTheDocument(), { timeout: 5000 });
  });
});
