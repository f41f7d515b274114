import { useCallback, useRef, useState } from 'react';
import type { PdfHandle } from './pdf-engine';

export interface SearchHit {
  pageNo: number;
  /** Which match on that page (0-based), for "3 / 17". */
  index: number;
}

/**
 * Text search through pdf.js text content, page by page (each page's text is fetched once and cached by the
 * engine). Case-insensitive; whitespace is ignored so a phrase broken across text runs or lines still matches.
 */
export function usePdfSearch(pdf: PdfHandle | null) {
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [current, setCurrent] = useState(0);
  const [searching, setSearching] = useState(false);
  /** The words of the latest search that found something: the pages mark them. */
  const [words, setWords] = useState<string | null>(null);
  const run = useRef(0);

  const search = useCallback(
    async (query: string): Promise<SearchHit | null> => {
      const id = ++run.current;
      const needle = query.replace(/\s+/g, '').toLowerCase();
      if (!pdf || !needle) {
        setHits(null);
        setWords(null);
        return null;
      }
      setSearching(true);
      const found: SearchHit[] = [];
      try {
        for (let pageNo = 1; pageNo <= pdf.numPages; pageNo++) {
          const text = (await pdf.pageText(pageNo)).replace(/\s+/g, '').toLowerCase();
          if (id !== run.current) return null; // a newer search started
          let at = text.indexOf(needle);
          let index = 0;
          while (at >= 0) {
            found.push({ pageNo, index: index++ });
            at = text.indexOf(needle, at + needle.length);
          }
        }
      } finally {
        if (id === run.current) setSearching(false);
      }
      setHits(found);
      setWords(found.length > 0 ? query : null);
      setCurrent(0);
      return found[0] ?? null;
    },
    [pdf],
  );

  const step = useCallback(
    (delta: number): SearchHit | null => {
      if (!hits || hits.length === 0) return null;
      const next = (current + delta + hits.length) % hits.length;
      setCurrent(next);
      return hits[next];
    },
    [hits, current],
  );

  const clear = useCallback(() => {
    run.current++;
    setHits(null);
    setWords(null);
    setSearching(false);
  }, []);

  return { hits, current, searching, words, search, step, clear };
}
