import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PdfHandle, PdfPageSize } from './pdf-engine';

/** The space above each page in the scrolling area, in pixels. */
export const PAGE_GAP = 16;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;

/**
 * Zoom (fit to width, or a manual scale) and the page being read: from the scroll position, or jumped to by
 * number, thumbnail or search hit. `scroller` is the element the pages scroll in.
 */
export function usePdfNavigation(pdf: PdfHandle | null, first: PdfPageSize | null) {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [scale, setScale] = useState(1);
  const [fitWidth, setFitWidth] = useState(true);
  const [page, setPage] = useState(1);
  const pageRef = useRef(1);

  // Fit width follows the window; any manual zoom leaves that mode.
  useEffect(() => {
    if (!fitWidth || !scroller || !first) return undefined;
    const fit = () => setScale(Math.max(MIN_SCALE, Math.min(MAX_SCALE, (scroller.clientWidth - 48) / first.width)));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [fitWidth, scroller, first]);

  const goTo = useCallback(
    (pageNo: number) => {
      if (!pdf) return;
      const n = Math.max(1, Math.min(pdf.numPages, Math.round(pageNo)));
      const el = scroller?.querySelector<HTMLElement>(`[data-page="${n}"]`);
      if (scroller && el) scroller.scrollTop = el.offsetTop - PAGE_GAP;
      pageRef.current = n;
      setPage(n);
    },
    [pdf, scroller],
  );

  // After a zoom the page being read stays at the top instead of drifting away.
  useLayoutEffect(() => {
    goTo(pageRef.current);
  }, [scale, goTo]);

  const onScroll = () => {
    if (!scroller) return;
    const marker = scroller.scrollTop + scroller.clientHeight / 3;
    const pages = scroller.querySelectorAll<HTMLElement>('[data-page]');
    let lo = 0;
    let hi = pages.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (pages[mid].offsetTop <= marker) lo = mid;
      else hi = mid - 1;
    }
    const n = lo + 1;
    if (n !== pageRef.current) {
      pageRef.current = n;
      setPage(n);
    }
  };

  const zoom = (factor: number) => {
    setFitWidth(false);
    setScale((s) => Math.max(MIN_SCALE, Math.min(MAX_SCALE, Math.round(s * factor * 100) / 100)));
  };

  return { scroller, setScroller, scale, fitWidth, fitToWidth: () => setFitWidth(true), page, goTo, onScroll, zoom };
}

export type PdfNavigation = ReturnType<typeof usePdfNavigation>;
