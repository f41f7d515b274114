import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { folderNameIn } from '@edoc/contract/folder';
import type { FileRow } from '@edoc/contract/document';
import { formatDate, formatDateTime, formatSize } from '../../../lib/format';
import { CertifiedCopyTag } from '../../../components/certified-copy-tag';

/**
 * The artifact the document is filed under (issue 27). The row carries its number only; the name is the folder's when
 * the folder stands for that artifact (an ICH template folder coded with the number, or a model's "<number> <name>"
 * folder), else the number alone.
 */
function artifactText(row: FileRow, folder: string): string | null {
  const number = row.artifactNumber;
  if (!number) return null;
  if (folder.startsWith(`${number} `)) return folder;
  if (row.ich_code === number && folder) return `${number} ${folder}`;
  return number;
}

/** The side panel's Details tab: every SPEC §3 column of the row, whichever the list shows. */
export function DocumentDetails({ row }: { row: FileRow }) {
  const { t, i18n } = useTranslation();
  const folder = row.folder === null ? '' : folderNameIn(i18n.language, row.folder, row.folderEn);
  const items: Array<[string, React.ReactNode]> = [
    ['name', row.file_name],
    ['folder', row.ich_code ? `${row.ich_code} ${folder}` : folder],
    ['fileCode', row.file_code],
    [
      'version',
      row.certifiedCopy ? (
        <>
          {row.version_no} <CertifiedCopyTag copy={row.certifiedCopy} id="document-detail-certified" />
        </>
      ) : (
        row.version_no
      ),
    ],
    ['status', t(`document.status.${row.status}`, { defaultValue: String(row.status) })],
    ['type', row.type],
    ['size', formatSize(row.size)],
    ['effectiveDate', formatDate(row.effective_date)],
    ['expirationDate', formatDate(row.expiration_date)],
    ['artifact', artifactText(row, folder)],
    ['country', row.countryCode],
    ['documentDate', formatDate(row.documentDate)],
    ['creator', row.username],
    ['created', formatDateTime(row.createdtime)],
    ['updated', formatDateTime(row.updatedtime)],
    ['comment', row.comment],
  ];
  return (
    <Descriptions
      id="document-details"
      size="small"
      column={1}
      bordered
      styles={{ label: { width: 150 } }}
      items={items.map(([key, value]) => ({
        key,
        label: t(`document.col.${key}`),
        children: <span id={`document-detail-${key}`}>{value || '—'}</span>,
      }))}
    />
  );
}
