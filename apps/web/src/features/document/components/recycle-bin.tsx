import { useState } from 'react';
import { DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { App, Button, Empty, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecycledRow } from '@edoc/contract/document-edit';
import { folderNameIn, type FolderNode } from '@edoc/contract/folder';
import { isApiError } from '../../../lib/api-client';
import { showError } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { usePurgeDocument, useRecycled, useRestoreDocument } from '../api';
import { FolderPickModal } from '../../../components/folder-pick-modal';
import { mayCreateIn } from '../folders';

/**
 * What the caller deleted (everything, for project administrators): restore to the old folder, or to a chosen
 * one when it is gone or the name is taken there; purge for good, administrators only.
 */
export function RecycleBin({ roots }: { roots: FolderNode[] }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  // Project administration as the server grants it with the project (issue 24).
  const admin = session.fullAccess;
  const [picking, setPicking] = useState<RecycledRow | null>(null);
  const list = useRecycled();

  const restoreDocument = useRestoreDocument({ silentError: true });
  const restore = (row: RecycledRow, folderId?: number) =>
    restoreDocument.mutate(
      { fileId: row.fileId, folderId },
      {
        onSuccess: () => {
          setPicking(null);
          void message.success(t('document.recycle.restored', { name: row.file_name }));
        },
        onError: (error) => {
          showError(error);
          // The name is taken in the old folder meanwhile: another folder may do.
          if (isApiError(error) && error.errorCode === 'duplicate_file_name') setPicking(row);
        },
      },
    );
  const purgeDocument = usePurgeDocument();
  const purge = (row: RecycledRow) =>
    purgeDocument
      .mutateAsync(row.fileId)
      .then(() => void message.success(t('document.recycle.purged', { name: row.file_name })));

  const columns: TableColumnsType<RecycledRow> = [
    { title: t('document.recycle.name'), dataIndex: 'file_name' },
    {
      title: t('document.recycle.folder'),
      dataIndex: 'folder',
      render: (name: string | null, row) =>
        row.folderId === null ? (
          <Typography.Text type="secondary">{t('document.recycle.folderGone')}</Typography.Text>
        ) : (
          folderNameIn(i18n.language, name ?? '', row.folderEn)
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
            onClick={() => (row.folderId === null ? setPicking(row) : restore(row))}
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
              onConfirm={() => purge(row)}
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
        choosable={mayCreateIn}
        label={t('document.targetFolder')}
        selectId="document-target-folder"
        okId="recycle-restore-ok"
        pending={restoreDocument.isPending}
        onPick={(folderId) => restore(picking!, folderId)}
        onClose={() => setPicking(null)}
      />
    </>
  );
}
