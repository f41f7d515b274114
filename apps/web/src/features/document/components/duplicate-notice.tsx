import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { folderNameIn } from '@edoc/contract/folder';
import type { DuplicateRow } from '@edoc/contract/search';

/** "Ich-code folder › name (version)" for each place the content already is. */
export function usePlaces() {
  const { i18n } = useTranslation();
  return (rows: DuplicateRow[]) =>
    rows.map((r) => {
      const folder = r.folder === null ? '' : folderNameIn(i18n.language, r.folder, r.folderEn);
      return `${[r.ichCode, folder].filter(Boolean).join(' ')} › ${r.name} (${r.versionNo})`;
    });
}

/** Under a form's file: the same content is already filed there; the user may still go on. */
export function DuplicateNotice({ rows, id }: { rows: DuplicateRow[] | undefined; id: string }) {
  const { t } = useTranslation();
  const places = usePlaces();
  if (!rows?.length) return null;
  return (
    <Alert
      id={id}
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('document.duplicate.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {places(rows).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      }
    />
  );
}
