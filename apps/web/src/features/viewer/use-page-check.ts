import { useCallback, useMemo, useState } from 'react';

/**
 * The page check of a certified copy (issue 28 part 4): whether it is on, and the pages of the content shown so far.
 * Kept by the viewer's page, so the toolbar (the count, the signing) and the thumbnails (a mark per page) read the
 * same pages; pages past `pages` (the signature pages the viewer appends) are never counted.
 */
export function usePageCheck(pages: number) {
  const [checking, setChecking] = useState(false);
  const [seen, setSeen] = useState<ReadonlySet<number>>(new Set());
  const mark = useCallback(
    (page: number) => setSeen((old) => (page < 1 || page > pages || old.has(page) ? old : new Set([...old, page]))),
    [pages],
  );
  return useMemo(
    () => ({
      pages,
      checking,
      seen,
      mark,
      start: () => setChecking(true),
      stop: () => {
        setChecking(false);
        setSeen(new Set());
      },
    }),
    [pages, checking, seen, mark],
  );
}

export type PageCheck = ReturnType<typeof usePageCheck>;
