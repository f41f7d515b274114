import {
  CheckCircleOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  EllipsisOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocStatus } from '@edoc/contract/enums';
import type { LibraryRow } from '@edoc/contract/library';
import { holderAbilities } from '@edoc/contract/workflow-abilities';
import { MenuButton } from '../../../components/menu-button';

/** The changes of a record's place and title, in its row's menu: rows of the transition table (issue 26 item 12). */
export const RECORD_CHANGES = ['refile', 'retitle'] as const;
export type RecordChange = (typeof RECORD_CHANGES)[number];

/** The row's menu button: a dialog opened from the menu gives the focus back to it when it closes. */
export const rowMenuId = (row: LibraryRow) => `library-row-${row.entryId}-menu`;

export const libraryViewerHref = (row: LibraryRow) => `/view?fileId=${row.fileId}&fileVerId=${row.fileVersionId}`;

export interface LibraryRowActionsProps {
  row: LibraryRow;
  /** The caller holds deleteDoc somewhere: the server decides on the document's own folder. */
  mayApplyDelete: boolean;
  /** The project keeps a library tree: a record can be moved only between its folders. */
  mayRefile: boolean;
  onRecall: (row: LibraryRow) => Promise<unknown>;
  onInvalid: (row: LibraryRow) => Promise<unknown>;
  onApplyDelete: (row: LibraryRow) => void;
  onRecordChange: (change: RecordChange, row: LibraryRow) => void;
}

/** A row's recall and obsolete buttons and its menu (move, rename, apply for deletion), as its keys allow. */
export function LibraryRowActions(props: LibraryRowActionsProps) {
  const { t } = useTranslation();
  const { row } = props;
  /** What the row's library keys allow in its status, as the server decides it (the contract's transition table). */
  const changesOf = (): RecordChange[] => {
    const allowed = holderAbilities(row.status, row.abilities);
    return RECORD_CHANGES.filter((c) => allowed.includes(c) && (c !== 'refile' || props.mayRefile));
  };

  // An earlier version is a record only: recall, marks and deletion act on the document's current entry.
  if (row.superseded) return null;
  const id = (name: string) => `library-row-${row.entryId}-${name}`;
  // The row's menu, as the workspace's: moving and renaming, then applying for deletion last, set apart.
  const items: NonNullable<MenuProps['items']> = changesOf().map((c) => ({
    key: c,
    icon: c === 'refile' ? <DragOutlined /> : <EditOutlined />,
    label: <span id={id(c === 'refile' ? 'move' : 'rename')}>{t(`library.action.${c}`)}</span>,
  }));
  if (props.mayApplyDelete && row.status === DocStatus.Archived) {
    if (items.length) items.push({ type: 'divider' });
    items.push({
      key: 'applyDelete',
      danger: true,
      icon: <DeleteOutlined />,
      label: (
        <Tooltip title={t('library.action.applyDeleteHint')} placement="left">
          <span id={id('apply-delete')}>{t('library.action.applyDelete')}</span>
        </Tooltip>
      ),
    });
  }
  return (
    <Space size={0}>
      {row.abilities.includes('recallDoc') && row.status === DocStatus.Archived ? (
        <Popconfirm
          title={t('library.recallConfirm', { name: row.file_name })}
          description={t('library.recallConfirmText')}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ id: id('recall-ok') }}
          onConfirm={() => props.onRecall(row)}
        >
          <Tooltip title={t('library.action.recall')}>
            <Button
              id={id('recall')}
              type="link"
              size="small"
              icon={<RollbackOutlined />}
              aria-label={t('library.action.recall')}
            />
          </Tooltip>
        </Popconfirm>
      ) : null}
      {row.abilities.includes('invalidDoc') ? (
        <Popconfirm
          title={t(row.takeFileInvalid ? 'library.validConfirm' : 'library.invalidConfirm', { name: row.file_name })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ id: id('invalid-ok') }}
          onConfirm={() => props.onInvalid(row)}
        >
          <Tooltip title={t(row.takeFileInvalid ? 'library.action.valid' : 'library.action.invalid')}>
            <Button
              id={id('invalid')}
              type="link"
              size="small"
              icon={row.takeFileInvalid ? <CheckCircleOutlined /> : <StopOutlined />}
              aria-label={t(row.takeFileInvalid ? 'library.action.valid' : 'library.action.invalid')}
            />
          </Tooltip>
        </Popconfirm>
      ) : null}
      {items.length > 0 ? (
        <MenuButton
          menu={{
            items,
            onClick: ({ key }) =>
              key === 'applyDelete' ? props.onApplyDelete(row) : props.onRecordChange(key as RecordChange, row),
          }}
        >
          <Button
            id={rowMenuId(row)}
            type="link"
            size="small"
            icon={<EllipsisOutlined />}
            aria-label={t('library.action.more')}
            title={t('library.action.more')}
          />
        </MenuButton>
      ) : null}
    </Space>
  );
}
