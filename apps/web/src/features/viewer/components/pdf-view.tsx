import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePdfDocument } from '../use-pdf-document';
import { PAGE_GAP, usePdfNavigation } from '../use-pdf-navigation';
import { usePdfSearch } from '../use-pdf-search';
import { PdfPage } from './pdf-page';
import { PdfToolbar } from './pdf-toolbar';
import { ViewerError } from './viewer-error';

const THUMB_WIDTH = 120;

/** Where to open: a page, and words to find and mark (a search hit opened from the results, issue 13). */
export interface PdfStart {
  page: number | null;
  words: string | null;
}

/**
 * The PDF at `url` (fetched by ranges with `headers`): pages, thumbnails, zoom, page number and search. pageTools
 * adds the page's part of other features to the toolbar (a quality issue raised on the page being read, the page
 * check of a certified copy, which moves to a page with `goTo`).
 */
export function PdfView({
  url,
  headers,
  start,
  pageTools,
  thumbMark,
}: {
  url: string;
  headers: Record<string, string>;
  start?: PdfStart;
  pageTools?: (page: number, goTo: (page: number) => void) => ReactNode;
  /** A mark under a page's thumbnail (a certified copy's page check: the page was checked). */
  thumbMark?: (page: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const { pdf, failed, first, sizeOf, learnSize } = usePdfDocument(url, headers);
  const nav = usePdfNavigation(pdf, first);
  const search = usePdfSearch(pdf);
  const [thumbs, setThumbs] = useState(true);
  const [query, setQuery] = useState('');
  const [sidebar, setSidebar] = useState<HTMLDivElement | null>(null);
  // Once the pages are laid out: the words searched and marked, on the page the search named (else the first hit).
  const started = useRef(false);
  const { goTo } = nav;
  const { search: find } = search;
  const ready = !!pdf && !!first && !!nav.scroller;
  useEffect(() => {
    if (!ready || started.current || !start || (!start.page && !start.words)) return;
    started.current = true;
    if (start.words) setQuery(start.words);
    void (start.words ? find(start.words) : Promise.resolve(null)).then((hit) => {
      const page = start.page ?? hit?.pageNo;
      if (page) goTo(page);
    });
  }, [ready, start, find, goTo]);

  if (failed) return <ViewerError message={t('viewer.loadFailed')} />;
  if (!pdf || !first)
    return (
      <div id="viewer-loading">
        <Spin style={{ display: 'block', margin: 48 }} />
      </div>
    );

  const hit = search.hits && search.hits.length > 0 ? search.hits[search.current] : null;
  const pageNos = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
  return (
    <Flex vertical style={{ height: '100%' }}>
      <PdfToolbar
        numPages={pdf.numPages}
        nav={nav}
        search={search}
        thumbs={thumbs}
        onToggleThumbs={() => setThumbs((v) => !v)}
        query={query}
        onQuery={setQuery}
        extra={pageTools?.(nav.page, nav.goTo)}
      />
      <Flex style={{ flex: 1, minHeight: 0 }}>
        {thumbs ? (
          <div
            ref={setSidebar}
            id="viewer-thumbnails"
            style={{
              width: THUMB_WIDTH + 40,
              overflow: 'auto',
              background: '#fafafa',
              borderRight: '1px solid #f0f0f0',
            }}
          >
            {pageNos.map((n) => (
              <div key={n} style={{ padding: '12px 0 4px', textAlign: 'center' }}>
                <PdfPage
                  pdf={pdf}
                  pageNo={n}
                  id={`viewer-thumb-${n}`}
                  scale={THUMB_WIDTH / sizeOf(n).width}
                  size={sizeOf(n)}
                  root={sidebar}
                  margin="300px 0px"
                  highlighted={n === nav.page}
                  onClick={() => nav.goTo(n)}
                  onSize={learnSize}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {n}
                </Typography.Text>
                {thumbMark?.(n)}
              </div>
            ))}
          </div>
        ) : null}
        <div
          ref={nav.setScroller}
          id="viewer-pages"
          // Scrolled by the keyboard too (arrows, Page Down): it takes focus, named as the document's pages.
          tabIndex={0}
          role="region"
          aria-label={t('viewer.pages')}
          onScroll={nav.onScroll}
          style={{
            flex: 1,
            overflow: 'auto',
            position: 'relative', // offsetTop of the pages is measured from here
            background: '#f0f2f5',
            padding: `${PAGE_GAP}px 24px`,
          }}
        >
          {pageNos.map((n) => (
            <div key={n} style={{ marginBottom: PAGE_GAP }}>
              <PdfPage
                pdf={pdf}
                pageNo={n}
                id={`viewer-page-${n}`}
                scale={nav.scale}
                size={sizeOf(n)}
                root={nav.scroller}
                highlighted={hit?.pageNo === n}
                marks={search.words}
                onSize={learnSize}
              />
            </div>
          ))}
        </div>
      </Flex>
    </Flex>
  );
}
