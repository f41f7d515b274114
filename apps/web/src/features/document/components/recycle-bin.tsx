import { useState } from 'react';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Empty, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RecycledRow } from '@edoc/contract/document-edit';
import type { FolderNode } from '@edoc/contract/folder';
import { isApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { folderKeys } from '../../folder/api';
import { documentKeys, listRecycled, purgeDocument, restoreDocument } from '../api';
import { FolderPickModal } from './small-modals';

const ADMIN_ROLES = ['STU_PM', 'COMPANY_ADMIN'];

/**
 * What the caller deleted (everything, for project administrators): restore to the old folder, or to a chosen
 * one when it is gone or the name is taken there; purge for good, administrators only.
 */
export function RecycleBin({ roots }: { roots: FolderNode[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const admin = ADMIN_ROLES.includes(session.roleCode ?? '');
  const [picking, setPicking] = useState<RecycledRow | null>(null);
  const list = useQuery({ queryKey: documentKeys.recycle(session.projectId), queryFn: listRecycled });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentKeys.all }),
      queryClient.invalidateQueries({ queryKey: folderKeys.all }),
    ]);
  const restore = useMutation({
    mutationFn: (v: { row: RecycledRow; folderId?: number }) => restoreDocument(v.row.fileId, v.folderId),
    meta: { silentError: true },
    onSuccess: async (_d, v) => {
      setPicking(null);
      void message.success(t('document.recycle.restored', { name: v.row.file_name }));
      await refresh();
    },
    onError: (error, v) => {
      showError(error);
      // The name is taken in the old folder meanwhile: another folder may do.
      if (isApiError(error) && error.errorCode === 'duplicate_file_name') setPicking(v.row);
    },
  });
  const purge = useMutation({
    mutationFn: (row: RecycledRow) => purgeDocument(row.fileId),
    onSuccess: async (_d, row) => {
      void message.success(t('document.recycle.purged', { name: row.file_name }));
      await refresh();
    },
  });

  const columns: TableColumnsType<RecycledRow> = [
    { title: t('document.recycle.name'), dataIndex: 'file_name' },
    {
      title: t('document.recycle.folder'),
      dataIndex: 'folder',
      render: (name: string | null, row) =>
        row.folderId === null ? (
          <Typography.Text type="secondary">{t('document.recycle.folderGone')}</Typography.Text>
        ) : (
          name
        ),
    },
    { title: t('document.recycle.version'), dataIndex: 'version_no' },
    { title: t('document.recycle.deletedBy'), dataIndex: 'deletedBy' },
    { title: t('document.recycle.deletedAt'), dataIndex: 'deletedtime', render: formatDateTime },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_v, row) => (
        <Space size={0}>
          <Button
            id={`recycle-restore-${row.fileId}`}
            type="link"
            size="small"
            icon={<UndoOutlined />}
            onClick={() => (row.folderId === null ? setPicking(row) : restore.mutate({ row }))}
          >
            {t('document.recycle.restore')}
          </Button>
          {admin ? (
            <Popconfirm
              title={t('document.recycle.purgeConfirm', { name: row.file_name })}
              description={t('document.recycle.purgeConfirmText')}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ id: `recycle-purge-${row.fileId}-ok`, danger: true }}
              onConfirm={() => purge.mutateAsync(row)}
            >
              <Button id={`recycle-purge-${row.fileId}`} type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('document.recycle.purge')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<RecycledRow>
        id="recycle-table"
        rowKey="fileId"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={{ pageSize: session.pageSize, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('document.recycle.empty')} /> }}
      />
      <FolderPickModal
        open={picking !== null}
        title={picking ? t('document.recycle.restoreTitle', { name: picking.file_name }) : ''}
        roots={roots}
        okId="recycle-restore-ok"
        pending={restore.isPending}
        onPick={(folderId) => restore.mutate({ row: picking!, folderId })}
        onClose={() => setPicking(null)}
      />
    </>
  );
}
