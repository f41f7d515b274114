import { useEffect, useMemo, useState } from 'react';
import { App, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { useMoveFolder } from '../api';
import { Dialog } from '../../../components/dialog';

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The folder itself and its subfolders cannot be chosen: the server refuses those moves too. */
function options(nodes: FolderNode[], moving: number): TreeOption[] {
  return nodes
    .filter((n) => n.folderId !== moving)
    .map((n) => ({ value: n.folderId, title: n.folderName, children: options(n.children, moving) }));
}

/** "Move to": pick a new parent in the same tree; the folder goes last among its new siblings. */
export function FolderMoveModal({
  folder,
  tree,
  onClose,
}: {
  folder: FolderNode | null;
  tree: FolderNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [parentId, setParentId] = useState<number | undefined>();
  useEffect(() => setParentId(folder?.parentId), [folder]);
  const treeData = useMemo(
    () => [{ value: 0, title: t('folder.root'), children: folder ? options(tree, folder.folderId) : [] }],
    [tree, folder, t],
  );

  const move = useMoveFolder();
  const submit = () =>
    move.mutate(
      { folderId: folder!.folderId, body: { parentId: parentId ?? 0, index: Number.MAX_SAFE_INTEGER } },
      {
        onSuccess: () => {
          void message.success(t('folder.moved'));
          onClose();
        },
      },
    );

  return (
    <Dialog
      open={folder !== null}
      title={t('folder.moveTitle', { name: folder?.folderName ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'folder-move-ok', disabled: parentId === undefined || parentId === folder?.parentId }}
      confirmLoading={move.isPending}
      onOk={submit}
      onCancel={onClose}
    >
      <TreeSelect<number>
        id="folder-move-parent"
        style={{ width: '100%' }}
        value={parentId}
        onChange={setParentId}
        treeData={treeData}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        aria-label={t('folder.moveTarget')}
      />
    </Dialog>
  );
}
