import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { symbolView } from '@edoc/contract/editing';
import { fileDetail, viewState, type FileDetail, type ViewState } from '@edoc/contract/viewer';
import { changeLanguage } from '../../lib/i18n';
import { stopIdle } from '../../lib/idle-timer';
import { envelope, mockApi, reply } from '../../test/fetch-mock';
import { byId, findById } from '../../test/queries';
import { renderApp } from '../../test/render-app';
import { signIn } from '../../test/session';

// jsdom cannot draw pdf.js canvases: the engine is replaced by a fake document of three pages.
const engine = vi.hoisted(() => ({
  openPdf: vi.fn(),
  render: vi.fn(),
}));
vi.mock('./pdf-engine', () => ({ openPdf: engine.openPdf }));

function fakePdf(texts = ['Protocol 方案', 'Nothing here', 'protocol appendix']) {
  engine.render.mockImplementation(() => ({ done: Promise.resolve(), cancel: () => undefined }));
  engine.openPdf.mockResolvedValue({
    numPages: texts.length,
    pageSize: async () => ({ width: 600, height: 800 }),
    render: engine.render,
    pageText: async (n: number) => texts[n - 1],
    // One run per page, six pixels a character.
    pageRuns: async (n: number) => [{ str: texts[n - 1], x: 10, y: 20, width: texts[n - 1].length * 6, height: 12 }],
    destroy: () => undefined,
  });
}

function detail(over: Partial<FileDetail> = {}): FileDetail {
  return {
    fileId: 7,
    name: '临床试验方案',
    folderId: 3,
    status: 1,
    fileCode: 'PRT-001',
    version: {
      fileVersionId: 70,
      versionNo: 'V1.0',
      label: null,
      fileName: '方案.docx',
      extension: 'docx',
      size: 1234,
      createdtime: '2026-01-01T08:00:00.000Z',
      current: true,
    },
    kind: 'office',
    abilities: ['viewDoc', 'downDoc'],
    canDownload: true,
    actions: [],
    lock: null,
    withheld: [],
    signing: { required: false, needsEmail: false },
    watermark: { name: '张三', email: 'zhang.san@example.com', time: '2026-03-01T04:05:06.000Z' },
    ...over,
  };
}

function serve(d: FileDetail, opened: ViewState, polls: ViewState[] = [], more: Parameters<typeof mockApi>[0] = {}) {
  let poll = 0;
  return mockApi({
    ...more,
    'GET /file/7': () => reply(fileDetail, d),
    [`GET /minio/file/state/${d.version.fileVersionId}`]: () => reply(viewState, opened),
    [`GET /minio/file/process/${d.version.fileVersionId}`]: () =>
      reply(viewState, polls[Math.min(poll++, polls.length - 1)]),
    [`GET /file/view/${d.version.fileVersionId}`]: () =>
      new Response('编号,姓名\n001,张三\n', { headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
  });
}

// antd's input ignores a second Enter until the first key is released.
function pressEnter(input: HTMLElement) {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

const open = () => renderApp('/view?fileId=7&fileVerId=70&folderId=3&statusId=1');

afterEach(() => {
  vi.unstubAllGlobals();
  stopIdle();
  engine.openPdf.mockReset();
});

describe('document viewer', () => {
  it('shows the conversion progress, then the PDF with its pages, under the watermark', async () => {
    await changeLanguage('en-US');
    signIn();
    fakePdf();
    const fetchMock = serve(detail(), { state: 'converting', kind: 'office', progress: 5 }, [
      { state: 'converting', kind: 'office', progress: 40 },
      { state: 'ready', kind: 'office', progress: 100 },
    ]);
    open();
    expect(await findById('viewer-progress')).toBeInTheDocument();
    expect(screen.getByText('Preparing the document for viewing…')).toBeInTheDocument();
    // Two polls, a second apart, until the rendition is ready.
    await waitFor(() => expect(byId('viewer-page-3')).toBeInTheDocument(), { timeout: 5000 });
    expect(engine.openPdf).toHaveBeenCalledWith('/edoc/file/view/70', { Authorization: 'Bearer tok' });
    expect(byId('viewer-page-count')).toHaveTextContent('/ 3');
    expect(byId('viewer-name')).toHaveTextContent('临床试验方案');
    expect(byId('viewer-version')).toHaveTextContent('Version V1.0');
    const mark = byId('viewer-watermark');
    expect(within(mark).getAllByText('zhang.san@example.com').length).toBeGreaterThan(10);
    expect(within(mark).getAllByText('张三').length).toBeGreaterThan(10);
    expect(mark.style.pointerEvents).toBe('none');
    // The view is opened (and recorded) once; polling used the process call.
    const calls = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname);
    expect(calls.filter((p) => p === '/edoc/minio/file/state/70')).toHaveLength(1);
    expect(calls.filter((p) => p === '/edoc/minio/file/process/70').length).toBeGreaterThanOrEqual(2);
  });

  it('searches the text of the pages and moves between the hits', async () => {
    await changeLanguage('en-US');
    signIn();
    fakePdf();
    serve(detail({ kind: 'pdf' }), { state: 'ready', kind: 'pdf' });
    open();
    await findById('viewer-page-1');
    const input = byId('viewer-search') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'PROTOCOL' } });
    pressEnter(input);
    expect(await findById('viewer-search-result')).toHaveTextContent('1 / 2 (page 1)');
    fireEvent.click(byId('viewer-search-next'));
    expect(byId('viewer-search-result')).toHaveTextContent('2 / 2 (page 3)');
    expect((byId('viewer-page-input') as HTMLInputElement).value).toBe('3');
    fireEvent.change(input, { target: { value: 'absent' } });
    pressEnter(input);
    await waitFor(() => expect(byId('viewer-search-result')).toHaveTextContent('No matches'));
  });

  it('opens a search hit on its page with the words marked there (issue 26, item 9)', async () => {
    await changeLanguage('en-US');
    signIn();
    fakePdf();
    serve(detail({ kind: 'pdf' }), { state: 'ready', kind: 'pdf' });
    renderApp('/view?fileId=7&fileVerId=70&page=3&q=appendix');
    await waitFor(() => expect(byId('viewer-page-3').querySelector('[data-mark="3"]')).not.toBeNull());
    // "protocol appendix": the word after nine characters and a space, six pixels each: 10 + 54 from the left,
    // eight characters wide, at whatever scale fits the width.
    const mark = byId('viewer-page-3').querySelector<HTMLElement>('[data-mark="3"]')!;
    expect(parseFloat(mark.style.left) / parseFloat(mark.style.width)).toBeCloseTo(64 / 48);
    expect(byId('viewer-page-1').querySelector('[data-mark]')).toBeNull();
    expect((byId('viewer-page-input') as HTMLInputElement).value).toBe('3');

    // Another search marks its own words, on every page they are on; none found, nothing is marked.
    const input = byId('viewer-search') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'PROTOCOL' } });
    pressEnter(input);
    await waitFor(() => expect(byId('viewer-page-1').querySelector('[data-mark]')).not.toBeNull());
    expect(byId('viewer-page-3').querySelectorAll('[data-mark]')).toHaveLength(1);
    expect(byId('viewer-page-2').querySelector('[data-mark]')).toBeNull();
    fireEvent.change(input, { target: { value: 'absent' } });
    pressEnter(input);
    await waitFor(() => expect(document.querySelector('[data-mark]')).toBeNull());
  });

  it('zooms the pages', async () => {
    await changeLanguage('en-US');
    signIn();
    fakePdf();
    serve(detail({ kind: 'pdf' }), { state: 'ready', kind: 'pdf' });
    open();
    await findById('viewer-page-1');
    const before = byId('viewer-zoom-value').textContent;
    fireEvent.click(byId('viewer-zoom-in'));
    await waitFor(() => expect(byId('viewer-zoom-value').textContent).not.toBe(before));
    expect(engine.render).toHaveBeenCalled();
  });

  it('shows why a conversion failed', async () => {
    await changeLanguage('en-US');
    signIn();
    serve(detail(), { state: 'failed', kind: 'office', error: 'LibreOffice produced no PDF' });
    open();
    const alert = await findById('viewer-convert-failed');
    expect(alert).toHaveTextContent('The document could not be converted for online viewing');
    expect(alert).toHaveTextContent('Reason: LibreOffice produced no PDF');
  });

  it('offers no download without downDoc, and one with it', async () => {
    await changeLanguage('en-US');
    signIn();
    serve(detail({ canDownload: false, abilities: ['viewDoc'] }), { state: 'failed', kind: 'office' });
    open();
    await findById('viewer-convert-failed');
    expect(document.getElementById('viewer-download')).toBeNull();
  });

  it('says when the version its link names is no longer the current one (after a recall or a new version)', async () => {
    await changeLanguage('en-US');
    signIn();
    serve(detail({ version: { ...detail().version, current: false } }), { state: 'failed', kind: 'office' });
    open();
    expect(await findById('viewer-not-current')).toHaveTextContent('Not the current version');
    cleanup();
    serve(detail(), { state: 'failed', kind: 'office' });
    open();
    await findById('viewer-convert-failed');
    expect(document.getElementById('viewer-not-current')).toBeNull();
  });

  it("answers the server's refusal in its words", async () => {
    await changeLanguage('en-US');
    signIn();
    mockApi({
      'GET /file/7': () =>
        envelope(null, { status: 403, errorCode: 'no_permission_view_file', msg: 'No permission to view this file' }),
    });
    open();
    expect(await findById('viewer-error')).toHaveTextContent('No permission to view this file');
  });

  it('says a type cannot be viewed online', async () => {
    await changeLanguage('zh-CN');
    signIn();
    serve(detail({ kind: null }), { state: 'unsupported', kind: null });
    open();
    expect(await findById('viewer-error')).toHaveTextContent('该文档不支持在线查看');
  });

  it('rotates and zooms an image', async () => {
    await changeLanguage('en-US');
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    serve(detail({ kind: 'image' }), { state: 'ready', kind: 'image' });
    open();
    const image = (await findById('viewer-image')) as HTMLImageElement;
    expect(image.style.transform).toBe('scale(1) rotate(0deg)');
    fireEvent.click(byId('viewer-rotate-right'));
    expect(image.style.transform).toBe('scale(1) rotate(90deg)');
    fireEvent.click(byId('viewer-rotate-left'));
    fireEvent.click(byId('viewer-rotate-left'));
    expect(image.style.transform).toBe('scale(1) rotate(270deg)');
    fireEvent.click(byId('viewer-zoom-in'));
    expect(image.style.transform).toBe('scale(1.25) rotate(270deg)');
    expect(byId('viewer-download')).toBeInTheDocument();
  });

  it('shows text files as text', async () => {
    await changeLanguage('en-US');
    signIn();
    serve(detail({ kind: 'text' }), { state: 'ready', kind: 'text' });
    open();
    expect(await findById('viewer-text')).toHaveTextContent('001,张三');
  });

  it('opens the document an editing session’s link names (SPEC §2: uniqueSymbol, frId, fileVerId)', async () => {
    await changeLanguage('en-US');
    signIn();
    const asked: string[] = [];
    const session = { exists: true, mine: false, canEnd: false, browserEditor: false, holder: null, session: null };
    serve(detail({ kind: 'text' }), { state: 'ready', kind: 'text' }, [], {
      'GET /file/ol/separate/view': (url) => {
        asked.push(url.searchParams.get('uniqueSymbol') ?? '');
        return reply(symbolView, { ...session, fileId: 7 });
      },
    });
    renderApp('/view?uniqueSymbol=a1b2c3d4e5f6a7b8c9d0&frId=3&fileVerId=70');
    expect(await findById('viewer-text')).toHaveTextContent('001,张三');
    expect(asked).toEqual(['a1b2c3d4e5f6a7b8c9d0']);
    cleanup();
    mockApi({
      'GET /file/ol/separate/view': () => envelope(null, { status: 404, errorCode: 'not_found', msg: 'Not found' }),
    });
    renderApp('/view?uniqueSymbol=a1b2c3d4e5f6a7b8c9d0&frId=3&fileVerId=70');
    expect(await findById('viewer-error')).toHaveTextContent('Not found');
  });

  it('shows a text file as the stamped PDF the server makes of it to someone who may not download it', async () => {
    await changeLanguage('en-US');
    signIn();
    fakePdf(['编号,姓名']);
    serve(detail({ kind: 'text', canDownload: false, abilities: ['viewDoc'] }), { state: 'ready', kind: 'text' });
    open();
    expect(await findById('viewer-page-1')).toBeInTheDocument();
    expect(engine.openPdf).toHaveBeenCalledWith('/edoc/file/view/70', { Authorization: 'Bearer tok' });
    expect(document.getElementById('viewer-text')).toBeNull();
  });

  it('asks a visitor without a session to sign in', async () => {
    await changeLanguage('en-US');
    mockApi({});
    open();
    expect(await findById('viewer-sign-in')).toHaveTextContent('Sign in to view this document');
  });
});
