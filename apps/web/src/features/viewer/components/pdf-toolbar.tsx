import type { ReactNode } from 'react';
import { Button, Flex, Input, InputNumber, Tooltip, Typography } from 'antd';
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
import type { PdfNavigation } from '../use-pdf-navigation';
import type { usePdfSearch } from '../use-pdf-search';

/** The PDF viewer's toolbar: thumbnails, page number, zoom, fit width and text search with its hits. */
export function PdfToolbar(props: {
  numPages: number;
  nav: PdfNavigation;
  search: ReturnType<typeof usePdfSearch>;
  thumbs: boolean;
  onToggleThumbs: () => void;
  /** The search box's text (kept by the viewer). */
  query: string;
  onQuery: (query: string) => void;
  /** Other features' tools for the page being read, at the end. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const { nav, search } = props;
  const hit = search.hits && search.hits.length > 0 ? search.hits[search.current] : null;
  const step = (by: 1 | -1) => {
    const h = search.step(by);
    if (h) nav.goTo(h.pageNo);
  };
  return (
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
          icon={props.thumbs ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={t('viewer.thumbnails')}
          onClick={props.onToggleThumbs}
        />
      </Tooltip>
      <Flex align="center" gap={4}>
        <InputNumber
          id="viewer-page-input"
          size="small"
          min={1}
          max={props.numPages}
          value={nav.page}
          aria-label={t('viewer.page')}
          onChange={(v) => typeof v === 'number' && nav.goTo(v)}
          style={{ width: 64 }}
        />
        <Typography.Text id="viewer-page-count">/ {props.numPages}</Typography.Text>
      </Flex>
      <Tooltip title={t('viewer.zoomOut')}>
        <Button
          id="viewer-zoom-out"
          icon={<ZoomOutOutlined />}
          aria-label={t('viewer.zoomOut')}
          onClick={() => nav.zoom(1 / 1.2)}
        />
      </Tooltip>
      <Typography.Text id="viewer-zoom-value" style={{ minWidth: 48, textAlign: 'center' }}>
        {Math.round(nav.scale * 100)}%
      </Typography.Text>
      <Tooltip title={t('viewer.zoomIn')}>
        <Button
          id="viewer-zoom-in"
          icon={<ZoomInOutlined />}
          aria-label={t('viewer.zoomIn')}
          onClick={() => nav.zoom(1.2)}
        />
      </Tooltip>
      <Tooltip title={t('viewer.fitWidth')}>
        <Button
          id="viewer-fit-width"
          type={nav.fitWidth ? 'primary' : 'default'}
          icon={<ColumnWidthOutlined />}
          aria-label={t('viewer.fitWidth')}
          onClick={nav.fitToWidth}
        />
      </Tooltip>
      <Input.Search
        id="viewer-search"
        allowClear
        placeholder={t('viewer.searchPlaceholder')}
        value={props.query}
        loading={search.searching}
        onChange={(e) => {
          props.onQuery(e.target.value);
          if (!e.target.value) search.clear();
        }}
        onSearch={(q) => void search.search(q).then((h) => h && nav.goTo(h.pageNo))}
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
            onClick={() => step(-1)}
          />
          <Button
            id="viewer-search-next"
            size="small"
            icon={<DownOutlined />}
            aria-label={t('viewer.nextHit')}
            disabled={!search.hits.length}
            onClick={() => step(1)}
          />
        </Flex>
      ) : null}
      {props.extra}
    </Flex>
  );
}
