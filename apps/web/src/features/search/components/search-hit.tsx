import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { folderNameIn } from '@edoc/contract/folder';
import type { SearchHit, SnippetPart } from '@edoc/contract/search';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { formatDateTime } from '../../../lib/format';

/** The viewer on the hit's page with the first word searched marked there. */
export const hitHref = (hit: SearchHit, word: string | null) => {
  const q = new URLSearchParams({ fileId: String(hit.fileId), fileVerId: String(hit.fileVersionId) });
  if (hit.page) q.set('page', String(hit.page));
  if (word) q.set('q', word);
  return `/view?${q}`;
};

/** A snippet as text with the words found marked: React escapes every part, nothing from a document is markup. */
function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      {parts.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </Typography.Paragraph>
  );
}

/** One document found: its name (opening the viewer there), where it is, its state, and the text around the words. */
export function SearchHitItem({ hit, word }: { hit: SearchHit; word: string | null }) {
  const { t, i18n } = useTranslation();
  const folder = hit.folder === null ? '' : folderNameIn(i18n.language, hit.folder, hit.folderEn);
  return (
    <Flex vertical gap={4} id={`search-hit-${hit.fileId}`} style={{ width: '100%' }}>
      <Space size={8} wrap>
        <FileTypeIcon ext={hit.extension} />
        <Typography.Link
          id={`search-hit-${hit.fileId}-open`}
          href={hitHref(hit, word)}
          target="_blank"
          // "opener": the viewer tab gets this tab's session (a bare _blank link would open it signed out).
          rel="opener"
          strong
        >
          {hit.name}
        </Typography.Link>
        <Tag color="blue">{hit.versionNo}</Tag>
        <Tag>{t(`document.status.${hit.status}`, { defaultValue: String(hit.status) })}</Tag>
        {hit.page ? <Tag id={`search-hit-${hit.fileId}-page`}>{t('search.page', { page: hit.page })}</Tag> : null}
        {hit.inMeta ? <Tag color="gold">{t('search.inMeta')}</Tag> : null}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {[hit.ichCode, folder].filter(Boolean).join(' ')} {hit.fileCode ? `· ${hit.fileCode}` : ''} ·{' '}
        {t('search.updated', { time: formatDateTime(hit.updatedtime) })}
      </Typography.Text>
      {hit.snippets.map((parts, i) => (
        <Snippet key={i} parts={parts} />
      ))}
    </Flex>
  );
}
