import { useCallback, useEffect, useState } from 'react';
import { openPdf, type PdfHandle, type PdfPageSize } from './pdf-engine';

/**
 * Opens the PDF at `url` (fetched by ranges with `headers`) and keeps the page sizes learnt so far: a page not
 * measured yet is drawn at the first page's size, so the scroll height is right before every page is loaded.
 */
export function usePdfDocument(url: string, headers: Record<string, string>) {
  const [pdf, setPdf] = useState<PdfHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const [first, setFirst] = useState<PdfPageSize | null>(null);
  const [sizes, setSizes] = useState<Record<number, PdfPageSize>>({});

  // Headers are compared by value: a new object each render must not reopen the document.
  const headerKey = JSON.stringify(headers);
  useEffect(() => {
    let handle: PdfHandle | null = null;
    let gone = false;
    setPdf(null);
    setFailed(false);
    openPdf(url, JSON.parse(headerKey) as Record<string, string>)
      .then(async (h) => {
        handle = h;
        const size = await h.pageSize(1);
        if (gone) return h.destroy();
        setFirst(size);
        setPdf(h);
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      handle?.destroy();
    };
  }, [url, headerKey]);

  const sizeOf = useCallback((pageNo: number) => sizes[pageNo] ?? first!, [sizes, first]);

  const learnSize = useCallback((pageNo: number, size: PdfPageSize) => {
    setSizes((known) =>
      known[pageNo]?.width === size.width && known[pageNo]?.height === size.height
        ? known
        : { ...known, [pageNo]: size },
    );
  }, []);

  return { pdf, failed, first, sizeOf, learnSize };
}
