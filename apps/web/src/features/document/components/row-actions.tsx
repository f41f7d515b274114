import {
  AuditOutlined,
  CommentOutlined,
  DeleteOutlined,
  DownloadOutlined,
  DragOutlined,
  EditOutlined,
  EllipsisOutlined,
  EyeOutlined,
  FormOutlined,
  HistoryOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Space, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import type { DocKey } from '@edoc/contract/permissions';
import type { WorkflowAction } from '@edoc/contract/workflow';
import { LOCK_WITHHOLDS } from '@edoc/contract/workflow-abilities';
import { useLockText } from '../../../components/lock-mark';
import { MenuButton } from '../../../components/menu-button';

export type RowAction = 'download' | 'newVersion' | 'editMeta' | 'rename' | 'move' | 'versions' | 'trail' | 'comments';

/** The permission key each action needs on the row's folder (the server answers the keys in `abilities`). */
export const NEEDS: Record<RowAction, DocKey> = {
  download: 'downDoc',
  newVersion: 'editDoc',
  editMeta: 'editDoc',
  rename: 'editDoc',
  move: 'editDoc',
  versions: 'viewVersionDoc',
  trail: 'viewTrailDoc',
  comments: 'viewDoc',
};

/**
 * The row of the transition table (contract workflow.ts) each change is: what a lock withholds (LOCK_WITHHOLDS) is
 * shown disabled. A new version, the details and the name are an edit; a move has its own row (issue 26 item 6).
 */
export const LIFECYCLE: Partial<Record<RowAction | 'delete', WorkflowAction>> = {
  newVersion: 'edit',
  editMeta: 'edit',
  rename: 'edit',
  move: 'move',
  delete: 'delete',
};

/** The lock's reason when it withholds this action on the row (its holder named), else null. */
function useLockedOut() {
  const lockText = useLockText();
  return (row: FileRow, action: RowAction | 'delete'): string | null => {
    const step = LIFECYCLE[action];
    return row.lock && step && LOCK_WITHHOLDS.includes(step) ? lockText(row.lock) : null;
  };
}

const ICONS: Record<RowAction, React.ReactNode> = {
  download: <DownloadOutlined />,
  newVersion: <UploadOutlined />,
  editMeta: <FormOutlined />,
  rename: <EditOutlined />,
  move: <DragOutlined />,
  versions: <HistoryOutlined />,
  trail: <AuditOutlined />,
  comments: <CommentOutlined />,
};

/** Row-action ids use these short names: #document-row-<fileId>-<id>. */
const IDS: Record<RowAction, string> = {
  download: 'download',
  newVersion: 'new-version',
  editMeta: 'edit',
  rename: 'rename',
  move: 'move',
  versions: 'versions',
  trail: 'trail',
  comments: 'comments',
};

/** What a user does most with a document, shown on the row; the rest waits in its "more" menu (issue 12). */
const ON_ROW: RowAction[] = ['download', 'newVersion'];
const IN_MENU: RowAction[] = ['editMeta', 'rename', 'move', 'versions', 'trail', 'comments'];

export const viewerHref = (row: FileRow) =>
  `/view?fileId=${row.fileId}${row.fileVersionId ? `&fileVerId=${row.fileVersionId}` : ''}`;

/** Ids of a row's actions in the list; the side panel names its own (`document-panel-…`) so no id appears twice. */
export const rowPrefix = (row: FileRow) => `document-row-${row.fileId}`;
export const panelPrefix = () => 'document-panel';

export interface RowActionHandlers {
  onAction: (action: RowAction, row: FileRow) => void;
  onDelete: (row: FileRow) => Promise<unknown>;
}

/** Delete after a confirmation that names the document (the menu's last item, and the Delete key in the list). */
export function useConfirmDelete(onDelete: RowActionHandlers['onDelete'], prefix = rowPrefix) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (row: FileRow) =>
    void modal.confirm({
      title: t('document.deleteConfirm', { name: row.file_name }),
      content: t('document.deleteConfirmText'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: `${prefix(row)}-delete-ok`, danger: true },
      onOk: () => onDelete(row),
    });
}

/**
 * The row's "more" menu, also opened by a right click on the row: the actions its keys allow, delete last, after a
 * confirmation that names the document. Each item carries the id #document-row-<fileId>-<action>.
 */
export function useRowMenu({ onAction, onDelete }: RowActionHandlers, prefix = rowPrefix) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete(onDelete, prefix);
  const lockedOut = useLockedOut();
  return (row: FileRow): MenuProps => {
    const id = (name: string) => `${prefix(row)}-${name}`;
    // What the lock withholds stays in the menu, disabled, naming who holds it (not a 423 after a filled-in dialog).
    const label = (name: string, text: string, reason: string | null) =>
      reason ? (
        <Tooltip title={reason} placement="left">
          <span id={id(name)} title={reason}>
            {text}
          </span>
        </Tooltip>
      ) : (
        <span id={id(name)}>{text}</span>
      );
    const items: NonNullable<MenuProps['items']> = IN_MENU.filter((a) => row.abilities.includes(NEEDS[a])).map((a) => ({
      key: a,
      icon: ICONS[a],
      disabled: lockedOut(row, a) !== null,
      label: label(IDS[a], t(`document.action.${a}`), lockedOut(row, a)),
    }));
    if (row.abilities.includes('deleteDoc')) {
      if (items.length) items.push({ type: 'divider' });
      items.push({
        key: 'delete',
        danger: true,
        icon: <DeleteOutlined />,
        disabled: lockedOut(row, 'delete') !== null,
        label: label('delete', t('document.action.delete'), lockedOut(row, 'delete')),
      });
    }
    return {
      items,
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'delete') confirmDelete(row);
        else onAction(key as RowAction, row);
      },
    };
  };
}

/** The actions column of a row: view, download and a new version at hand, the others under "more". */
export function RowActions({
  row,
  menu,
  onAction,
  prefix = rowPrefix,
}: {
  row: FileRow;
  menu: MenuProps;
  onAction: RowActionHandlers['onAction'];
  prefix?: (row: FileRow) => string;
}) {
  const { t } = useTranslation();
  const lockedOut = useLockedOut();
  const id = (name: string) => `${prefix(row)}-${name}`;
  return (
    <Space size={0}>
      {row.view && row.abilities.includes('viewDoc') ? (
        <Tooltip title={t('document.action.view')}>
          <Button
            id={id('view')}
            type="link"
            size="small"
            icon={<EyeOutlined />}
            aria-label={t('document.action.view')}
            href={viewerHref(row)}
            target="_blank"
            // "opener" (same origin): the new tab gets a copy of this tab's session storage, so the viewer is signed
            // in; browsers treat a bare _blank link as noopener, which would open it signed out.
            rel="opener"
          />
        </Tooltip>
      ) : null}
      {ON_ROW.filter((a) => row.abilities.includes(NEEDS[a])).map((a) => {
        const reason = lockedOut(row, a);
        return (
          <Tooltip key={a} title={reason ?? t(`document.action.${a}`)}>
            <Button
              id={id(IDS[a])}
              type="link"
              size="small"
              icon={ICONS[a]}
              aria-label={t(`document.action.${a}`)}
              disabled={reason !== null}
              onClick={() => onAction(a, row)}
            />
          </Tooltip>
        );
      })}
      {menu.items?.length ? (
        <MenuButton menu={menu}>
          <Button
            id={id('more')}
            type="link"
            size="small"
            icon={<EllipsisOutlined />}
            aria-label={t('document.action.more')}
            title={t('document.action.more')}
          />
        </MenuButton>
      ) : null}
    </Space>
  );
}
