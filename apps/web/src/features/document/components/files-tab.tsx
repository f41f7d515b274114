import { FileAddOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FileRow } from '@edoc/contract/document';
import type { FolderNode } from '@edoc/contract/folder';
import type { DocumentView } from '../api';
import { folderLabel } from '../folders';
import type { RowActions } from '../hooks/use-row-actions';
import type { WorkspaceFiles } from '../hooks/use-workspace-files';
import { ColumnSettings, useTableLayout } from './column-settings';
import { FileFilters } from './file-filters';
import { FileTable } from './file-table';
import { SelectionMenu } from './selection-menu';
import { UploadMany } from './upload-many';

/** The same empty list each render, for the memoised table. */
const NO_ROWS: FileRow[] = [];

/** The workspace's Files tab: view, search, the toolbar, filters, drop zone of the chosen folder, the table. */
export function FilesTab(props: {
  files: WorkspaceFiles;
  actions: RowActions;
  folder: FolderNode | null;
  canCreate: boolean;
  allowedTypes: string[];
  /** The selected rows' actions (move, send, pack, archive, delete), composed by the page from the features. */
  selectionMenu: MenuProps;
  /** The document open in the side panel, and opening one. */
  openId: number | null;
  onOpen: (fileId: number) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { files, actions, folder } = props;
  const { list, selected } = files;
  const [layout, setLayout] = useTableLayout();
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Segmented<DocumentView>
          id="document-view"
          value={files.view}
          onChange={files.changeView}
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
          <ColumnSettings layout={layout} onChange={setLayout} />
          <SelectionMenu count={selected.length} menu={props.selectionMenu} onClear={() => files.setSelected([])} />
          {props.canCreate ? (
            <Button
              id="document-create"
              type="primary"
              icon={<FileAddOutlined />}
              onClick={() => actions.setCreating(true)}
            >
              {t('document.create')}
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <FileFilters onChange={files.changeFilters} />
      {folder?.isEnabled && folder.canCreateFile ? (
        <UploadMany folder={folder} label={folderLabel(folder, i18n.language)} allowedTypes={props.allowedTypes} />
      ) : null}
      <FileTable
        rows={files.files.data?.data ?? NO_ROWS}
        loading={files.files.isFetching}
        pagination={files.pagination(files.files.data?.total, files.files.data?.capped)}
        sort={files.sort.sort}
        order={files.sort.order}
        searching={!!list.searchValue}
        selected={selected}
        onSelect={files.setSelected}
        onSort={(s, o) => files.setSort({ sort: s, order: o })}
        onAction={actions.onAction}
        onDelete={actions.remove}
        layout={layout}
        onLayout={setLayout}
        selectionMenu={props.selectionMenu}
        openId={props.openId}
        onOpen={(row) => props.onOpen(row.fileId)}
        onClose={props.onClose}
        emptyHint={
          files.view !== 'all'
            ? t('document.emptyView')
            : folder?.isEnabled && folder.canCreateFile
              ? t('document.emptyFolder')
              : !folder && props.canCreate
                ? t('document.emptyPick')
                : t('document.empty')
        }
      />
    </Flex>
  );
}
