import { useState } from 'react';
import { App, Flex, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FolderBrowser } from '../../../components/folder-tree/folder-browser';
import { useLibraryTree, useMarkInvalid, useRecall } from '../api';
import { DeleteApplyDialog, type DeleteTarget } from '../components/delete-apply-dialog';
import { LibraryTable } from '../components/library-table';
import { useLibraryList } from '../hooks/use-library-files';

/**
 * /file: the library folders on the left, the archived documents of the chosen one (or all) on the right (issue
 * 11). Approving or rejecting a deletion is left to the approver's task list: the list rows carry no application id.
 */
export function LibraryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tree, roots, mayDelete } = useLibraryTree();
  const state = useLibraryList();
  const { list, files } = state;
  const recall = useRecall();
  const invalid = useMarkInvalid();
  const [applying, setApplying] = useState<DeleteTarget | null>(null);

  return (
    <>
      <FolderBrowser
        prefix="library"
        labels={{ folders: t('library.folders'), allFiles: t('library.allFiles'), emptyTree: t('library.emptyTree') }}
        roots={roots}
        loading={tree.isFetching}
        folderId={state.folderId}
        onChoose={state.chooseFolder}
      >
        <Flex vertical gap={16}>
          <Flex gap={16} wrap justify="space-between" align="center">
            <Input.Search
              id="library-search"
              style={{ maxWidth: 320 }}
              allowClear
              placeholder={t('library.searchPlaceholder')}
              aria-label={t('library.searchPlaceholder')}
              onSearch={list.search}
            />
            <Space size={16} wrap>
              <Space size={6}>
                <Switch
                  id="library-show-invalid"
                  size="small"
                  checked={state.showInvalid}
                  onChange={state.toggleInvalid}
                />
                <Typography.Text>{t('library.showInvalid')}</Typography.Text>
              </Space>
              <Space size={6}>
                <Switch
                  id="library-show-superseded"
                  size="small"
                  checked={state.showSuperseded}
                  onChange={state.toggleSuperseded}
                />
                <Typography.Text>{t('library.showSuperseded')}</Typography.Text>
              </Space>
            </Space>
          </Flex>
          <LibraryTable
            rows={files.data?.data ?? []}
            loading={files.isFetching}
            pagination={list.pagination(files.data?.total, files.data?.capped)}
            sort={state.sort.sort}
            order={state.sort.order}
            searching={!!list.searchValue}
            mayApplyDelete={mayDelete}
            onSort={(sort, order) => state.setSort({ sort, order })}
            onRecall={(row) =>
              recall.mutateAsync(row.fileId).then(() => {
                void message.success(t('library.recalled', { name: row.file_name }));
                list.stepBackIfEmpty(files.data?.data.length ?? 0);
              })
            }
            onInvalid={(row) =>
              invalid
                .mutateAsync({ fileId: row.fileId, fileInvalid: !row.takeFileInvalid })
                .then(() => void message.success(t('common.saved')))
            }
            onApplyDelete={(row) => setApplying({ fileId: row.fileId, name: row.file_name })}
          />
        </Flex>
      </FolderBrowser>
      <DeleteApplyDialog row={applying} onClose={() => setApplying(null)} />
    </>
  );
}
