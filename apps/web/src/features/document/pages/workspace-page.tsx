import { DocStatus } from '@edoc/contract/enums';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FolderBreadcrumb } from '../../../components/folder-tree/folder-breadcrumb';
import { FolderSplit } from '../../../components/folder-tree/folder-split';
import { FolderTree } from '../../../components/folder-tree/folder-tree';
import { TrailDrawer } from '../../audit/components/trail-drawer';
import { DownloadTasks } from '../../download/components/download-tasks';
import { useAllowedTypes } from '../api';
import { CommentsDrawer } from '../components/comments-drawer';
import { DocumentEditModal } from '../components/document-edit-modal';
import { DocumentFormModal } from '../components/document-form-modal';
import { PackSelectedButton } from '../../download/components/pack-dialog';
import { SendSelectedButton } from '../../workflow/components/send-selected-button';
import { ArchiveSelectedButton } from '../../library/components/archive-dialog';
import { FilesTab } from '../components/files-tab';
import { RecycleBin } from '../components/recycle-bin';
import { FolderPickModal, RenameModal } from '../components/small-modals';
import { VersionsDrawer } from '../components/versions-drawer';
import { useWorkTree } from '../folders';
import { useRowActions } from '../hooks/use-row-actions';
import { useWorkspaceFiles } from '../hooks/use-workspace-files';

/** /work: the work folders on the left, the documents of the chosen one (or all) on the right (issue 4). */
export function WorkspacePage() {
  const { t } = useTranslation();
  const { tree, roots, all } = useWorkTree();
  const files = useWorkspaceFiles();
  const actions = useRowActions(files);
  const types = useAllowedTypes();
  const allowedTypes = types.data ?? [];
  const folder = all.find((f) => f.folderId === files.folderId) ?? null;
  const canCreate = all.some((f) => f.isEnabled && f.canCreateFile);
  const { moving } = actions;
  const names = Object.fromEntries((files.files.data?.data ?? []).map((r) => [r.fileId, r.file_name]));
  // Only processed documents (status 8) the caller may archive: the others stay selected for other actions.
  const archivable = (files.files.data?.data ?? [])
    .filter(
      (r) =>
        files.selected.includes(r.fileId) && r.status === DocStatus.Processed && r.abilities.includes('archiveDoc'),
    )
    .map((r) => ({
      fileId: r.fileId,
      fileVersionId: r.fileVersionId,
      name: r.file_name,
      effectiveDate: r.effective_date,
    }));

  return (
    <>
      <FolderSplit
        prefix="document"
        tree={
          <FolderTree
            prefix="document"
            title={t('document.folders')}
            allLabel={t('document.allFiles')}
            emptyText={t('document.emptyTree')}
            roots={roots}
            loading={tree.isFetching}
            folderId={files.folderId}
            onChoose={files.chooseFolder}
          />
        }
      >
        <Card
          size="small"
          title={
            <FolderBreadcrumb
              prefix="document"
              allLabel={t('document.allFiles')}
              roots={roots}
              folderId={files.folderId}
              onChoose={files.chooseFolder}
            />
          }
        >
          <Tabs
            id="document-tabs"
            destroyOnHidden
            items={[
              {
                key: 'files',
                label: <span id="document-files-tab">{t('document.files')}</span>,
                children: (
                  <FilesTab
                    files={files}
                    actions={actions}
                    folder={folder}
                    canCreate={canCreate}
                    allowedTypes={allowedTypes}
                    packButton={
                      <>
                        <ArchiveSelectedButton docs={archivable} onArchived={() => files.setSelected([])} />
                        <PackSelectedButton fileIds={files.selected} onCreated={() => files.setSelected([])} />
                      </>
                    }
                    sendButton={
                      <SendSelectedButton fileIds={files.selected} names={names} onSent={() => files.setSelected([])} />
                    }
                  />
                ),
              },
              {
                key: 'recycle',
                label: <span id="recycle-bin">{t('document.recycleBin')}</span>,
                children: <RecycleBin roots={roots} />,
              },
              {
                key: 'downloads',
                label: <span id="download-center-tab">{t('download.tab')}</span>,
                children: <DownloadTasks mine />,
              },
            ]}
          />
        </Card>
      </FolderSplit>
      <DocumentFormModal
        open={actions.creating}
        folder={folder}
        roots={roots}
        all={all}
        allowedTypes={allowedTypes}
        onClose={() => actions.setCreating(false)}
      />
      <DocumentEditModal
        target={actions.editing}
        allowedTypes={allowedTypes}
        onClose={() => actions.setEditing(null)}
      />
      <RenameModal row={actions.renaming} onClose={() => actions.setRenaming(null)} />
      <FolderPickModal
        open={moving !== null}
        title={t('document.moveTitle', { count: moving?.length ?? 0 })}
        roots={roots}
        okId="document-move-ok"
        pending={actions.movePending}
        onPick={actions.move}
        onClose={() => actions.setMoving(null)}
      />
      <VersionsDrawer row={actions.versionsOf} onClose={() => actions.setVersionsOf(null)} />
      <CommentsDrawer row={actions.commentsOf} onClose={() => actions.setCommentsOf(null)} />
      <TrailDrawer row={actions.trailOf} onClose={() => actions.setTrailOf(null)} />
    </>
  );
}
