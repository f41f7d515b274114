import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import { useDownloadByTicket } from '../../download/api';
import { useDeleteDocument, useMoveDocuments } from '../api';
import type { EditTarget } from '../components/document-edit-modal';
import type { RowAction } from '../components/file-table';
import type { WorkspaceFiles } from './use-workspace-files';

/** The dialogs and drawers the file table's row actions open, and the calls they make at once. */
export function useRowActions(files: WorkspaceFiles) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [renaming, setRenaming] = useState<FileRow | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const [versionsOf, setVersionsOf] = useState<FileRow | null>(null);
  const [commentsOf, setCommentsOf] = useState<FileRow | null>(null);
  const [trailOf, setTrailOf] = useState<FileRow | null>(null);

  const download = useDownloadByTicket();
  const deleteDocument = useDeleteDocument();
  const moveDocuments = useMoveDocuments();

  const remove = (row: FileRow) =>
    deleteDocument.mutateAsync(row.fileId).then(() => {
      void message.success(t('document.deleted', { name: row.file_name }));
      files.setSelected((ids) => ids.filter((id) => id !== row.fileId));
      files.list.stepBackIfEmpty(files.files.data?.data.length ?? 0);
    });

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
    else if (action === 'versions') setVersionsOf(row);
    else if (action === 'trail') setTrailOf(row);
    else setCommentsOf(row);
  };

  return {
    onAction,
    remove,
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
    versionsOf,
    setVersionsOf,
    commentsOf,
    setCommentsOf,
    trailOf,
    setTrailOf,
  };
}

export type RowActions = ReturnType<typeof useRowActions>;
