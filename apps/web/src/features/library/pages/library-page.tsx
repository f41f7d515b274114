import { useRef, useState } from 'react';
import { App, Flex, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LibraryRow } from '@edoc/contract/library';
import { FolderBrowser } from '../../../components/folder-tree/folder-browser';
import { useLibraryTree, useMarkInvalid, useRecall } from '../api';
import { DeleteApplyDialog, type DeleteTarget } from '../components/delete-apply-dialog';
import { LibraryTable, rowMenuId, type RecordChange } from '../components/library-table';
import { RefileDialog, RetitleDialog, type LibraryRecord } from '../components/record-dialogs';
import { useLibraryList } from '../hooks/use-library-files';

/**
 * /file: the library folders on the left, the archived documents of the chosen one (or all) on the right (issue
 * 11). Approving or rejecting a deletion is left to the approver's task list: the list rows carry no application id.
 */
export function LibraryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tree, roots, separate, mayDelete } = useLibraryTree();
  const state = useLibraryList();
  const { list, files } = state;
  const recall = useRecall();
  const invalid = useMarkInvalid();
  const [applying, setApplying] = useState<DeleteTarget | null>(null);
  const [changing, setChanging] = useState<{ change: RecordChange; record: LibraryRecord } | null>(null);
  // The row's menu the action was chosen in: the focus goes back to it when the dialog closes.
  const menuOf = useRef<string | null>(null);
  const afterClose = () => document.getElementById(menuOf.current ?? '')?.focus();
  const change = (c: RecordChange, row: LibraryRow) => {
    menuOf.current = rowMenuId(row);
    setChanging({ change: c, record: { fileId: row.fileId, name: row.file_name, folderId: row.folderId } });
  };
  const recordFor = (c: RecordChange) => (changing?.change === c ? changing.record : null);

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
                <label htmlFor="library-show-invalid">{t('library.showInvalid')}</label>
              </Space>
              <Space size={6}>
                <Switch
                  id="library-show-superseded"
                  size="small"
                  checked={state.showSuperseded}
                  onChange={state.toggleSuperseded}
                />
                <label htmlFor="library-show-superseded">{t('library.showSuperseded')}</label>
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
            mayRefile={separate}
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
            onApplyDelete={(row) => {
              menuOf.current = rowMenuId(row);
              setApplying({ fileId: row.fileId, name: row.file_name });
            }}
            onRecordChange={change}
          />
        </Flex>
      </FolderBrowser>
      <DeleteApplyDialog row={applying} onClose={() => setApplying(null)} afterClose={afterClose} />
      <RefileDialog
        record={recordFor('refile')}
        onClose={() => setChanging(null)}
        afterClose={afterClose}
        // Moved out of the folder shown: the last row of a page leaves it empty.
        onDone={() => state.folderId !== null && list.stepBackIfEmpty(files.data?.data.length ?? 0)}
      />
      <RetitleDialog record={recordFor('retitle')} onClose={() => setChanging(null)} afterClose={afterClose} />
    </>
  );
}
