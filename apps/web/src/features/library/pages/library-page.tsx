import { useState } from 'react';
import { App, Card, Col, Flex, Input, Row, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { folderLabel } from '../../document/folders';
import { useLibraryTree, useMarkInvalid, useRecall } from '../api';
import { DeleteApplyDialog, type DeleteTarget } from '../components/delete-apply-dialog';
import { LibraryTable } from '../components/library-table';
import { LibraryTreeCard } from '../components/library-tree-card';
import { useLibraryList } from '../hooks/use-library-files';

/**
 * /file: the library folders on the left, the archived documents of the chosen one (or all) on the right (issue
 * 11). Approving or rejecting a deletion is left to the approver's task list: the list rows carry no application id.
 */
export function LibraryPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { tree, roots, all, mayDelete } = useLibraryTree();
  const state = useLibraryList();
  const { list, files } = state;
  const folder = all.find((f) => f.folderId === state.folderId) ?? null;
  const recall = useRecall();
  const invalid = useMarkInvalid();
  const [applying, setApplying] = useState<DeleteTarget | null>(null);

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6} xl={5}>
        <LibraryTreeCard
          roots={roots}
          loading={tree.isFetching}
          folderId={state.folderId}
          onChoose={state.chooseFolder}
        />
      </Col>
      <Col xs={24} lg={18} xl={19}>
        <Card size="small" title={folder ? folderLabel(folder, i18n.language) : t('library.allFiles')}>
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
              pagination={list.pagination(files.data?.total)}
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
        </Card>
      </Col>
      <DeleteApplyDialog row={applying} onClose={() => setApplying(null)} />
    </Row>
  );
}
