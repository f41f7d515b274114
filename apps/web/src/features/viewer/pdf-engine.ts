import * as pdfjs from 'pdfjs-dist';
// Served from the app's own origin by the build (CSP: worker-src 'self' blob:).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { TextRun } from './text-marks';

/**
 * The one place that touches pdf.js, kept small so the viewer's tests can replace it (jsdom has no canvas).
 * Loading is lazy: pdf.js asks the server for byte ranges as pages are needed (disableAutoFetch, no
 * streaming), so the first page of a 500-page file shows without fetching the rest.
 */

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

// The CJK character maps, each emitted by the build as a file of its own and fetched only when a PDF
// names one (Chinese PDFs with non-embedded fonts need them). The path is the workspace's hoisted node_modules.
const cmapUrls = import.meta.glob<string>('../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});
const cmapByName = new Map(
  Object.entries(cmapUrls).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.bcmap'.length), url]),
);

class BundledCMapReaderFactory {
  async fetch({ name }: { name: string }) {
    const url = cmapByName.get(name);
    if (!url) throw new Error(`Unknown CMap ${name}`);
    // The build inlines the small maps as data: URLs, which the CSP (connect-src 'self') would not let fetch load.
    if (url.startsWith('data:')) {
      const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
      return { cMapData: bytes, isCompressed: true };
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`Unable to load CMap ${name}`);
    return { cMapData: new Uint8Array(await response.arrayBuffer()), isCompressed: true };
  }
}

export interface PdfPageSize {
  width: number;
  height: number;
}

export interface PdfHandle {
  numPages: number;
  /** The page's size in CSS pixels at scale 1. */
  pageSize(pageNo: number): Promise<PdfPageSize>;
  /** Draws the page into the canvas; cancel() stops a render no longer needed (scrolled away, zoomed). */
  render(pageNo: number, canvas: HTMLCanvasElement, scale: number): { done: Promise<void>; cancel(): void };
  /** The page's text, for search. */
  pageText(pageNo: number): Promise<string>;
  /** The page's text runs where the text layer puts them (scale 1), to mark the words searched. */
  pageRuns(pageNo: number): Promise<TextRun[]>;
  destroy(): void;
}

export async function openPdf(url: string, headers: Record<string, string>): Promise<PdfHandle> {
  const task = pdfjs.getDocument({
    url,
    httpHeaders: headers,
    disableAutoFetch: true,
    disableStream: true,
    rangeChunkSize: 128 * 1024,
    isEvalSupported: false, // CSP has no 'unsafe-eval'
    CMapReaderFactory: BundledCMapReaderFactory,
    cMapPacked: true,
  });
  const doc = await task.promise;
  const texts = new Map<number, Promise<string>>();
  const runs = new Map<number, Promise<TextRun[]>>();
  return {
    numPages: doc.numPages,
    async pageSize(pageNo) {
      const page = await doc.getPage(pageNo);
      const { width, height } = page.getViewport({ scale: 1 });
      return { width, height };
    },
    render(pageNo, canvas, scale) {
      let cancelled = false;
      let cancelTask: () => void = () => undefined;
      const done = (async () => {
        const page = await doc.getPage(pageNo);
        if (cancelled) return;
        // Sharp on high-density screens: the canvas has device pixels, CSS keeps the layout size.
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const context = canvas.getContext('2d');
        if (!context) return;
        const task = page.render({ canvasContext: context, viewport });
        cancelTask = () => task.cancel();
        try {
          await task.promise;
        } catch (error) {
          if (!(error instanceof pdfjs.RenderingCancelledException)) throw error;
        }
      })();
      return {
        done,
        cancel() {
          cancelled = true;
          cancelTask();
        },
      };
    },
    pageText(pageNo) {
      let text = texts.get(pageNo);
      if (!text) {
        text = doc
          .getPage(pageNo)
          .then((page) => page.getTextContent())
          .then((content) =>
            content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
          );
        texts.set(pageNo, text);
      }
      return text;
    },
    pageRuns(pageNo) {
      let found = runs.get(pageNo);
      if (!found) {
        found = doc.getPage(pageNo).then(async (page) => {
          const viewport = page.getViewport({ scale: 1 });
          const content = await page.getTextContent();
          return content.items.flatMap((item) => {
            if (!('str' in item) || !item.str) return [];
            // As pdf.js's text layer places a run: the page's transform applied to the run's, its top at the ascent.
            const [, , c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
            const height = Math.hypot(c, d);
            return [{ str: item.str, x: e, y: f - height, width: item.width * viewport.scale, height }];
          });
        });
        runs.set(pageNo, found);
      }
      return found;
    },
    destroy() {
      void task.destroy();
    },
  };
}
