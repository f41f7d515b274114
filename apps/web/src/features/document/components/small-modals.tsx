import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { nameCheckBody, type FileRow } from '@edoc/contract/document';
import { NameDialog } from '../../../components/name-dialog';
import { schemaRule } from '../../../lib/form-rules';
import { useRenameDocument } from '../api';
import { uniqueNameRule } from './document-form-modal';

/** A workspace document's new name, checked as typed (the contract's rule, unique in its folder). */
export function RenameModal({ row, onClose }: { row: FileRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useRenameDocument({ silentError: true });
  return (
    <NameDialog
      open={row !== null}
      title={row ? t('document.renameTitle', { name: row.file_name }) : ''}
      name={row?.file_name ?? ''}
      label={t('document.field.name')}
      rules={[
        schemaRule('name', nameCheckBody.shape.name, 'document.field.name'),
        uniqueNameRule(row?.fileId, row?.folderId ?? undefined),
      ]}
      formName="documentRename"
      okId="document-rename-ok"
      pending={save.isPending}
      save={(name) =>
        save.mutateAsync({ fileId: row!.fileId, name }).then(() => void message.success(t('common.saved')))
      }
      onClose={onClose}
    />
  );
}
