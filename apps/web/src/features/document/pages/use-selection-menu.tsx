import { useMemo, useState, type ReactNode } from 'react';
import { DeleteOutlined, DragOutlined, FileZipOutlined, InboxOutlined, SendOutlined } from '@ant-design/icons';
import { App, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import { type WorkflowAction } from '@edoc/contract/workflow';
import { holderAbilities } from '@edoc/contract/workflow-abilities';
import { PackDialog } from '../../download/components/pack-dialog';
import { ArchiveDialog } from '../../library/components/archive-dialog';
import { SendDialog } from '../../workflow/components/send-dialog';
import type { RowActions } from '../hooks/use-row-actions';
import type { WorkspaceFiles } from '../hooks/use-workspace-files';

type Batch = 'send' | 'pack' | 'archive';

/** What any holder of the row's keys may do with it in its status (the contract's transition table), its lock heeded. */
const allows = (row: FileRow, action: WorkflowAction) =>
  holderAbilities(row.status, row.abilities, row.lock !== null).includes(action);

/**
 * The selected rows' menu (issue 12): only the actions valid for every selected row, each opening its feature's
 * dialog for exactly those rows, taken when the dialog opens (the selection clears behind it once done).
 */
export function useSelectionMenu(files: WorkspaceFiles, actions: RowActions): { menu: MenuProps; dialogs: ReactNode } {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [batch, setBatch] = useState<{ kind: Batch; rows: FileRow[] } | null>(null);
  const rows = (files.files.data?.data ?? []).filter((r) => files.selected.includes(r.fileId));
  const count = rows.length;
  const every = (test: (row: FileRow) => boolean) => count > 0 && rows.every(test);
  const done = () => files.setSelected([]);

  const removeAll = () =>
    void modal.confirm({
      title: t('document.selection.deleteConfirm', { count }),
      content: rows.map((r) => r.file_name).join(', '),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { id: 'document-delete-selected-ok', danger: true },
      onOk: async () => {
        // One call each, in turn: each document is checked (and trailed) on its own, as a single delete is.
        const results = await Promise.allSettled(rows.map((r) => actions.removeQuietly(r)));
        const failed = results.filter((r) => r.status === 'rejected').length;
        if (failed) void message.warning(t('document.selection.deletePartly', { count: count - failed, failed }));
        else void message.success(t('document.selection.deleted', { count }));
        done();
      },
    });

  const entries: Array<{ key: string; id: string; icon: ReactNode; label: string; show: boolean; run: () => void }> = [
    {
      key: 'move',
      id: 'document-move-selected',
      icon: <DragOutlined />,
      label: t('document.action.moveSelected', { count }),
      show: every((r) => allows(r, 'move')),
      run: () => actions.setMoving(rows.map((r) => r.fileId)),
    },
    {
      key: 'send',
      id: 'workflow-send-selected',
      icon: <SendOutlined />,
      label: t('workflow.batch.button', { count }),
      show: every((r) => allows(r, 'send')),
      run: () => setBatch({ kind: 'send', rows }),
    },
    {
      key: 'pack',
      id: 'document-pack-selected',
      icon: <FileZipOutlined />,
      label: t('download.packSelected', { count }),
      show: every((r) => r.abilities.includes('downDoc')),
      run: () => setBatch({ kind: 'pack', rows }),
    },
    {
      key: 'archive',
      id: 'document-archive-selected',
      icon: <InboxOutlined />,
      label: t('library.archiveSelected', { count }),
      show: every((r) => allows(r, 'archive')),
      run: () => setBatch({ kind: 'archive', rows }),
    },
    {
      key: 'delete',
      id: 'document-delete-selected',
      icon: <DeleteOutlined />,
      label: t('document.selection.delete', { count }),
      show: every((r) => allows(r, 'delete')),
      run: removeAll,
    },
  ];
  const shown = entries.filter((e) => e.show);
  const menu: MenuProps = {
    items: shown.length
      ? shown.map((e) => ({
          key: e.key,
          icon: e.icon,
          danger: e.key === 'delete',
          label: <span id={e.id}>{e.label}</span>,
        }))
      : [
          {
            key: 'none',
            disabled: true,
            label: <span id="document-selection-none">{t('document.selection.none')}</span>,
          },
        ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      shown.find((e) => e.key === key)?.run();
    },
  };

  const close = () => setBatch(null);
  // Fixed while the dialog is open: the dialogs start afresh when the documents they were given change.
  const given = useMemo(
    () => ({
      ids: batch?.rows.map((r) => r.fileId) ?? [],
      names: Object.fromEntries((batch?.rows ?? []).map((r) => [r.fileId, r.file_name])),
      docs: (batch?.rows ?? []).map((r) => ({
        fileId: r.fileId,
        fileVersionId: r.fileVersionId,
        name: r.file_name,
        effectiveDate: r.effective_date,
      })),
    }),
    [batch],
  );
  const dialogs =
    batch?.kind === 'send' ? (
      <SendDialog open batch fileIds={given.ids} names={given.names} onClose={close} onSent={done} />
    ) : batch?.kind === 'pack' ? (
      <PackDialog open fileIds={given.ids} onClose={close} onCreated={done} />
    ) : batch?.kind === 'archive' ? (
      <ArchiveDialog open docs={given.docs} onClose={close} onArchived={done} />
    ) : null;
  return { menu, dialogs };
}
