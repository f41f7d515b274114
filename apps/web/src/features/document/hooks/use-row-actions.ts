import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import { useDownloadByTicket } from '../../download/api';
import { useDeleteDocument, useMoveDocuments } from '../api';
import type { EditTarget } from '../components/document-edit-modal';
import type { RowAction } from '../components/file-table';
import type { OpenDocument } from './use-open-document';
import type { WorkspaceFiles } from './use-workspace-files';

/**
 * The dialogs the file table's row actions open, and the calls they make at once; versions, trail and comments
 * open the side panel on that tab.
 */
export function useRowActions(files: WorkspaceFiles, panel: OpenDocument) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [renaming, setRenaming] = useState<FileRow | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);

  const download = useDownloadByTicket();
  const deleteDocument = useDeleteDocument();
  const moveDocuments = useMoveDocuments();

  /** Deletes one document and lets go of it (selection, side panel); the caller says what happened. */
  const removeQuietly = (row: FileRow) =>
    deleteDocument.mutateAsync(row.fileId).then(() => {
      files.setSelected((ids) => ids.filter((id) => id !== row.fileId));
      if (panel.docId === row.fileId) panel.close();
      files.list.stepBackIfEmpty(files.files.data?.data.length ?? 0);
    });
  const remove = (row: FileRow) =>
    removeQuietly(row).then(() => void message.success(t('document.deleted', { name: row.file_name })));

  const move = (folderId: number) =>
    moveDocuments.mutate(
      { fileIds: moving ?? [], folderId },
      {
        onSuccess: () => {
          void message.success(t('document.moved'));
          setMoving(null);
          files.setSelected([]);
        },
      },
    );

  const onAction = (action: RowAction, row: FileRow) => {
    if (action === 'download')
      download.mutate({ kind: 'document', fileId: row.fileId, fileVersionId: row.fileVersionId ?? undefined });
    else if (action === 'newVersion') setEditing({ mode: 'version', row });
    else if (action === 'editMeta') setEditing({ mode: 'meta', row });
    else if (action === 'rename') setRenaming(row);
    else if (action === 'move') setMoving([row.fileId]);
    else panel.open(row.fileId, action);
  };

  return {
    onAction,
    remove,
    removeQuietly,
    move,
    movePending: moveDocuments.isPending,
    creating,
    setCreating,
    editing,
    setEditing,
    renaming,
    setRenaming,
    moving,
    setMoving,
  };
}

export type RowActions = ReturnType<typeof useRowActions>;
