import { useMemo, useState } from 'react';
import { DragOutlined, FileAddOutlined, FolderOpenOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Row,
  Segmented,
  Tabs,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import type { FolderNode } from '@edoc/contract/folder';
import { useListState } from '../../../lib/use-list-state';
import { useSession } from '../../../lib/session';
import { folderKeys } from '../../folder/api';
import {
  deleteDocument,
  documentKeys,
  listAllowedTypes,
  listFiles,
  moveDocuments,
  type SortField,
  type DocumentView,
} from '../api';
import { TrailDrawer } from '../../audit/components/trail-drawer';
import { downloadByTicket } from '../../download/api';
import { FileFilters, type ListFilters } from '../components/file-filters';
import { CommentsDrawer } from '../components/comments-drawer';
import { DocumentEditModal, type EditTarget } from '../components/document-edit-modal';
import { DocumentFormModal } from '../components/document-form-modal';
import { FileTable, type RowAction } from '../components/file-table';
import { RecycleBin } from '../components/recycle-bin';
import { FolderPickModal, RenameModal } from '../components/small-modals';
import { UploadMany } from '../components/upload-many';
import { VersionsDrawer } from '../components/versions-drawer';
import { folderLabel, useWorkTree } from '../folders';
import { DownloadTasks } from '../../download/components/download-tasks';
import { PackSelectedButton } from '../../download/components/pack-dialog';

function toTreeData(nodes: FolderNode[], lang: string): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.folderId,
    // A folder without a grant is shown, greyed and not selectable, with a count of 0 (SPEC §6).
    disabled: !n.isEnabled,
    title: (
      <span id={`document-folder-${n.folderId}`}>
        {folderLabel(n, lang)} <Typography.Text type="secondary">({n.isEnabled ? n.fileCount : 0})</Typography.Text>
      </span>
    ),
    children: toTreeData(n.children, lang),
  }));
}

/** /work: the work folders on the left, the documents of the chosen one (or all) on the right (issue 4). */
export function WorkspacePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const { tree, roots, all } = useWorkTree();
  const list = useListState();
  const [folderId, setFolderId] = useState<number | null>(null);
  const [sort, setSort] = useState<{ sort: SortField; order: 'asc' | 'desc' }>({ sort: 'updatedAt', order: 'desc' });
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [renaming, setRenaming] = useState<FileRow | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const [versionsOf, setVersionsOf] = useState<FileRow | null>(null);
  const [commentsOf, setCommentsOf] = useState<FileRow | null>(null);
  const [trailOf, setTrailOf] = useState<FileRow | null>(null);
  const [view, setView] = useState<DocumentView>('all');
  const [filters, setFilters] = useState<ListFilters>({});

  const folder = all.find((f) => f.folderId === folderId) ?? null;
  const params = {
    folderId,
    pageNum: list.pageNum,
    pageSize: list.pageSize,
    name: list.searchValue,
    sort: sort.sort,
    order: sort.order,
    view,
    ...filters,
  };
  const files = useQuery({
    queryKey: documentKeys.list(session.projectId, params),
    queryFn: () => listFiles(params),
    placeholderData: keepPreviousData,
  });
  const types = useQuery({ queryKey: documentKeys.types(session.projectId), queryFn: listAllowedTypes });
  const allowedTypes = types.data ?? [];
  const canCreate = all.some((f) => f.isEnabled && f.canCreateFile);
  const treeData = useMemo(() => toTreeData(roots, i18n.language), [roots, i18n.language]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      queryClient.invalidateQueries({ queryKey: folderKeys.all }),
    ]);
  const download = useMutation({
    mutationFn: (row: FileRow) =>
      downloadByTicket({ kind: 'document', fileId: row.fileId, fileVersionId: row.fileVersionId ?? undefined }),
  });
  const remove = useMutation({
    mutationFn: (row: FileRow) => deleteDocument(row.fileId),
    onSuccess: async (_d, row) => {
      void message.success(t('document.deleted', { name: row.file_name }));
      setSelected((ids) => ids.filter((id) => id !== row.fileId));
      list.stepBackIfEmpty(files.data?.data.length ?? 0);
      await refresh();
    },
  });
  const move = useMutation({
    mutationFn: (v: { ids: number[]; folderId: number }) => moveDocuments(v.ids, v.folderId),
    onSuccess: async () => {
      void message.success(t('document.moved'));
      setMoving(null);
      setSelected([]);
      await refresh();
    },
  });

  const chooseFolder = (id: number | null) => {
    setFolderId(id);
    setSelected([]);
    list.search(list.searchValue); // back to page 1
  };

  const onAction = (action: RowAction, row: FileRow) => {
    if (action === 'download') download.mutate(row);
    else if (action === 'newVersion') setEditing({ mode: 'version', row });
    else if (action === 'editMeta') setEditing({ mode: 'meta', row });
    else if (action === 'rename') setRenaming(row);
    else if (action === 'move') setMoving([row.fileId]);
    else if (action === 'versions') setVersionsOf(row);
    else if (action === 'trail') setTrailOf(row);
    else setCommentsOf(row);
  };

  const filesTab = (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Segmented<DocumentView>
          id="document-view"
          value={view}
          onChange={(next) => {
            setView(next);
            list.search(list.searchValue); // back to page 1
          }}
          options={[
            { value: 'all', label: t('document.view.all') },
            { value: 'mine', label: t('document.view.mine') },
            { value: 'recent', label: t('document.view.recent') },
          ]}
        />
        <Input.Search
          id="document-search"
          style={{ maxWidth: 320 }}
          allowClear
          placeholder={t('document.searchPlaceholder')}
          aria-label={t('document.searchPlaceholder')}
          onSearch={list.search}
        />
        <Flex gap={8} wrap>
          {selected.length > 0 ? (
            <Button id="document-move-selected" icon={<DragOutlined />} onClick={() => setMoving(selected)}>
              {t('document.action.moveSelected', { count: selected.length })}
            </Button>
          ) : null}
          <PackSelectedButton fileIds={selected} onCreated={() => setSelected([])} />
          {canCreate ? (
            <Button id="document-create" type="primary" icon={<FileAddOutlined />} onClick={() => setCreating(true)}>
              {t('document.create')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <FileFilters
        onChange={(next) => {
          setFilters(next);
          list.search(list.searchValue); // back to page 1
        }}
      />
      {folder?.isEnabled && folder.canCreateFile ? (
        <UploadMany
          key={folder.folderId}
          folder={folder}
          label={folderLabel(folder, i18n.language)}
          allowedTypes={allowedTypes}
        />
      ) : null}
      <FileTable
        rows={files.data?.data ?? []}
        loading={files.isFetching}
        pagination={list.pagination(files.data?.total)}
        sort={sort.sort}
        order={sort.order}
        searching={!!list.searchValue}
        selected={selected}
        onSelect={setSelected}
        onSort={(s, o) => setSort({ sort: s, order: o })}
        onAction={onAction}
        onDelete={(row) => remove.mutateAsync(row)}
      />
    </Flex>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card size="small" title={t('document.folders')}>
          <Button
            id="document-all-files"
            type={folderId === null ? 'primary' : 'text'}
            ghost={folderId === null}
            icon={<FolderOpenOutlined />}
            block
            style={{ justifyContent: 'flex-start', marginBottom: 8 }}
            onClick={() => chooseFolder(null)}
          >
            {t('document.allFiles')}
          </Button>
          {roots.length ? (
            <Tree
              showLine
              blockNode
              defaultExpandAll
              selectedKeys={folderId ? [folderId] : []}
              onSelect={(keys) => chooseFolder(keys.length ? Number(keys[0]) : null)}
              treeData={treeData}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree.isFetching ? '' : t('document.emptyTree')} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card size="small" title={folder ? folderLabel(folder, i18n.language) : t('document.allFiles')}>
          <Tabs
            id="document-tabs"
            destroyOnHidden
            items={[
              { key: 'files', label: <span id="document-files-tab">{t('document.files')}</span>, children: filesTab },
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
      </Col>
      <DocumentFormModal
        open={creating}
        folder={folder}
        roots={roots}
        all={all}
        allowedTypes={allowedTypes}
        onClose={() => setCreating(false)}
      />
      <DocumentEditModal target={editing} allowedTypes={allowedTypes} onClose={() => setEditing(null)} />
      <RenameModal row={renaming} onClose={() => setRenaming(null)} />
      <FolderPickModal
        open={moving !== null}
        title={t('document.moveTitle', { count: moving?.length ?? 0 })}
        roots={roots}
        okId="document-move-ok"
        pending={move.isPending}
        onPick={(target) => move.mutate({ ids: moving ?? [], folderId: target })}
        onClose={() => setMoving(null)}
      />
      <VersionsDrawer row={versionsOf} onClose={() => setVersionsOf(null)} />
      <CommentsDrawer row={commentsOf} onClose={() => setCommentsOf(null)} />
      <TrailDrawer row={trailOf} onClose={() => setTrailOf(null)} />
    </Row>
  );
}
