import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Flex, Input, InputNumber, Spin, Tooltip, Typography } from 'antd';
import {
  ColumnWidthOutlined,
  DownOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UpOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openPdf, type PdfHandle, type PdfPageSize } from '../pdf-engine';
import { usePdfSearch } from '../use-pdf-search';
import { PdfPage } from './pdf-page';
import { ViewerError } from './viewer-error';

const GAP = 16;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
const THUMB_WIDTH = 120;

/** The PDF at `url` (fetched by ranges with `headers`): pages, thumbnails, zoom, page number and search. */
export function PdfView({ url, headers }: { url: string; headers: Record<string, string> }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<PdfHandle | null>(null);
  const [failed, setFailed] = useState(false);
  const [first, setFirst] = useState<PdfPageSize | null>(null);
  const [sizes, setSizes] = useState<Record<number, PdfPageSize>>({});
  const [scale, setScale] = useState(1);
  const [fitWidth, setFitWidth] = useState(true);
  const [page, setPage] = useState(1);
  const [thumbs, setThumbs] = useState(true);
  const [query, setQuery] = useState('');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [sidebar, setSidebar] = useState<HTMLDivElement | null>(null);
  const search = usePdfSearch(pdf);
  const pageRef = useRef(1);

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
      if (scroller && el) scroller.scrollTop = el.offsetTop - GAP;
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

  const learnSize = useCallback((pageNo: number, size: PdfPageSize) => {
    setSizes((known) =>
      known[pageNo]?.width === size.width && known[pageNo]?.height === size.height
        ? known
        : { ...known, [pageNo]: size },
    );
  }, []);

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
      <Flex
        gap={8}
        wrap
        align="center"
        justify="center"
        style={{ padding: 8, borderBottom: '1px solid #f0f0f0', background: '#fff' }}
      >
        <Tooltip title={t('viewer.thumbnails')}>
          <Button
            id="viewer-thumbnails-toggle"
            icon={thumbs ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            aria-label={t('viewer.thumbnails')}
            onClick={() => setThumbs((v) => !v)}
          />
        </Tooltip>
        <Flex align="center" gap={4}>
          <InputNumber
            id="viewer-page-input"
            size="small"
            min={1}
            max={pdf.numPages}
            value={page}
            aria-label={t('viewer.page')}
            onChange={(v) => typeof v === 'number' && goTo(v)}
            style={{ width: 64 }}
          />
          <Typography.Text id="viewer-page-count">/ {pdf.numPages}</Typography.Text>
        </Flex>
        <Tooltip title={t('viewer.zoomOut')}>
          <Button
            id="viewer-zoom-out"
            icon={<ZoomOutOutlined />}
            aria-label={t('viewer.zoomOut')}
            onClick={() => zoom(1 / 1.2)}
          />
        </Tooltip>
        <Typography.Text id="viewer-zoom-value" style={{ minWidth: 48, textAlign: 'center' }}>
          {Math.round(scale * 100)}%
        </Typography.Text>
        <Tooltip title={t('viewer.zoomIn')}>
          <Button
            id="viewer-zoom-in"
            icon={<ZoomInOutlined />}
            aria-label={t('viewer.zoomIn')}
            onClick={() => zoom(1.2)}
          />
        </Tooltip>
        <Tooltip title={t('viewer.fitWidth')}>
          <Button
            id="viewer-fit-width"
            type={fitWidth ? 'primary' : 'default'}
            icon={<ColumnWidthOutlined />}
            aria-label={t('viewer.fitWidth')}
            onClick={() => setFitWidth(true)}
          />
        </Tooltip>
        <Input.Search
          id="viewer-search"
          allowClear
          placeholder={t('viewer.searchPlaceholder')}
          value={query}
          loading={search.searching}
          onChange={(e) => {
            setQuery(e.target.value);
            if (!e.target.value) search.clear();
          }}
          onSearch={(q) => void search.search(q).then((h) => h && goTo(h.pageNo))}
          style={{ width: 220 }}
        />
        {search.hits ? (
          <Flex align="center" gap={4}>
            <Typography.Text id="viewer-search-result" type={search.hits.length ? undefined : 'secondary'}>
              {search.hits.length
                ? t('viewer.hits', { current: search.current + 1, total: search.hits.length, page: hit?.pageNo })
                : t('viewer.noHits')}
            </Typography.Text>
            <Button
              id="viewer-search-prev"
              size="small"
              icon={<UpOutlined />}
              aria-label={t('viewer.previousHit')}
              disabled={!search.hits.length}
              onClick={() => {
                const h = search.step(-1);
                if (h) goTo(h.pageNo);
              }}
            />
            <Button
              id="viewer-search-next"
              size="small"
              icon={<DownOutlined />}
              aria-label={t('viewer.nextHit')}
              disabled={!search.hits.length}
              onClick={() => {
                const h = search.step(1);
                if (h) goTo(h.pageNo);
              }}
            />
          </Flex>
        ) : null}
      </Flex>
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
                  highlighted={n === page}
                  onClick={() => goTo(n)}
                  onSize={learnSize}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {n}
                </Typography.Text>
              </div>
            ))}
          </div>
        ) : null}
        <div
          ref={setScroller}
          id="viewer-pages"
          onScroll={onScroll}
          style={{
            flex: 1,
            overflow: 'auto',
            position: 'relative', // offsetTop of the pages is measured from here
            background: '#f0f2f5',
            padding: `${GAP}px 24px`,
          }}
        >
          {pageNos.map((n) => (
            <div key={n} style={{ marginBottom: GAP }}>
              <PdfPage
                pdf={pdf}
                pageNo={n}
                id={`viewer-page-${n}`}
                scale={scale}
                size={sizeOf(n)}
                root={scroller}
                highlighted={hit?.pageNo === n}
                onSize={learnSize}
              />
            </div>
          ))}
        </div>
      </Flex>
    </Flex>
  );
}
