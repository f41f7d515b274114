import { DownOutlined, EditOutlined } from '@ant-design/icons';
import { isEditableType, type EditMode, type EditSession } from '@edoc/contract/editing';
import { DocStatus } from '@edoc/contract/enums';
import type { FileDetail } from '@edoc/contract/viewer';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuButton } from '../../../components/menu-button';
import { useEditStatus, useStartEdit } from '../api';

/**
 * "Edit" in the viewer's header (issue 15): in the desktop app (WebDAV), in the browser (a WOPI editor, where the
 * customer runs one), or check out — for the current version of a document being edited (status 1) that the user
 * may edit, while nobody holds it. The server decides again; this only leaves out what it would refuse.
 */
export function EditStart({ detail, onStarted }: { detail: FileDetail; onStarted: (s: EditSession) => void }) {
  const { t } = useTranslation();
  const editable =
    detail.status === DocStatus.Editing && detail.abilities.includes('editDoc') && detail.version.current;
  const status = useEditStatus(detail.fileId, editable);
  const start = useStartEdit(detail.fileId);
  if (!editable || !status.data || status.data.exists) return null;
  const office = isEditableType(detail.version.extension);
  const items = [
    { key: 'webdav', label: t('editing.inDesktop'), disabled: !office },
    ...(status.data.browserEditor ? [{ key: 'wopi', label: t('editing.inBrowser'), disabled: !office }] : []),
    { key: 'checkout', label: t('editing.checkOut') },
  ];
  return (
    <MenuButton
      menu={{
        id: 'edit-start-menu',
        items,
        onClick: ({ key }) => start.mutate(key as EditMode, { onSuccess: onStarted }),
      }}
    >
      <Button id="edit-start" icon={<EditOutlined />} loading={start.isPending}>
        {t('editing.edit')} <DownOutlined />
      </Button>
    </MenuButton>
  );
}
