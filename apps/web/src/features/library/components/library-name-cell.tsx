import { Flex, Tag, Typography } from 'antd';
import { CertifiedCopyTag } from '../../../components/certified-copy-tag';
import { useTranslation } from 'react-i18next';
import type { LibraryRow } from '@edoc/contract/library';
import { FileTypeIcon } from '../../../components/file-type-icon';
import { formatDate } from '../../../lib/format';
import { useObjectUrl } from '../../../lib/use-object-url';
import { useLibraryPicture } from '../api';

export const libraryViewerHref = (row: LibraryRow) => `/view?fileId=${row.fileId}&fileVerId=${row.fileVersionId}`;

/** The first page of the archived version beside its name; the file-type icon while it loads or where there is none. */
function Thumbnail({ row }: { row: LibraryRow }) {
  const { t } = useTranslation();
  const picture = useLibraryPicture(row.fileVersionId, row.view);
  const src = useObjectUrl(picture.data);
  if (!src) return <FileTypeIcon ext={row.type} />;
  return (
    <img
      id={`library-row-${row.entryId}-thumb`}
      src={src}
      alt={t('library.thumbnailOf', { name: row.file_name })}
      style={{ width: 32, height: 42, objectFit: 'cover', border: '1px solid #f0f0f0', borderRadius: 2 }}
    />
  );
}

/** One line cut with an ellipsis, the whole of it on hover. */
export const oneLine = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * The thumbnail, the name and its marks; below the widest screens (issue 26, item 7) the ICH code, publish date and
 * creator, whose columns are left out there so the table fits beside the tree at 1440 pixels without scrolling.
 */
export function NameCell({ row, folded }: { row: LibraryRow; folded: boolean }) {
  const { t } = useTranslation();
  // An obsolete document stays listed (when asked for) but reads as withdrawn from use.
  const style = { ...oneLine, ...(row.takeFileInvalid ? { textDecoration: 'line-through' } : {}) };
  const more = folded
    ? [
        row.ich_code,
        row.publish_date ? t('library.publishedOn', { date: formatDate(row.publish_date) }) : null,
        row.username,
      ].filter(Boolean)
    : [];
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <span style={{ flex: 'none' }}>
        <Thumbnail row={row} />
      </span>
      <Flex vertical style={{ minWidth: 0 }}>
        {row.view ? (
          <Typography.Link
            id={`library-row-${row.entryId}-name`}
            href={libraryViewerHref(row)}
            target="_blank"
            // "opener" (same origin): the viewer tab gets a copy of this tab's session storage and is signed in.
            rel="opener"
            title={row.file_name}
            style={style}
          >
            {row.file_name}
          </Typography.Link>
        ) : (
          <span id={`library-row-${row.entryId}-name`} title={row.file_name} style={style}>
            {row.file_name}
          </span>
        )}
        {more.length > 0 ? (
          <Typography.Text
            id={`library-row-${row.entryId}-more`}
            type="secondary"
            title={more.join(' · ')}
            style={{ ...oneLine, fontSize: 12 }}
          >
            {more.join(' · ')}
          </Typography.Text>
        ) : null}
        {row.takeFileInvalid || row.superseded || row.certifiedCopy ? (
          <span>
            {row.takeFileInvalid ? <Tag color="default">{t('library.mark.invalid')}</Tag> : null}
            {row.superseded ? <Tag color="default">{t('library.mark.superseded')}</Tag> : null}
            {row.certifiedCopy ? (
              <CertifiedCopyTag copy={row.certifiedCopy} id={`library-row-${row.entryId}-certified`} />
            ) : null}
          </span>
        ) : null}
      </Flex>
    </Flex>
  );
}
