import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FolderNode } from '@edoc/contract/folder';
import { retitleBody } from '@edoc/contract/library';
import { FolderPickModal } from '../../../components/folder-pick-modal';
import { folderLabel } from '../../../components/folder-tree/folder-tree-model';
import { NameDialog } from '../../../components/name-dialog';
import { schemaRule } from '../../../lib/form-rules';
import { useLibraryTree, useRefile, useRetitle } from '../api';

/** A library record a dialog changes: the document, its title, and the library folder its current entry is in. */
export interface LibraryRecord {
  fileId: number;
  name: string;
  folderId: number | null;
}

interface DialogProps {
  record: LibraryRecord | null;
  onClose: () => void;
  /** After the closing animation: where the focus goes back to (the menu the action was chosen in). */
  afterClose?: () => void;
  onDone?: () => void;
}

/**
 * Moves a library record to another library folder (moveDoc, issue 26 item 12): only the library folders where the
 * caller holds moveDoc can be chosen, never the one it is in (the server checks both again). A refusal is shown
 * the usual way and the dialog stays open.
 */
export function RefileDialog({ record, onClose, afterClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { roots, all } = useLibraryTree();
  const refile = useRefile();
  const here = record?.folderId ?? null;
  const choosable = (f: FolderNode) => f.folderId !== here && f.libraryKeys.includes('moveDoc');
  const current = all.find((f) => f.folderId === here);
  const label = (f: FolderNode) => folderLabel(f, i18n.language);
  const extra = !all.some((f) => f.isEnabled && choosable(f))
    ? t('library.noRefileFolders')
    : current
      ? t('library.refileNow', { folder: label(current) })
      : undefined;
  const pick = (folderId: number) =>
    refile.mutate(
      { fileId: record!.fileId, folderId },
      {
        onSuccess: () => {
          const target = all.find((f) => f.folderId === folderId);
          void message.success(t('library.refiled', { name: record!.name, folder: target ? label(target) : '' }));
          onDone?.();
          onClose();
        },
      },
    );
  return (
    <FolderPickModal
      open={record !== null}
      title={record ? t('library.refileTitle', { name: record.name }) : ''}
      roots={roots}
      choosable={choosable}
      label={t('library.field.targetFolder')}
      selectId="library-move-folder"
      okId="library-move-ok"
      pending={refile.isPending}
      extra={extra}
      onPick={pick}
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}

/**
 * Corrects a library record's title (renameDoc): the workspace rename's dialog and checks; a name already used in
 * its folder, or the same name, is refused under the field.
 */
export function RetitleDialog({ record, onClose, afterClose }: Omit<DialogProps, 'onDone'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const retitle = useRetitle({ silentError: true });
  return (
    <NameDialog
      open={record !== null}
      title={record ? t('library.retitleTitle', { name: record.name }) : ''}
      name={record?.name ?? ''}
      label={t('library.field.name')}
      rules={[schemaRule('name', retitleBody.shape.name, 'library.field.name')]}
      formName="libraryRename"
      okId="library-rename-ok"
      pending={retitle.isPending}
      save={(name) =>
        retitle
          .mutateAsync({ fileId: record!.fileId, name })
          .then(() => void message.success(t('library.retitled', { name })))
      }
      onClose={onClose}
      afterClose={afterClose}
    />
  );
}
