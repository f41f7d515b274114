import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FolderBrowser } from '../../../components/folder-tree/folder-browser';
import { FileTrail } from '../../trail/components/file-trail';
import { DownloadTasks } from '../../download/components/download-tasks';
import { useAllowedTypes } from '../api';
import { DocumentEditModal } from '../components/document-edit-modal';
import { DocumentFormModal } from '../components/document-form-modal';
import { FilesTab } from '../components/files-tab';
import { RecycleBin } from '../components/recycle-bin';
import { FolderPickModal } from '../../../components/folder-pick-modal';
import { RenameModal } from '../components/small-modals';
import { WorkflowTimeline } from '../../workflow/components/workflow-timeline';
import { SourceFacts } from '../../exchange-import/components/source-facts';
import { DocumentIssues } from '../../quality-issue/components/document-issues';
import { DocumentPanel } from '../components/document-panel';
import { useWorkTree } from '../../folder/work-tree';
import { mayCreateIn } from '../folders';
import { useOpenDocument } from '../hooks/use-open-document';
import { useRowActions } from '../hooks/use-row-actions';
import { useWorkspaceFiles } from '../hooks/use-workspace-files';
import { useSelectionMenu } from './use-selection-menu';

/** /work: the work folders on the left, the documents of the chosen one (or all) on the right (issue 4). */
export function WorkspacePage() {
  const { t } = useTranslation();
  const { tree, roots, all } = useWorkTree();
  const files = useWorkspaceFiles();
  const panel = useOpenDocument();
  const actions = useRowActions(files, panel);
  const types = useAllowedTypes();
  const allowedTypes = types.data ?? [];
  const folder = all.find((f) => f.folderId === files.folderId) ?? null;
  const canCreate = all.some((f) => f.isEnabled && f.canCreateFile);
  const { moving } = actions;
  const selection = useSelectionMenu(files, actions);

  return (
    <>
      <FolderBrowser
        prefix="document"
        labels={{
          folders: t('document.folders'),
          allFiles: t('document.allFiles'),
          emptyTree: t('document.emptyTree'),
        }}
        roots={roots}
        loading={tree.isFetching}
        folderId={files.folderId}
        onChoose={files.chooseFolder}
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
                  openId={panel.docId}
                  onOpen={(fileId) => panel.open(fileId, panel.tab)}
                  onClose={panel.close}
                  selectionMenu={selection.menu}
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
      </FolderBrowser>
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
        choosable={mayCreateIn}
        label={t('document.targetFolder')}
        selectId="document-target-folder"
        okId="document-move-ok"
        pending={actions.movePending}
        onPick={actions.move}
        onClose={() => actions.setMoving(null)}
      />
      {selection.dialogs}
      <DocumentPanel
        open={panel}
        onAction={actions.onAction}
        onDelete={actions.remove}
        parts={{
          flow: (row) => <WorkflowTimeline fileId={row.fileId} />,
          trail: (row) => <FileTrail fileId={row.fileId} />,
          quality: (row) => (
            <DocumentIssues target={{ documentId: row.fileId, folderId: row.folderId, versionNo: row.version_no }} />
          ),
          source: (row) => <SourceFacts documentId={row.fileId} />,
        }}
      />
    </>
  );
}
